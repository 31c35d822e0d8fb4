/// A plain-text route table, for trying patterns without writing Swift.
///
/// ```
/// # routes.txt: '#' starts a comment
/// @origin myapp://app
/// @origin https://example.com
///
/// home:
/// userProfile: user/${id}/profile
/// userPosts: user/${id:Int}/posts?page=${page:Int}&premium=${premium:Bool}
/// article: article/${slug}?ref=${ref:String?}
/// file: files/${path...}
/// ```
///
/// Directives start with `@`: `@scheme NAME` and `@host NAME` (one origin), or `@origin
/// scheme://host[/prefix]` once per origin. Every other line is `name: pattern`. A
/// placeholder's type follows a colon: `String` (the default), `Int`, `Int64`, `UInt`,
/// `Double`, `Bool`, `UUID`; `?` after it makes the value optional, `[…]` around it a list.
/// `${name...}` (the rest of the path) is `[String]` unless it says `String`.
public struct RouteFile: Sendable, Equatable {
    /// One route: its name, its pattern as written and as RouteMatch reads it (types removed),
    /// and its values.
    public struct Route: Sendable, Equatable {
        /// The route's name.
        public let name: String
        /// The pattern as the file writes it, types included.
        public let writtenPattern: String
        /// The pattern RouteMatch compiles: `${id:Int}` written `${id}`.
        public let pattern: String
        /// The placeholders in the order the pattern names them.
        public let values: [Value]
        /// The route's line number, from 1.
        public let line: Int

        /// Where UTF-8 offset `offset` of ``pattern`` stands in ``writtenPattern``: the
        /// pattern's text is the written one without each placeholder's `:Type`.
        ///
        /// - Parameter offset: An offset into ``pattern``, from 0 to its length.
        /// - Returns: The offset of the same place in ``writtenPattern``.
        public func writtenOffset(_ offset: Int) -> Int {
            let compiled = Array(pattern.utf8), written = Array(writtenPattern.utf8)
            var i = 0, j = 0, inPlaceholder = false
            while i < offset, i < compiled.count, j < written.count {
                if inPlaceholder, compiled[i] == UInt8(ascii: "}"), written[j] == UInt8(ascii: ":") {
                    // The type the library never saw: skip it.
                    while j < written.count, written[j] != UInt8(ascii: "}") { j += 1 }
                    continue
                }
                if compiled[i] == UInt8(ascii: "$"), i + 1 < compiled.count, compiled[i + 1] == UInt8(ascii: "{") {
                    inPlaceholder = true
                } else if compiled[i] == UInt8(ascii: "}") {
                    inPlaceholder = false
                }
                i += 1
                j += 1
            }
            return j + max(0, offset - i)
        }
    }

    /// A placeholder's name and declared type.
    public struct Value: Sendable, Equatable {
        /// The placeholder's name.
        public let name: String
        /// Its type.
        public let type: ValueKind
    }

    /// The types a route file can declare.
    public struct ValueKind: Sendable, Equatable, CustomStringConvertible {
        /// The scalar type.
        public let scalar: Scalar
        /// Whether the value may be absent (`Int?`).
        public let isOptional: Bool
        /// Whether the value is a list (`[Int]`).
        public let isList: Bool

        /// `Int`, `String?`, `[Int]`, as the file writes it.
        public var description: String {
            let base = isList ? "[\(scalar.rawValue)]" : scalar.rawValue
            return isOptional ? base + "?" : base
        }
    }

    /// A scalar type a route file can name.
    public enum Scalar: String, Sendable, CaseIterable {
        /// Text, as decoded from the link.
        case string = "String"
        /// A 64-bit signed integer.
        case int = "Int"
        /// A 64-bit signed integer.
        case int64 = "Int64"
        /// An unsigned integer.
        case uint = "UInt"
        /// A floating-point number.
        case double = "Double"
        /// `true` or `false`.
        case bool = "Bool"
        /// A UUID.
        case uuid = "UUID"
    }

    /// The scheme, without origins.
    public var scheme = ""
    /// The host, without origins.
    public var host = ""
    /// The origins, in order.
    public var origins: [String] = []
    /// The routes, in order.
    public var routes: [Route] = []

    /// Every problem of a malformed file, in line order.
    public struct Problems: Error, Sendable, Equatable {
        /// The problems.
        public let list: [Problem]
    }

    /// A problem of the file itself: where it is and what is wrong.
    public struct Problem: Sendable, Equatable {
        /// The line, from 1.
        public let line: Int
        /// The column, from 1, in characters.
        public let column: Int
        /// How many characters the problem covers (at least 1).
        public let length: Int
        /// What is wrong.
        public let message: String
    }

