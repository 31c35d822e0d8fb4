/// The schemes and hosts a table names (lower-cased), and the query keys its patterns name,
/// which the reader gives a link instead of making a text of its own: a link from one of the
/// table's origins costs no `String` for its scheme or its host, nor for a query key a route
/// names.
///
/// Schemes and hosts are compared byte by byte, ASCII letters without regard to case (as
/// schemes and hosts are compared); query keys byte by byte. At most ``capacity`` texts of each
/// kind, tried in order, so that a table of many hosts or keys does not make every link compare
/// with each.
///
/// A class: handed to the reader by reference, its arrays are not retained one by one.
final class KnownTexts: Sendable {
    /// How many texts of each kind are kept.
    static let capacity = 8

    /// A known text and where its UTF-8 stands in ``bytes``.
    private struct Entry {
        let text: String
        let start: Int
        let count: Int
    }

    /// The schemes and hosts, then the query keys from ``keysStart`` on.
    private let entries: [Entry]
    private let keysStart: Int
    /// The texts' UTF-8, one after the other.
    private let bytes: [UInt8]

    /// No known text.
    static let none = KnownTexts([])

    /// Known texts for `texts` (lower-cased schemes and hosts) and `keys` (query keys); empty
    /// ones and repeats are left out.
    init(_ texts: [String], keys: [String] = []) {
        func chosen(_ kind: [String]) -> [String] {
            var chosen: [String] = []
            for text in kind where !text.isEmpty && !chosen.contains(text) {
                guard chosen.count < KnownTexts.capacity else { break }
                chosen.append(text)
            }
            return chosen
        }
        let schemesAndHosts = chosen(texts)
        let all = schemesAndHosts + chosen(keys)
        // Sized exactly: a table keeps them for good.
        var entries: [Entry] = [], bytes: [UInt8] = []
        entries.reserveCapacity(all.count)
        bytes.reserveCapacity(all.reduce(0) { $0 + $1.utf8.count })
        for text in all {
            entries.append(Entry(text: text, start: bytes.count, count: text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        (self.entries, self.keysStart, self.bytes) = (entries, schemesAndHosts.count, bytes)
    }

    /// The known text that `source[range]` spells (ASCII letters in any case), if any.
    @inline(__always)
    func text(spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        first(of: 0..<keysStart, spelledBy: source, range) { ByteText.equal($0, ignoringASCIICaseTo: $1) }
    }

    /// The known query key that `source[range]` spells exactly, if any.
    @inline(__always)
    func key(spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        first(of: keysStart..<entries.count, spelledBy: source, range) { ByteText.equal($0, $1) }
    }

    /// The first of the entries at `indices` that `source[range]` spells, as `equal` compares
    /// the spelling with an entry's bytes.
    @inline(__always)
    private func first(
        of indices: Range<Int>, spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        _ equal: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> String? {
        bytes.withUnsafeBufferPointer { known -> String? in
            // By index: iterating the entries would copy (retain) each one's text.
            let spelled = ByteText.part(of: source, start: range.lowerBound, count: range.count)
            for index in indices where entries[index].count == range.count {
                let text = ByteText.part(of: known, start: entries[index].start, count: entries[index].count)
                if equal(spelled, text) { return entries[index].text }
            }
            return nil
        }
    }
}
