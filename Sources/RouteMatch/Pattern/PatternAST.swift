/// A compiled route pattern: the small syntax tree every route is matched and rendered from.
///
/// Each node keeps its UTF-8 range in ``text`` so that a definition problem can put a caret
/// under it.
struct PatternAST: Equatable, Sendable {
    /// What one path segment, query value or fragment of a pattern holds. Literal text is
    /// already percent-decoded.
    enum Value: Equatable, Hashable, Sendable {
        /// Literal text.
        case literal(String)
        /// `${name}`: the whole segment or value.
        case capture(String)
        /// `prefix${name}suffix`: literal text around one placeholder (`id${id}`,
        /// `item-${id}.json`); at least one of the two is not empty.
        // Indirect: most segments are literals or captures, and a segment keeps one word for its text.
        indirect case affixed(prefix: String, name: String, suffix: String)
        /// `${name...}`: the rest of the path, one segment or more (none for an Optional or a
        /// list). Only the last path segment holds one.
        case rest(String)

        var captureName: String? {
            switch self {
            case .literal: return nil
            case .capture(let name), .rest(let name), .affixed(_, let name, _): return name
            }
        }

        /// Whether the value holds a placeholder (it has a ``captureName``), asked without
        /// copying the name out.
        var isCapture: Bool {
            if case .literal = self { return false }
            return true
        }

        /// The value as a pattern writes it (literal text decoded).
        var patternText: String {
            switch self {
            case .literal(let text): return text
            case .capture(let name): return "${\(name)}"
            case .affixed(let prefix, let name, let suffix): return prefix + "${\(name)}" + suffix
            case .rest(let name): return "${\(name)...}"
            }
        }

        var isRest: Bool {
            if case .rest = self { return true }
            return false
        }
    }

    /// One path segment.
    struct Segment: Equatable, Sendable {
        let value: Value
        // Offsets into the pattern are kept in 32 bits (a pattern is far shorter): a table of
        // 1,000 routes keeps some 3,000 segments.
        private let start: Int32
        private let end: Int32
        private let captureStart: Int32
        private let captureEnd: Int32

        init(value: Value, span: Range<Int>, captureSpan: Range<Int>? = nil) {
            self.value = value
            (start, end) = (Int32(clamping: span.lowerBound), Int32(clamping: span.upperBound))
            (captureStart, captureEnd) = captureSpan.map { (Int32(clamping: $0.lowerBound), Int32(clamping: $0.upperBound)) } ?? (-1, -1)
        }

        var span: Range<Int> { Int(start)..<Int(end) }
        /// The placeholder's own span (`${id}` in `id${id}`), when the segment has one.
        var captureSpan: Range<Int>? { captureStart < 0 ? nil : Int(captureStart)..<Int(captureEnd) }
    }

    /// One query item: `key=${name}`, `key=prefix${name}suffix` or `key=literal`.
    struct QueryItem: Equatable, Sendable {
        let key: String
        /// The key's tag (`ByteTag(key)`), which a link's key is compared with first.
        let keyTag: ByteTag
        let keySpan: Range<Int>
        let value: Value
        let valueSpan: Range<Int>
        let span: Range<Int>
        /// The placeholder's own span, when the value has one.
        var captureSpan: Range<Int>? = nil
    }

    /// The pattern as declared.
    let text: String

    init(text: String) { self.text = text }
    /// A scheme and host written in the pattern, which few patterns have: kept out of line
    /// (zero or one element), so that a pattern without them keeps one word for them.
    private var originStorage: [Origin] = []

    /// The scheme and host a pattern writes.
    struct Origin: Equatable, Sendable {
        /// A scheme written in the pattern (`https://…`), lower-cased.
        var scheme: String?
        var schemeSpan: Range<Int>?
        /// The host: written after `scheme://`, or the first segment when the type has no
        /// default host; lower-cased.
        var host: String?
        var hostSpan: Range<Int>?
    }

    /// The scheme and host the pattern writes (`ast.origin.host`); an empty origin when it
    /// writes none. (A property, not a dynamic member lookup of the origin's parts, whose key
    /// paths the runtime would build on a table's first use.)
    var origin: Origin {
        // Read in place (no optional of an origin made and unwrapped): a route's host and
        // scheme are read for every route a table builds, and by matches.
        get { originStorage.isEmpty ? Origin() : originStorage[0] }
        set { originStorage = newValue == Origin() ? [] : [newValue] }
    }

    var segments: [Segment] = []
    var queryItems: [QueryItem] = []
    var fragment: Segment? {
        get { fragmentStorage.first }
        set { fragmentStorage = newValue.map { [$0] } ?? [] }
    }
    /// The fragment, when there is one (an array holds it out of line: most patterns have none,
    /// and an inline optional segment would make every compiled route larger).
    var fragmentStorage: [Segment] = []

    /// A placeholder and its span.
    ///
    /// (A struct, not a tuple: an array of tuples has its type built at run time on first use,
    /// and the `Range<Int>` in it makes the runtime look up `Int: Comparable` across the
    /// process's conformance records, about 190,000 instructions on a table's first build.)
    struct Capture {
        let name: String
        let span: Range<Int>
    }

    /// Every placeholder with its span, in the order they stand.
    var captures: [Capture] {
        var result: [Capture] = []
        forEachCapture { result.append($0) }
        return result
    }

    /// Calls `body` with each placeholder and its span, in the order they stand. (What a
    /// table's build and a route's first use read, with no list made: an array of captures is
    /// one more type the runtime builds on a process's first table.)
    func forEachCapture(_ body: (Capture) -> Void) {
        for segment in segments {
            if let name = segment.value.captureName { body(Capture(name: name, span: segment.captureSpan ?? segment.span)) }
        }
        for item in queryItems {
            if let name = item.value.captureName { body(Capture(name: name, span: item.captureSpan ?? item.valueSpan)) }
        }
        if let fragment, let name = fragment.value.captureName {
            body(Capture(name: name, span: fragment.captureSpan ?? fragment.span))
        }
    }

    /// The span of the placeholder `${name}`, if the pattern has one.
    func span(ofCapture name: String) -> Range<Int>? {
        var span: Range<Int>?
        forEachCapture { capture in
            if span == nil, capture.name == name { span = capture.span }
        }
        return span
    }

    /// Whether the path ends with a `${name...}` capture.
    var restSegment: Int? {
        guard let last = segments.last, last.value.isRest else { return nil }
        return segments.count - 1
    }
}
