/// A copy of a link with every value it carries (path segments that are not the closest
/// route's literals, query values, the fragment) replaced by its shape, `<3 chars>`, and the
/// mapping of spans from the original into the copy.
@_spi(Tools) public struct Redaction {
    /// The redacted link.
    let text: String
    /// Replaced ranges of the original, sorted, with the length of their replacement.
    private let replaced: [Replaced]

    /// A replaced range of the original and the length of its replacement. (A struct, not a
    /// tuple holding a `Range`: see ``ByteRange``.)
    private struct Replaced {
        let range: ByteRange
        let length: Int
    }

    init(error: RouteMatchError, details: RouteMatchError.Details) {
        self.init(error.input, ranges: details.redactions, mapping: true)
    }

    /// The error's input redacted, for a one-line form: the text alone, no span mapped onto it
    /// (the mapping not made: an array and an entry each part).
    static func text(of error: RouteMatchError, details: RouteMatchError.Details) -> String {
        text(error.input, ranges: details.redactions)
    }

    /// `text` redacted at `ranges` (`nil`: all of it), the text alone: what every one-line
    /// form writes.
    private static func text(_ text: String, ranges: [ByteRange]?) -> String {
        Redaction(text, ranges: ranges, mapping: false).text
    }

    /// Redacts `text` at `ranges`; `nil` redacts all of it; with `mapping`, keeps what
    /// ``map(_:)`` needs. (Written as UTF-8 into one buffer, read from the text where it is
    /// stored: an array of its bytes, one of each shape's and the slices between them cost a
    /// redacted summary some 2,000 of its 35,700 instructions.)
    private init(_ text: String, ranges: [ByteRange]?, mapping: Bool) {
        let ranges = ranges ?? [ByteRange(0..<text.utf8.count)]
        var replaced: [Replaced] = []
        if mapping { replaced.reserveCapacity(ranges.count) }
        let output = ByteText.withUTF8(of: text) { bytes -> [UInt8] in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 8 * ranges.count)
            var position = 0
            for range in Redaction.inOrder(ranges)
            where range.lowerBound >= position && range.upperBound <= bytes.count && range.lowerBound < range.upperBound {
                output.append(contentsOf: ByteText.part(of: bytes, start: position, count: range.lowerBound - position))
                let value = ByteText.part(of: bytes, start: range.lowerBound, count: range.upperBound - range.lowerBound)
                let start = output.count
                Redaction.appendShape(of: value, to: &output)
                if mapping { replaced.append(Replaced(range: range, length: output.count - start)) }
                position = range.upperBound
            }
            output.append(contentsOf: ByteText.part(of: bytes, start: position, count: bytes.count - position))
            return output
        }
        self.text = String(decoding: output, as: UTF8.self)
        self.replaced = replaced
    }

    /// `ranges` in the order of their starts: as they are when they come in that order, as a
    /// link's ranges to redact are found (sorting them anyway made a new array each redaction).
    private static func inOrder(_ ranges: [ByteRange]) -> [ByteRange] {
        var index = 1
        while index < ranges.count, ranges[index - 1].lowerBound <= ranges[index].lowerBound { index += 1 }
        return index < ranges.count ? ranges.sorted { $0.lowerBound < $1.lowerBound } : ranges
    }

    /// A link matched against no route, for a log line: its scheme, host and port kept, and
    /// every other part that can carry a secret (userinfo, each path segment, every query key
    /// and value, the fragment) replaced by its shape; an unreadable link entirely.
    public static func link(_ text: String) -> String {
        guard let link = try? LinkReader.components(of: text, limits: MatchLimits()) else {
            return Redaction.text(text, ranges: nil)
        }
        // The segments by index, as ``Diagnosis/redactions(view:route:)`` reads them.
        let segments = link.segments
        var ranges: [ByteRange] = []
        for index in segments.indices { ranges.append(ByteRange(segments[index].range)) }
        if let userinfo = link.userinfoRange { ranges.append(ByteRange(userinfo)) }
        for item in link.queryItems {
            ranges.append(ByteRange(item.keyRange))
            if let value = item.valueRange { ranges.append(ByteRange(value)) }
        }
        if let fragment = link.fragmentRange { ranges.append(ByteRange(fragment)) }
        return Redaction.text(text, ranges: ranges)
    }

    /// The shape of a value: its length, never its text.
    public static func shape(_ value: String) -> String {
        let count = ByteText.withUTF8(of: value) { ByteText.characterCount($0) }
        // Written on the stack, not into an array: the shape of a value of under a million
        // characters is a small string (15 bytes or fewer), which allocates nothing. (Made
        // through an array, a redacted message's shape cost some 1,500 instructions.)
        return withShape(of: count) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the shape of the value whose UTF-8 is `value` (`<3 chars>`) to `output`.
    static func appendShape(of value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        withShape(of: ByteText.characterCount(value)) { output.append(contentsOf: $0) }
    }

    /// Hands `body` the UTF-8 of the shape of a value of `count` characters (`<3 chars>`),
    /// written on the stack: the only place its words are written.
    private static func withShape<Result>(of count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // "<", at most 19 digits, " chars>".
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            put(UInt8(ascii: "<"))
            ByteText.forEachDecimalDigit(of: count, put)
            for byte in (count == 1 ? " char>" : " chars>").utf8 { put(byte) }
            return body(UnsafeBufferPointer(rebasing: buffer[..<end]))
        }
    }

    /// Maps a span of the original onto the redacted text.
    func map(_ span: Range<Int>) -> Range<Int> {
        let start = map(span.lowerBound, isEnd: false)
        return start..<max(start, map(span.upperBound, isEnd: true))
    }

    private func map(_ offset: Int, isEnd: Bool) -> Int {
        var shift = 0
        for entry in replaced {
            if offset <= entry.range.lowerBound { break }
            if offset < entry.range.upperBound || (offset == entry.range.upperBound && isEnd) {
                return entry.range.lowerBound + shift + (isEnd ? entry.length : 0)
            }
            shift += entry.length - (entry.range.upperBound - entry.range.lowerBound)
        }
        return offset + shift
    }
}
