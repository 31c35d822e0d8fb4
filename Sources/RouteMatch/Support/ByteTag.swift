/// A text's first eight UTF-8 bytes (zeros past its end) and its length, compared as two
/// integers: two texts of at most eight bytes are equal exactly when their tags are, longer
/// ones only if their tags are. What a link's query key is compared with a pattern's by first,
/// without its text being made or its bytes read again.
struct ByteTag: Equatable, Sendable {
    /// The first eight bytes, the first in the lowest byte.
    let word: UInt64
    /// The text's length in UTF-8 bytes.
    let count: Int

    /// The tag of `source[range]`.
    @inline(__always)
    init(of source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        count = range.count
        guard let base = source.baseAddress, count > 0 else {
            word = 0
            return
        }
        if range.lowerBound &+ 8 <= source.count {
            // One load where eight bytes stand from the start, masked to the text's own.
            let loaded = UInt64(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
            word = count >= 8 ? loaded : loaded & ((1 &<< UInt64(count &* 8)) &- 1)
        } else {
            var word: UInt64 = 0
            for offset in 0..<min(count, 8) { word |= UInt64(source[range.lowerBound &+ offset]) &<< UInt64(offset &* 8) }
            self.word = word
        }
    }

    /// The tag of `text`.
    init(_ text: String) {
        var copy = text
        self = copy.withUTF8 { ByteTag(of: $0, 0..<$0.count) }
    }

    /// Whether the tag is the whole text (at most eight bytes): texts with equal tags are then
    /// equal, without their bytes compared.
    @inline(__always)
    var isWhole: Bool { count <= 8 }
}
