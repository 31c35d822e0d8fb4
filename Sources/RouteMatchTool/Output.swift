import Foundation
import RouteMatch

/// ANSI styling of the library's diagnostic text, line by line: it adds colour, never changes
/// a character of the text.
struct Style {
    let enabled: Bool

    private static let reset = "\u{1B}[0m"
    private static let boldRed = "\u{1B}[1;31m"
    private static let boldGreen = "\u{1B}[1;32m"
    private static let boldBlue = "\u{1B}[1;34m"
    private static let boldCyan = "\u{1B}[1;36m"
    private static let bold = "\u{1B}[1m"

    /// One line of a diagnostic or a result, coloured by what it is.
    func line(_ line: String) -> String {
        guard enabled else { return line }
        let prefixes: [(String, String)] = [
            ("error:", Style.boldRed), ("matched:", Style.boldGreen), (" --> ", Style.boldBlue),
            ("  = help:", Style.boldCyan), ("  = note:", Style.bold), ("  = also near:", Style.bold),
            ("  = value:", Style.bold),
        ]
        for (prefix, color) in prefixes where line.hasPrefix(prefix) {
            return color + prefix + Style.reset + line.dropFirst(prefix.count)
        }
        guard let bar = line.firstIndex(of: "|"), line[..<bar].allSatisfy({ $0 == " " || $0.isNumber }) else { return line }
        let gutter = line[...bar], rest = line[line.index(after: bar)...]
        // A caret line: only spaces before the carets.
        if let caret = rest.firstIndex(of: "^"), rest[..<caret].allSatisfy({ $0 == " " }) {
            let carets = rest[caret...].prefix { $0 == "^" }
            return Style.boldBlue + gutter + Style.reset + rest[..<caret] + Style.boldRed + carets + Style.reset
                + rest[caret...].dropFirst(carets.count)
        }
        return Style.boldBlue + gutter + Style.reset + rest
    }

    func text(_ text: String) -> String {
        guard enabled else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
            .joined(separator: "\n")
    }
}

/// The tool's output: text blocks separated by a blank line, or JSON lines.
struct Output {
    var io: ToolIO
    let style: Style
    let json: Bool
    private var blocks = 0
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(io: ToolIO, style: Style, json: Bool) {
        self.io = io
        self.style = style
        self.json = json
    }

    /// A block of text (a diagnostic, a match), after a blank line when it is not the first.
    mutating func block(_ text: String) {
        io.write((blocks > 0 ? "\n" : "") + style.text(text) + "\n")
        blocks += 1
    }

    /// One JSON object on its own line.
    mutating func record<T: Encodable>(_ value: T) {
        do {
            io.write(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n")
        } catch {
            // Never a line left out silently: the reader of the JSON lines learns one is missing.
            self.error("error: " + ToolMessages.unencodableRecord(error))
        }
    }

    /// A message on standard error.
    mutating func error(_ text: String) {
        io.writeError(text + "\n")
    }

    /// The problems of a malformed route file, each with its line and a caret.
    mutating func routeFileProblems(_ problems: [RouteFile.Problem], text: String, path: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = String(problems.map(\.line).max() ?? 1).count
        var out = ["error: " + ToolMessages.routeFileHeadline(path, count: problems.count)]
        for problem in problems {
            let gutter = String(repeating: " ", count: width)
            let source = problem.line <= lines.count ? String(lines[problem.line - 1]).replacingOccurrences(of: "\r", with: "") : ""
            let number = String(problem.line)
            out += [
                " --> \(path):\(problem.line):\(problem.column)",
                "\(gutter) |",
                String(repeating: " ", count: width - number.count) + number + " | " + source,
                "\(gutter) | " + String(repeating: " ", count: problem.column - 1)
                    + String(repeating: "^", count: problem.length) + " " + problem.message,
                "\(gutter) |",
            ]
        }
        io.writeError(style.text(out.joined(separator: "\n")) + "\n")
    }
}
