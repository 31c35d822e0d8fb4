/// The schemes and hosts a table names (lower-cased), which the reader gives a link instead of
/// making a text of its own: a link from one of the table's origins costs no `String` for its
/// scheme or its host.
///
/// Compared byte by byte, ASCII letters without regard to case (as schemes and hosts are
/// compared); at most ``capacity`` texts, tried in order, so that a table of many hosts does not
/// make every link compare with each.
///
/// A class: handed to the reader by reference, its arrays are not retained one by one.
final class KnownTexts: Sendable {
    /// How many texts are kept.
    static let capacity = 8

    private let texts: [String]
    /// The texts' UTF-8, one after the other.
    private let bytes: [UInt8]
    /// Where each text's UTF-8 ends in ``bytes``.
    private let ends: [Int]

    /// No known text.
    static let none = KnownTexts([])

    /// Known texts for `texts` (lower-cased; empty ones and repeats are left out).
    init(_ texts: [String]) {
        var kept: [String] = [], bytes: [UInt8] = [], ends: [Int] = []
        for text in texts where !text.isEmpty && !kept.contains(text) && kept.count < KnownTexts.capacity {
            kept.append(text)
            bytes.append(contentsOf: text.utf8)
            ends.append(bytes.count)
        }
        (self.texts, self.bytes, self.ends) = (kept, bytes, ends)
    }

    /// The known text that `source[range]` spells (ASCII letters in any case), if any.
    @inline(__always)
    func text(spelledBy source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard !texts.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { known -> String? in
            var start = 0
            for (index, end) in ends.enumerated() {
                defer { start = end }
                guard end - start == range.count else { continue }
                var offset = 0
                while offset < range.count {
                    var byte = source[range.lowerBound + offset]
                    if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                    if byte != known[start + offset] { break }
                    offset += 1
                }
                if offset == range.count { return texts[index] }
            }
            return nil
        }
    }
}
