/// Turns pattern text into a ``PatternAST``, collecting every syntax problem rather than
/// stopping at the first.
///
/// ```
/// pattern  := [scheme "://" host] ["/"] [segment ("/" segment)*] ["?" item ("&" item)*] ["#" value]
/// segment  := literal | [literal] "${" name "}" [literal] | "${" name "...}"   (the rest: last only)
/// item     := key "=" (literal | [literal] "${" name "}" [literal])
/// ```
enum PatternParser {
    /// The tree and every syntax problem. (A tuple, not a structure: a caller takes the two
    /// apart without copying either, where reading each out of a structure copied the tree's
    /// every array one by one, through the runtime's value witness, whose array types a
    /// process's first table then made.)
    typealias Output = (ast: PatternAST, problems: [Problem])

    /// Parses `text`. When `firstSegmentIsHost` is set (the type has no default host) and the
    /// pattern has no `scheme://host`, its first path segment becomes the host.
    static func parse(_ text: String, firstSegmentIsHost: Bool) -> Output {
        ByteText.withUTF8(of: text) { bytes in parse(bytes, text: text, firstSegmentIsHost: firstSegmentIsHost) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String, firstSegmentIsHost: Bool) -> Output {
        var output: Output = (ast: PatternAST(text: text), problems: [])
        let count = bytes.count
        var position = 0

        // scheme "://" host
        if let separator = schemeSeparator(bytes) {
            let schemeRange = 0..<separator
            let scheme = LinkReader.slice(bytes, schemeRange)
            if !isValidScheme(scheme) {
                output.problems.append(Problem(reason: .patternSyntax(.invalidScheme(scheme)), span: schemeRange))
            }
            output.ast.origin.scheme = scheme.asciiLowercased
            output.ast.origin.schemeSpan = schemeRange
            let hostStart = separator + 3
            let hostEnd = LinkReader.authorityEnd(bytes, from: hostStart)
            let hostRange = hostStart..<hostEnd
            let host = LinkReader.slice(bytes, hostRange)
            if ByteText.hasPlaceholderOpening(bytes, in: hostRange) {
                output.problems.append(Problem(reason: .patternSyntax(.placeholderInHost), span: hostRange))
            }
            output.ast.origin.host = host.asciiLowercased
            output.ast.origin.hostSpan = hostRange
            position = hostEnd
        }

        // path (up to `?` or `#`, where a link's path ends too), with the slashes in it
        let pathStart = position
        let path = LinkReader.pathEndAndSlashes(bytes, from: pathStart)
        position = path.end
        var captures = parsePath(
            bytes, pathStart..<position, slashes: path.slashes,
            hostFromSegment: firstSegmentIsHost && output.ast.origin.host == nil, into: &output)

        // query
        if position < count, bytes[position] == UInt8(ascii: "?") {
            let start = position + 1
            position = start
            while position < count, bytes[position] != UInt8(ascii: "#") { position += 1 }
            captures += parseQuery(bytes, start..<position, into: &output)
        }

        // fragment
        if position < count, bytes[position] == UInt8(ascii: "#") {
            let range = position + 1..<count
            if let parsed = parseValue(bytes, range, into: &output) {
                if parsed.value.isRest {
                    output.problems.append(Problem(reason: .patternSyntax(.restOutsidePath(parsed.value.captureName ?? "")), span: parsed.capture ?? range))
                } else {
                    if parsed.value.isCapture { captures += 1 }
                    output.ast.fragment = .init(value: parsed.value, span: range, captureSpan: parsed.capture)
                }
            }
        }

        // a rest capture stands last
        for segment in output.ast.segments.dropLast() where segment.value.isRest {
            output.problems.append(Problem(
                reason: .patternSyntax(.restNotLast(segment.value.captureName ?? "")), span: segment.span))
        }

        // duplicate placeholders: each name compared with the earlier ones (a pattern has few), not
        // kept in a `Set` (see ``IdentityTable`` for what a process's first `Set<String>` costs).
        // Most patterns have one placeholder or none: no list of them is made for those (the
        // placeholders kept were counted as they were parsed).
        if captures > 1 {
            var names: [String] = []
            var duplicates: [Problem] = []
            output.ast.forEachCapture { capture in
                if names.contains(capture.name) {
                    duplicates.append(Problem(reason: .duplicatePlaceholder(name: capture.name), span: capture.span))
                }
                names.append(capture.name)
            }
            output.problems += duplicates
        }
        return output
    }

    /// Gives `array` storage of its own size when problems left it shorter than the room reserved
    /// for it. (A pattern's segments and query items are appended into room reserved once, for as
    /// many as a pattern without problems has: a table keeps its patterns' syntax trees for as long
    /// as it lives, so their arrays are sized to their elements, and growing them append by append
    /// would allocate three times for three segments.)
    private static func trim<Element>(_ array: inout [Element], reserved: Int) {
        if array.count < reserved { array = array.trimmed() }
    }

    /// Parses the segments of the path in `range`, which holds `slashes` slashes, into
    /// `output`; returns how many of them hold a placeholder.
    private static func parsePath(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, slashes: Int, hostFromSegment: Bool,
        into output: inout Output
    ) -> Int {
        var start = range.lowerBound
        if start < range.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        guard start < range.upperBound else { return 0 }
        // The first segment read as the host is no segment.
        let firstIsHost = hostFromSegment && bytes[start] != UInt8(ascii: "/")
        // A segment between each two slashes after the leading one, and none after a trailing
        // one: exactly the segments of a path without an empty one (which is a problem), so
        // that the array is sized once.
        // (The last byte stands at or after `start`, so it is never the leading slash.)
        let trailing = bytes[range.upperBound - 1] == UInt8(ascii: "/")
        let reserved = slashes - (start > range.lowerBound ? 1 : 0) + 1 - (trailing ? 1 : 0) - (firstIsHost ? 1 : 0)
        output.ast.segments.reserveCapacity(reserved)
        defer { trim(&output.ast.segments, reserved: reserved) }
        var captures = 0
        var segmentStart = start
        var index = start
        var isFirst = true
        // What the loop has seen of the segment under way: where its first `$` stands (-1 for
        // none), and whether it holds a `%`. A segment without a `$` is searched for no
        // placeholder, one without a `%` for no escape.
        var dollar = -1
        var escapes = false
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == UInt8(ascii: "/") {
                let segmentRange = segmentStart..<index
                let isLast = index == range.upperBound
                let opening = dollar < 0 ? nil : ByteText.placeholderOpening(bytes, in: dollar..<index)
                if segmentRange.isEmpty {
                    // A single trailing slash is allowed; any other empty segment is not.
                    if !(isLast && !isFirst) {
                        output.problems.append(Problem(reason: .patternSyntax(.emptySegment), span: segmentRange))
                    }
                } else if isFirst && hostFromSegment {
                    let host = LinkReader.slice(bytes, segmentRange)
                    if opening != nil {
                        output.problems.append(Problem(reason: .patternSyntax(.placeholderInHost), span: segmentRange))
                    }
                    output.ast.origin.host = host.asciiLowercased
                    output.ast.origin.hostSpan = segmentRange
                } else if let parsed = parseValue(bytes, segmentRange, opening: opening, escapes: escapes, into: &output) {
                    if case .literal(let literal) = parsed.value, literal.utf8.count <= 2, literal == "." || literal == ".." {
                        output.problems.append(Problem(reason: .patternSyntax(.dotSegment(literal)), span: segmentRange))
                    }
                    if parsed.value.isCapture { captures += 1 }
                    output.ast.segments.append(.init(value: parsed.value, span: segmentRange, captureSpan: parsed.capture))
                }
                isFirst = false
                segmentStart = index + 1
                (dollar, escapes) = (-1, false)
            } else if bytes[index] == UInt8(ascii: "$") {
                if dollar < 0 { dollar = index }
            } else if bytes[index] == UInt8(ascii: "%") {
                escapes = true
            }
            index += 1
        }
        return captures
    }

