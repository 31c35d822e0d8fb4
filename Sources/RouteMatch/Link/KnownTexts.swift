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

    /// The known texts.
    private let texts: [String]
    /// Where each text's UTF-8 starts in ``bytes``, and after the last, the end: the text at
    /// `i` is `bytes[starts[i]..<starts[i + 1]]`. (Arrays of standard types, not one of
    /// entries: the runtime built that array's type from its mangled name on a process's
    /// first table, some 11,000 instructions.)
    private let starts: [Int]
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
        var starts: [Int] = [], bytes: [UInt8] = []
        starts.reserveCapacity(chosen.count + 1)
        bytes.reserveCapacity(chosen.reduce(0) { $0 + $1.utf8.count })
        for text in chosen {
            starts.append(bytes.count)
            ByteText.append(text, to: &bytes)
        }
        starts.append(bytes.count)
        (self.texts, self.starts, self.bytes) = (chosen, starts, bytes)
    }

    /// The known text that `source[range]` spells (ASCII letters in any case), if any.
    @inline(__always)
    func text(spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { known -> String? in
            // By index: iterating the texts would copy (retain) each one.
            let spelled = ByteText.part(of: source, start: range.lowerBound, count: range.count)
            for index in texts.indices where starts[index + 1] - starts[index] == range.count {
                let text = ByteText.part(of: known, start: starts[index], count: range.count)
                if ByteText.equal(spelled, ignoringASCIICaseTo: text) { return texts[index] }
            }
            return nil
        }
    }
}