    /// Reads a route file.
    ///
    /// ```swift
    /// let file = try RouteFile.parse("@scheme myapp\n@host app\nuser: user/${id:Int}").get()
    /// ```
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The file, or every problem in it, in line order.
    public static func parse(_ text: String) -> Result<RouteFile, Problems> {
        var file = RouteFile()
        var problems: [Problem] = []
        var names: [String: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            if let hash = commentStart(line) { line = line[..<hash] }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let column = line.count - trimmed.count + 1
            let content = String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if content.isEmpty { continue }
            if content.hasPrefix("@") {
                parseDirective(content, line: number, column: column, into: &file, problems: &problems)
                continue
            }
            guard let colon = content.firstIndex(of: ":") else {
                problems.append(Problem(line: number, column: column, length: content.count,
                                        message: ToolMessages.routeLineWithoutColon))
                continue
            }
            let name = String(content[..<colon])
            if name.isEmpty || !name.allSatisfy(isNameCharacter) {
                problems.append(Problem(line: number, column: column, length: max(1, name.count),
                                        message: ToolMessages.invalidRouteName(name)))
                continue
            }
            if let first = names[name] {
                problems.append(Problem(line: number, column: column, length: name.count,
                                        message: ToolMessages.duplicateRouteName(name, firstLine: first)))
                continue
            }
            names[name] = number
            let afterColon = content[content.index(after: colon)...]
            let written = String(afterColon.drop { $0 == " " || $0 == "\t" })
            let patternColumn = column + content.distance(from: content.startIndex, to: colon) + 1
                + (afterColon.count - written.count)
            switch parsePattern(written, line: number, column: patternColumn) {
            case .success(let (pattern, values)):
                file.routes.append(Route(name: name, writtenPattern: written, pattern: pattern, values: values, line: number))
            case .failure(let found):
                problems += found.list
            }
        }
        if file.routes.isEmpty && problems.isEmpty {
            problems.append(Problem(line: 1, column: 1, length: 1, message: ToolMessages.noRoutesInFile))
        }
        return problems.isEmpty ? .success(file) : .failure(Problems(list: problems))
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// Where a comment starts: a `#` at the start of the line or after a space (a `#` inside a
    /// pattern is its fragment).
    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" { return index }
            previous = line[index]
        }
        return nil
    }

    private static func parseDirective(
        _ content: String, line: Int, column: Int, into file: inout RouteFile, problems: inout [Problem]
    ) {
        let parts = content.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let keyword = String(parts[0])
        let value = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
        let known = ["@scheme", "@host", "@origin"]
        guard known.contains(keyword) else {
            problems.append(Problem(line: line, column: column, length: keyword.count,
                                    message: ToolMessages.unknownDirective(keyword, known: known)))
            return
        }
        guard !value.isEmpty else {
            problems.append(Problem(line: line, column: column, length: keyword.count,
                                    message: ToolMessages.directiveNeedsValue(keyword)))
            return
        }
        switch keyword {
        case "@scheme": file.scheme = value
        case "@host": file.host = value
        default: file.origins.append(value)
        }
    }

    /// The pattern without types, and each placeholder's declared type.
    private static func parsePattern(
        _ written: String, line: Int, column: Int
    ) -> Result<(String, [Value]), Problems> {
        var pattern = ""
        var values: [Value] = []
        var problems: [Problem] = []
        var index = written.startIndex
        while index < written.endIndex {
            guard written[index...].hasPrefix("${"), let close = written[index...].firstIndex(of: "}") else {
                pattern.append(written[index])
                index = written.index(after: index)
                continue
            }
            let inner = written[written.index(index, offsetBy: 2)..<close]
            let innerColumn = column + written.distance(from: written.startIndex, to: index) + 2
            var name = inner, kind = ValueKind(scalar: .string, isOptional: false, isList: false)
            if let colon = inner.firstIndex(of: ":") {
                name = inner[..<colon]
                let typeText = inner[inner.index(after: colon)...]
                let typeColumn = innerColumn + inner.distance(from: inner.startIndex, to: colon) + 1
                if let parsed = parseType(String(typeText)) {
                    kind = parsed
                } else {
                    problems.append(Problem(line: line, column: typeColumn, length: max(1, typeText.count),
                                            message: ToolMessages.unknownType(String(typeText))))
                }
            }
            let isRest = name.hasSuffix("...")
            let bareName = isRest ? String(name.dropLast(3)) : String(name)
            if isRest, !inner.contains(":") { kind = ValueKind(scalar: .string, isOptional: false, isList: true) }
            values.append(Value(name: bareName, type: kind))
            pattern += "${" + name + "}"
            index = written.index(after: close)
        }
        return problems.isEmpty ? .success((pattern, values)) : .failure(Problems(list: problems))
    }

    /// `Int`, `Int?`, `[Int]`, `[Int]?`.
    private static func parseType(_ text: String) -> ValueKind? {
        var text = Substring(text)
        let isOptional = text.hasSuffix("?")
        if isOptional { text = text.dropLast() }
        let isList = text.hasPrefix("[") && text.hasSuffix("]") && text.count >= 2
        if isList { text = text.dropFirst().dropLast() }
        guard let scalar = Scalar(rawValue: String(text)) else { return nil }
        return ValueKind(scalar: scalar, isOptional: isOptional, isList: isList)
    }
}