    /// Parses the query's items into `output`; returns how many of them hold a placeholder.
    private static func parseQuery(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout Output) -> Int {
        var captures = 0
        let reserved = LinkReader.nonEmptyPieces(of: range, separatedBy: UInt8(ascii: "&"), in: bytes)
        output.ast.queryItems.reserveCapacity(reserved)
        defer { trim(&output.ast.queryItems, reserved: reserved) }
        var itemStart = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == UInt8(ascii: "&") {
                let itemRange = itemStart..<index
                itemStart = index + 1
                index += 1
                if itemRange.isEmpty { continue }
                var equals = itemRange.lowerBound
                while equals < itemRange.upperBound, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                guard equals < itemRange.upperBound else {
                    output.problems.append(Problem(reason: .patternSyntax(.queryItemWithoutValue(LinkReader.slice(bytes, itemRange))), span: itemRange))
                    continue
                }
                let keyRange = itemRange.lowerBound..<equals
                let valueRange = equals + 1..<itemRange.upperBound
                guard !keyRange.isEmpty else {
                    output.problems.append(Problem(reason: .patternSyntax(.emptyQueryKey), span: itemRange))
                    continue
                }
                if ByteText.hasPlaceholderOpening(bytes, in: keyRange) {
                    output.problems.append(Problem(reason: .patternSyntax(.placeholderInsideText), span: keyRange))
                    continue
                }
                guard let key = decodeLiteral(bytes, keyRange, into: &output) else { continue }
                guard let parsed = parseValue(bytes, valueRange, into: &output) else { continue }
                if parsed.value.isRest {
                    output.problems.append(Problem(
                        reason: .patternSyntax(.restOutsidePath(parsed.value.captureName ?? "")), span: parsed.capture ?? valueRange))
                    continue
                }
                // Compared with the items kept so far (see the placeholders above).
                if output.ast.queryItems.contains(where: { $0.key == key }) {
                    output.problems.append(Problem(reason: .duplicateQueryKey(key: key), span: keyRange))
                    continue
                }
                if parsed.value.isCapture { captures += 1 }
                output.ast.queryItems.append(.init(
                    key: key, keyTag: ByteTag(key), keySpan: keyRange, value: parsed.value, valueSpan: valueRange,
                    span: itemRange, captureSpan: parsed.capture))
                continue
            }
            index += 1
        }
        return captures
    }

    /// Literal text, or one placeholder with optional literal text around it: `${name}`,
    /// `prefix${name}suffix` or `${name...}`. Returns the value and the placeholder's span.
    private static func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout Output
    ) -> (value: PatternAST.Value, capture: Range<Int>?)? {
        parseValue(bytes, range, opening: ByteText.placeholderOpening(bytes, in: range), escapes: true, into: &output)
    }

    /// ``parseValue(_:_:into:)`` with the bytes in `range` already read: `opening` is where
    /// the first `${` stands (`nil` for none), and `escapes` is `false` only when no `%` does.
    private static func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, opening: Int?, escapes: Bool,
        into output: inout Output
    ) -> (value: PatternAST.Value, capture: Range<Int>?)? {
        guard let open = opening else {
            return decodeLiteral(bytes, range, escapes: escapes, into: &output).map { (.literal($0), nil) }
        }
        var close = open + 2
        while close < range.upperBound, bytes[close] != UInt8(ascii: "}") { close += 1 }
        guard close < range.upperBound else {
            output.problems.append(Problem(reason: .patternSyntax(.unclosedPlaceholder), span: open..<range.upperBound))
            return nil
        }
        let placeholder = open..<close + 1
        // A second placeholder in the same segment: the text between them could split in more
        // than one way, so the pattern would not say which.
        if let second = ByteText.placeholderOpening(bytes, in: placeholder.upperBound..<range.upperBound) {
            var end = second + 2
            while end < range.upperBound, bytes[end] != UInt8(ascii: "}") { end += 1 }
            output.problems.append(Problem(
                reason: .patternSyntax(.severalPlaceholders), span: second..<min(end + 1, range.upperBound)))
            return nil
        }
        // The name read as bytes (an identifier is ASCII); the text a problem quotes is made
        // only for a name that is not one.
        let inner = open + 2..<close
        let isRest = inner.count >= 3 && (close - 3..<close).allSatisfy { bytes[$0] == UInt8(ascii: ".") }
        let nameRange = isRest ? inner.lowerBound..<close - 3 : inner
        if nameRange.isEmpty {
            output.problems.append(Problem(reason: .patternSyntax(.emptyPlaceholderName), span: placeholder))
            return nil
        }
        guard isIdentifier(bytes, nameRange) else {
            // Quoted as the text reads: `...` ends it only as whole characters.
            var text = LinkReader.slice(bytes, inner)
            if text.hasSuffix("...") { text.removeLast(3) }
            output.problems.append(Problem(reason: .patternSyntax(.invalidPlaceholderName(text)), span: placeholder))
            return nil
        }
        let name = LinkReader.slice(bytes, nameRange)
        let prefixRange = range.lowerBound..<open
        let suffixRange = placeholder.upperBound..<range.upperBound
        if placeholder == range {
            return (isRest ? .rest(name) : .capture(name), placeholder)
        }
        if isRest {
            output.problems.append(Problem(reason: .patternSyntax(.restInsideText(name)), span: range))
            return nil
        }
        guard let prefix = decodeLiteral(bytes, prefixRange, escapes: escapes, into: &output),
            let suffix = decodeLiteral(bytes, suffixRange, escapes: escapes, into: &output)
        else { return nil }
        return (.affixed(prefix: prefix, name: name, suffix: suffix), placeholder)
    }

    /// The literal text of the bytes in `range`, percent-decoded, or `nil` with the problem
    /// recorded; `escapes` is `false` when the caller has found no `%` there.
    private static func decodeLiteral(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escapes: Bool = true, into output: inout Output
    ) -> String? {
        guard escapes else { return LinkReader.slice(bytes, range) }
        switch PercentDecoding.decode(bytes, range) {
        case .success(let value): return value
        case .failure(let bad):
            output.problems.append(Problem(reason: .patternSyntax(.malformedPercentEncoding(LinkReader.slice(bytes, bad.range))), span: bad.range))
            return nil
        }
    }

    // MARK: Helpers

    /// Whether the bytes in `range` (not empty) are an identifier: a letter or `_`, then
    /// letters, digits and `_`, all ASCII.
    private static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let first = bytes[range.lowerBound]
        guard LinkReader.isAlpha(first) || first == UInt8(ascii: "_") else { return false }
        return range.dropFirst().allSatisfy {
            LinkReader.isAlpha(bytes[$0]) || LinkReader.isDigit(bytes[$0]) || bytes[$0] == UInt8(ascii: "_")
        }
    }

    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, LinkReader.isAlpha(first) else { return false }
        return scheme.utf8.allSatisfy(LinkReader.isSchemeByte)
    }

    /// Where the first `://` stands, when no `/`, `?` or `#` stands before it. (Only the last
    /// byte before the first of those can begin one: the `/` after a `:` is that first.)
    private static func schemeSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = LinkReader.authorityEnd(bytes, from: 0)
        guard end >= 1, end + 1 < bytes.count, bytes[end - 1] == UInt8(ascii: ":"),
            bytes[end] == UInt8(ascii: "/"), bytes[end + 1] == UInt8(ascii: "/")
        else { return nil }
        return end - 1
    }
}
