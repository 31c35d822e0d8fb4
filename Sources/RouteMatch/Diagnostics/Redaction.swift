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
        self.init(error.input, ranges: details.redactions)
    }

    /// Redacts `text` at `ranges`; `nil` redacts all of it. (Written as UTF-8 into one buffer,
    /// read from the text where it is stored: an array of its bytes, one of each shape's and the
    /// slices between them cost a redacted summary some 2,000 of its 35,700 instructions.)
    init(_ text: String, ranges: [ByteRange]?) {
        let ranges = ranges ?? [ByteRange(0..<text.utf8.count)]
        var replaced: [Replaced] = []
        replaced.reserveCapacity(ranges.count)
        let output = ByteText.withUTF8(of: text) { bytes -> [UInt8] in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 8 * ranges.count)
            var position = 0
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound })
            where range.lowerBound >= position && range.upperBound <= bytes.count && range.lowerBound < range.upperBound {
                output.append(contentsOf: ByteText.part(of: bytes, start: position, count: range.lowerBound - position))
                let value = ByteText.part(of: bytes, start: range.lowerBound, count: range.upperBound - range.lowerBound)
                let start = output.count
                Redaction.appendShape(of: value, to: &output)
                replaced.append(Replaced(range: range, length: output.count - start))
                position = range.upperBound
            }
            output.append(contentsOf: ByteText.part(of: bytes, start: position, count: bytes.count - position))
            return output
        }
        self.text = String(decoding: output, as: UTF8.self)
        self.replaced = replaced
    }

    /// A link matched against no route, for a log line: its scheme, host and port kept, and
    /// every other part that can carry a secret (userinfo, each path segment, every query key
    /// and value, the fragment) replaced by its shape; an unreadable link entirely.
    public static func link(_ text: String) -> String {
        guard let link = try? LinkReader.components(of: text, limits: MatchLimits()) else {
            return Redaction(text, ranges: nil).text
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
        return Redaction(text, ranges: ranges).text
    }

    /// The shape of a value: its length, never its text.
    public static func shape(_ value: String) -> String {
        var output: [UInt8] = []
        ByteText.withUTF8(of: value) { appendShape(of: $0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the shape of the value whose UTF-8 is `value` (`<3 chars>`) to `output`: the only
    /// place its words are written.
    static func appendShape(of value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let count = ByteText.characterCount(value)
        output.append(UInt8(ascii: "<"))
        ByteText.appendDecimal(count, to: &output)
        ByteText.append(count == 1 ? " char>" : " chars>", to: &output)
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
