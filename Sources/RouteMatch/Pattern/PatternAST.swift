/// A compiled route pattern: the small syntax tree every route is matched and rendered from.
///
/// Each node keeps its UTF-8 range in ``text`` so that a definition problem can put a caret
/// under it.
struct PatternAST: Equatable, Sendable {
    /// A literal piece of text (already percent-decoded) or a `${name}` placeholder.
    enum Value: Equatable, Hashable, Sendable {
        case literal(String)
        case capture(String)

        var captureName: String? {
            if case .capture(let name) = self { return name }
            return nil
        }

        /// The value as a pattern writes it: the literal, or `${name}`.
        var patternText: String {
            switch self {
            case .literal(let text): return text
            case .capture(let name): return "${\(name)}"
            }
        }
    }

    /// One path segment.
    struct Segment: Equatable, Sendable {
        let value: Value
        let span: Range<Int>
    }

    /// One query item: `key=${name}` or `key=literal`.
    struct QueryItem: Equatable, Sendable {
        let key: String
        let keySpan: Range<Int>
        let value: Value
        let valueSpan: Range<Int>
        let span: Range<Int>
    }

    /// The pattern as declared.
    let text: String
    /// A scheme written in the pattern (`https://…`), lower-cased.
    var scheme: String?
    var schemeSpan: Range<Int>?
    /// The host: written after `scheme://`, or the first segment when the type has no
    /// default host; lower-cased.
    var host: String?
    var hostSpan: Range<Int>?
    var segments: [Segment] = []
    var queryItems: [QueryItem] = []
    var fragment: Segment?

    /// Every placeholder with its span, in the order they stand.
    var captures: [(name: String, span: Range<Int>)] {
        var result: [(name: String, span: Range<Int>)] = []
        for segment in segments { if let name = segment.value.captureName { result.append((name, segment.span)) } }
        for item in queryItems { if let name = item.value.captureName { result.append((name, item.valueSpan)) } }
        if let fragment, let name = fragment.value.captureName { result.append((name, fragment.span)) }
        return result
    }

    /// The span of the placeholder `${name}`, if the pattern has one.
    func span(ofCapture name: String) -> Range<Int>? {
        for segment in segments where segment.value.captureName == name { return segment.span }
        for item in queryItems where item.value.captureName == name { return item.valueSpan }
        if let fragment, fragment.value.captureName == name { return fragment.span }
        return nil
    }
}
