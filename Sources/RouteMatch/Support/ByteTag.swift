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
            word = ByteTag.word(of: source, range)
        }
    }

    /// The first eight bytes of `source[range]` read one by one, where fewer than eight stand
    /// from its start (at a link's end). Out of line: the rare case.
    @inline(never)
    private static func word(of source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var word: UInt64 = 0
        for offset in 0..<min(range.count, 8) { word |= UInt64(source[range.lowerBound &+ offset]) &<< UInt64(offset &* 8) }
        return word
    }

    /// The tag of `text`.
    init(_ text: String) {
        self = ByteText.withUTF8(of: text) { ByteTag(of: $0, 0..<$0.count) }
    }

    /// Whether the tag is the whole text (at most eight bytes): texts with equal tags are then
    /// equal, without their bytes compared.
    @inline(__always)
    var isWhole: Bool { count <= 8 }

    /// What the tags alone say of whether the texts tagged `self` and `other` are equal:
    /// `false` when the tags differ, `true` when they are equal and whole, `nil` when they are
    /// equal and the texts longer than a tag (their bytes decide).
    @inline(__always)
    func verdict(_ other: ByteTag) -> Bool? {
        guard self == other else { return false }
        return isWhole ? true : nil
    }

    /// Whether ASCII `byte`'s bit is set in `low` (bytes 0–63) or `high` (64–127): a byte's
    /// class tested against two masks, not a comparison for each character; never for a byte
    /// of 128 or more.
    @inline(__always)
    static func inMasks(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 128 && ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
    }
}
