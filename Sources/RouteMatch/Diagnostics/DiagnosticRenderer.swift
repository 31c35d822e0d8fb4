/// Turns a ``RouteMatchError`` into text: the full diagnostic (headline, the route it is
/// about, the input with a caret under the offending span, notes, other near routes, a help
/// line) or a one-line summary. The only place that lays out text.
///
/// ```
/// error: no route matches myapp://app/user/4x2/posts?page=2
///  --> closest route: userPosts "user/${id}/posts?page=${page}&premium=${premium}"
///   |
///   | myapp://app/user/4x2/posts?page=2
///   |                  ^^^ 'id' expects Int, found "4x2"
///   |
///   = note: query item 'premium' is missing
///   = help: a link that matches: myapp://app/user/42/posts?page=2&premium=true
/// ```
enum DiagnosticRenderer {
    /// The widest input line shown; longer inputs are shown as a window around the span.
    static let maxLineWidth = 100
    /// At most this many other near routes are listed.
    static let maxCandidates = 3

    static func render(_ error: RouteMatchError, redacted: Bool) -> String {
        switch error.subject {
        case .pattern: return renderDefinitionProblems(error)
        case .render, .link: break
        }
        let details = error.details?.compute() ?? LazyDetails.Details()
        let redaction = redacted ? Redaction(error: error, details: details) : nil
        let input = redaction?.text ?? error.input
        let redact = formatter(redacted: redacted)
        var lines = ["error: " + headline(error, input: truncated(input))]
        if let route = error.closestRoute {
            lines.append(" --> " + (error.subject == .link ? "closest route: " : "") + route.description)
        }
        let span = error.span.map { redaction?.map($0) ?? $0 }
        lines += snippet(input, span: span, message: message(error.reason, redact: redact))
        for note in details.notes {
            lines.append("  = note: " + message(note.reason, redact: redact))
        }
        if !details.expectedSegments.isEmpty {
            lines.append("  = note: " + expectedSegmentsMessage(details.expectedSegments, more: details.moreExpectedSegments))
        }
        for candidate in details.candidates.prefix(maxCandidates) {
            lines.append("  = also near: \(candidate.route): " + message(candidate.problem.reason, redact: redact))
        }
        let example = redacted ? nil : details.example.map(truncated)
        let alternatives = details.expectedSegments
        if let help = help(for: error.reason, alternatives: alternatives, example: example, hosts: details.hosts) {
            lines.append("  = help: " + help)
        }
        return lines.joined(separator: "\n")
    }

    static func summary(_ error: RouteMatchError, redacted: Bool) -> String {
        let redact = formatter(redacted: redacted)
        switch error.subject {
        case .pattern:
            let first = error.definitionProblems.first
            let place = first.map { " in \($0.route)" } ?? ""
            return headline(error, input: "") + ": " + message(error.reason, redact: redact) + place
        case .render:
            return headline(error, input: "") + ": " + message(error.reason, redact: redact)
        case .link:
            let details = redacted ? error.details?.compute() ?? LazyDetails.Details() : LazyDetails.Details()
            let input = redacted ? Redaction(error: error, details: details).text : error.input
            var line = headline(error, input: truncated(input)) + ": " + message(error.reason, redact: redact)
            if let route = error.closestRoute { line += " (closest route: \(route))" }
            return line
        }
    }

    private static func renderDefinitionProblems(_ error: RouteMatchError) -> String {
        let tableName = error.details?.compute().tableName
        var lines = ["error: " + headline(error, input: "", table: tableName)]
        var previous: RouteReference?
        for problem in error.definitionProblems {
            if problem.route.name.isEmpty && problem.route.pattern.isEmpty {
                lines.append("  = " + message(problem.reason, redact: quote))
                continue
            }
            let sameRoute = problem.route == previous
            if !sameRoute { lines.append(" --> \(problem.route)") }
            previous = problem.route
            let block = snippet(problem.route.pattern, span: problem.span, message: message(problem.reason, redact: quote))
            lines += sameRoute ? Array(block.dropFirst()) : block
            if let help = help(for: problem.reason, alternatives: problem.alternatives, example: nil, hosts: []) {
                lines.append("  = help: " + help)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The input line with a caret under `span` and the message beside it.
    static func snippet(_ text: String, span: Range<Int>?, message: String) -> [String] {
        guard let span else {
            return ["  |", "  | " + truncated(text), "  |", "  = " + message]
        }
        let shown = window(text, span: span)
        let shownText = shown.text.isEmpty ? "(empty)" : visible(shown.text)
        return [
            "  |",
            "  | " + shownText,
            "  | " + String(repeating: " ", count: shown.column) + String(repeating: "^", count: shown.width) + " " + message,
            "  |",
        ]
    }

    /// The part of `text` around `span` that fits on a line, and the caret's column and width
    /// in characters.
    static func window(_ text: String, span: Range<Int>) -> (text: String, column: Int, width: Int) {
        let bytes = Array(text.utf8)
        let low = min(max(span.lowerBound, 0), bytes.count)
        let high = min(max(span.upperBound, low), bytes.count)
        var start = 0, end = bytes.count
        if bytes.count > maxLineWidth {
            start = max(0, low - 40)
            end = min(bytes.count, max(high, low + 1) + 40)
            if end - start > maxLineWidth { end = start + maxLineWidth }
            while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        func characters(_ range: Range<Int>) -> Int {
            range.isEmpty ? 0 : String(decoding: bytes[range], as: UTF8.self).count
        }
        let prefix = start > 0 ? "…" : ""
        let suffix = end < bytes.count ? "…" : ""
        let shown = prefix + String(decoding: bytes[start..<end], as: UTF8.self) + suffix
        let column = prefix.count + characters(start..<min(max(low, start), end))
        let width = max(1, characters(max(low, start)..<min(high, end)))
        return (shown, column, width)
    }

    /// `text` cut to the line width with `…`, control characters made visible.
    static func truncated(_ text: String) -> String {
        guard text.count > maxLineWidth else { return visible(text) }
        return visible(String(text.prefix(maxLineWidth - 1))) + "…"
    }

    /// Control characters shown as their Unicode control pictures (`␇`), one character for
    /// one, so carets stay aligned.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                scalars.append(picture)
            } else if scalar.value == 0x7F, let picture = Unicode.Scalar(0x2421) {
                scalars.append(picture)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func quote(_ text: String) -> String { "\"\(text)\"" }

    /// How a value found in a link is shown: quoted, or as its shape when redacted.
    static func formatter(redacted: Bool) -> (String) -> String {
        if redacted { return { Redaction.shape($0) } }
        return { quote($0) }
    }
}
