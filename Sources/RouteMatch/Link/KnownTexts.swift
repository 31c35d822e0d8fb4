/// The schemes and hosts a table names (lower-cased), which the reader gives a link instead of
/// making a text of its own: a link from one of the table's origins costs no `String` for its
/// scheme or its host. (A query key is not given one: an item's texts are made only when a
/// route reads it, and its key is compared as the link's own bytes.)
///
/// Compared byte by byte, ASCII letters without regard to case (as schemes and hosts are
/// compared). At most ``capacity`` texts, tried in order, so that a table of many hosts does
/// not make every link compare with each.
///
/// A class: handed to the reader by reference, its arrays are not retained one by one.
final class KnownTexts: Sendable {
    /// How many texts are kept.
    static let capacity = 8

    /// A known text and where its UTF-8 stands in ``bytes``.
    private struct Entry {
        let text: String
        let start: Int
        let count: Int
    }

    private let entries: [Entry]
    /// The texts' UTF-8, one after the other.
    private let bytes: [UInt8]

    /// No known text.
    static let none = KnownTexts([])

    /// Known texts for `texts` (lower-cased schemes and hosts); empty ones and repeats are left
    /// out.
    init(_ texts: [String]) {
        var chosen: [String] = []
        for text in texts where !text.isEmpty && !chosen.contains(text) {
            guard chosen.count < KnownTexts.capacity else { break }
            chosen.append(text)
        }
        // Sized exactly: a table keeps them for good.
        var entries: [Entry] = [], bytes: [UInt8] = []
        entries.reserveCapacity(chosen.count)
        bytes.reserveCapacity(chosen.reduce(0) { $0 + $1.utf8.count })
        for text in chosen {
            entries.append(Entry(text: text, start: bytes.count, count: text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        (self.entries, self.bytes) = (entries, bytes)
    }

    /// The known text that `source[range]` spells (ASCII letters in any case), if any.
    @inline(__always)
    func text(spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { known -> String? in
            // By index: iterating the entries would copy (retain) each one's text.
            let spelled = ByteText.part(of: source, start: range.lowerBound, count: range.count)
            for index in entries.indices where entries[index].count == range.count {
                let text = ByteText.part(of: known, start: entries[index].start, count: entries[index].count)
                if ByteText.equal(spelled, ignoringASCIICaseTo: text) { return entries[index].text }
            }
            return nil
        }
    }
}
