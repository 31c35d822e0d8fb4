/// A range of a link's bytes that a diagnostic keeps, for redaction: two offsets.
///
/// Not `Range<Int>`: an array of those, or a tuple holding one, is a type the runtime builds
/// from its mangled name, checking `Range`'s requirement that `Int` be `Comparable` — on a
/// process's first diagnostic, a scan of every conformance record of the process.
struct ByteRange: Sendable, Equatable {
    /// The offset of the first byte.
    var lowerBound: Int
    /// The offset past the last byte.
    var upperBound: Int

    /// The bytes of `range`.
    init(_ range: Range<Int>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
    }

    /// The same bytes as a `Range`.
    var range: Range<Int> { lowerBound..<upperBound }
}
