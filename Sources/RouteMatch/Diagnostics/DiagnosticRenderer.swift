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

    static func render(_ error: RouteMatchError, details: RouteMatchError.Details, redacted: Bool) -> String {
        switch error.subject {
        case .pattern: return renderDefinitionProblems(error, details: details)
        case .render, .link: break
        }
        let redaction = redacted ? Redaction(error: error, details: details) : nil
        let input = redaction?.text ?? error.input
        let redact = formatter(redacted: redacted)
        var lines = DiagnosticLines(capacity: 3 * input.utf8.count + 512)
        lines.line("error: ", headline(error, input: truncated(input), sharedItems: error.isSharedItems))
        if let route = error.closestRoute {
            lines.line(" --> ", error.subject == .link ? "closest route: " : "", route.description)
        }
        let span = error.span.map { redaction?.map($0) ?? $0 }
        snippet(input, span: span, message: message(error.reason, redact: redact), into: &lines)
        for note in error.notes {
            lines.line("  = note: ", message(note.reason, redact: redact))
        }
        if case .hostMismatch = error.reason, details.hosts.count > 1 {
            lines.line("  = note: ", acceptedHostsMessage(details.hosts))
        }
        if !details.expectedSegments.isEmpty {
            lines.line("  = note: ", expectedSegmentsMessage(details.expectedSegments, more: details.moreExpectedSegments))
        }
        for candidate in details.candidates.prefix(maxCandidates) {
            lines.line("  = also near: ", candidate.route.description, ": ")
            lines.append(message(candidate.problem.reason, redact: redact))
        }
        if let help = helpLine(error, details: details, redacted: redacted) {
            lines.line("  = help: ", help)
        }
        return lines.text
    }

    /// The help line of a link or render error (the redacted form shows no example link).
    static func helpLine(_ error: RouteMatchError, details: RouteMatchError.Details, redacted: Bool) -> String? {
        let example = redacted ? nil : details.example.map(truncated)
        return help(for: error.reason, alternatives: details.expectedSegments, example: example, hosts: details.hosts)
    }

    /// The one-line summary, which reads the error's details only for what it shows: a table's
    /// kind, the parts of the link to redact (``RouteMatchError/summaryDetails``).
    static func summary(_ error: RouteMatchError, redacted: Bool) -> String {
        let redact = formatter(redacted: redacted)
        var oneLine = DiagnosticLines(capacity: 2 * error.input.utf8.count + 256)
        switch error.subject {
        case .pattern:
            let handler = error.summaryDetails.isHandler
            oneLine.line(headline(error, input: "", handler: handler), ": ", message(error.reason, redact: redact))
            if let route = error.definitionProblems.first?.route {
                oneLine.append(" in ")
                oneLine.append(route.description)
            }
        case .render:
            oneLine.line(headline(error, input: ""), ": ", message(error.reason, redact: redact))
        case .link:
            let input = redacted ? Redaction.text(of: error, details: error.summaryDetails) : error.input
            let head = headline(error, input: truncated(input), sharedItems: error.isSharedItems)
            oneLine.line(head, ": ", message(error.reason, redact: redact))
            if let route = error.closestRoute {
                oneLine.append(" (closest route: ")
                oneLine.append(route.description)
                oneLine.append(")")
            }
        }
        return oneLine.text
    }

    /// The error's input with every part that can carry a secret replaced by its shape; a
    /// pattern (a definition or render problem) is shown as it is.
    static func redactedInput(_ error: RouteMatchError, details: RouteMatchError.Details) -> String {
        error.subject == .link ? Redaction.text(of: error, details: details) : error.input
    }

    private static func renderDefinitionProblems(_ error: RouteMatchError, details: RouteMatchError.Details) -> String {
        var lines = DiagnosticLines(capacity: 512)
        lines.line("error: ", headline(error, input: "", table: details.tableName, handler: details.isHandler))
        var previous: RouteReference?
        for problem in error.definitionProblems {
            guard let route = problem.route else {
                lines.line("  = ", message(problem.reason, redact: quote))
                continue
            }
            let sameRoute = route == previous
            if !sameRoute { lines.line(" --> ", route.description) }
            previous = route
            snippet(route.pattern, span: problem.span, message: message(problem.reason, redact: quote), into: &lines,
                    opening: !sameRoute)
            if let help = help(for: problem.reason, alternatives: problem.alternatives, example: nil, hosts: []) {
                lines.line("  = help: ", help)
            }
        }
        if details.foundOnFirstUse { lines.line("  = note: ", firstUseMessage) }
        return lines.text
    }

    /// The input line with a caret under `span` and the message beside it, between bars (the
    /// opening one left out under a route whose previous problem already opened the block).
    static func snippet(
        _ text: String, span: Range<Int>?, message: String, into lines: inout DiagnosticLines, opening: Bool = true
    ) {
        if opening { lines.line("  |") }
        guard let span else {
            lines.line("  | ", truncated(text))
            lines.line("  |")
            lines.line("  = ", message)
            return
        }
        let shown = window(text, span: span)
        lines.line("  | ", shown.text.isEmpty ? "(empty)" : shown.text)
        lines.line("  | ")
        lines.append(UInt8(ascii: " "), count: shown.column)
        lines.append(UInt8(ascii: "^"), count: shown.width)
        lines.append(" ")
        lines.append(message)
        lines.line("  |")
    }

    /// The part of `text` around `span` that fits on a line, as shown (``DisplayText``), and
    /// the caret's column and width in terminal columns.
    static func window(_ text: String, span: Range<Int>) -> (text: String, column: Int, width: Int) {
        ByteText.withUTF8(of: text) { bytes in
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
            let prefix = start > 0 ? "…" : ""
            let suffix = end < bytes.count ? "…" : ""
            let part = ByteText.part(of: bytes, start: start, count: end - start)
            if DisplayText.isPrintableASCII(part) {
                // One column a byte.
                let shown = start > 0 || end < bytes.count ? prefix + String(decoding: part, as: UTF8.self) + suffix : text
                return (shown, prefix.count + min(low, end) - start, max(1, min(high, end) - min(low, end)))
            }
            var shown = prefix
            var column = prefix.count
            var width = 0
            var offset = start
            for character in String(decoding: part, as: UTF8.self) {
                let cell = DisplayText.cell(character)
                let next = offset + character.utf8.count
                if next <= low { column += cell.width } else if offset < high { width += cell.width }
                shown += cell.text
                offset = next
            }
            return (shown + suffix, column, max(1, width))
        }
    }

    /// `text` cut to the line width with `…`, as shown (``DisplayText``). (Counted in
    /// characters only when its UTF-8 is longer than a line: a text has no more characters
    /// than bytes.)
    static func truncated(_ text: String) -> String {
        guard text.utf8.count > maxLineWidth, text.count > maxLineWidth else { return DisplayText.shown(text) }
        return DisplayText.shown(String(text.prefix(maxLineWidth - 1))) + "…"
    }

    static func quote(_ text: String) -> String { "\"\(text)\"" }

    /// How a value found in a link is shown: quoted, or as its shape when redacted.
    static func formatter(redacted: Bool) -> (String) -> String {
        if redacted { return { Redaction.shape($0) } }
        return { quote($0) }
    }
}
