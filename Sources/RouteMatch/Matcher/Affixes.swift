/// A capture inside a segment (`id${id}`, `item-${id}.json`): whether a decoded segment or
/// query value has the literal text around the placeholder, and what it captures. The trie,
/// the evaluator and the diagnostics all ask here, so the rule is written once.
enum Affixes {
    /// The text between `prefix` and `suffix` in `value`, or `nil` when `value` lacks either or
    /// nothing is left between them. Compared byte for byte (as every literal is), never by
    /// Unicode equivalence.
    static func inner(of value: String, prefix: String, suffix: String) -> String? {
        ByteText.withUTF8(of: value) { bytes in
            // Literal text is whole scalars, so both cuts fall on scalar boundaries.
            innerRange(of: bytes, prefix: prefix, suffix: suffix).map {
                String(decoding: ByteText.part(of: bytes, start: $0.lowerBound, count: $0.count), as: UTF8.self)
            }
        }
    }

    /// The range of `bytes` (a decoded text's UTF-8) between `prefix` and `suffix`, or `nil`
    /// when the bytes lack either or nothing is left between them: ``inner(of:prefix:suffix:)``
    /// read in place, which the matcher's walk and ``PlainHit`` ask of a segment's bytes.
    @inline(__always)
    static func innerRange(of bytes: UnsafeBufferPointer<UInt8>, prefix: String, suffix: String) -> Range<Int>? {
        let count = bytes.count, prefixCount = prefix.utf8.count, suffixCount = suffix.utf8.count
        guard count > prefixCount + suffixCount,
            ByteText.equals(prefix, ByteText.part(of: bytes, start: 0, count: prefixCount)),
            ByteText.equals(suffix, ByteText.part(of: bytes, start: count - suffixCount, count: suffixCount))
        else { return nil }
        return prefixCount..<(count - suffixCount)
    }

    /// The part of `range` (raw, percent-encoded text of `text`) that decodes to the captured
    /// text: the raw bytes that decode to the first `prefixCount` and the last `suffixCount`
    /// decoded bytes are left out, so a caret covers only what was captured.
    static func capturedRange(in text: String, _ range: Range<Int>, prefixCount: Int, suffixCount: Int) -> Range<Int> {
        ByteText.withUTF8(of: text) { bytes in
            var lower = range.lowerBound
            for _ in 0..<prefixCount where lower < range.upperBound {
                lower += bytes[lower] == UInt8(ascii: "%") ? 3 : 1
            }
            var upper = range.upperBound
            // In a segment that decodes, every `%` starts an escape: three bytes back is one.
            for _ in 0..<suffixCount where upper > lower {
                upper -= upper - 3 >= lower && bytes[upper - 3] == UInt8(ascii: "%") ? 3 : 1
            }
            return min(lower, upper)..<max(lower, upper)
        }
    }
}
