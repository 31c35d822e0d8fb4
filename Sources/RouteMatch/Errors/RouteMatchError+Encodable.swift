extension RouteMatchError: Encodable {
    /// Encodes the error as data, with the link as given (``redacted`` encodes it with every
    /// value replaced by its shape, for telemetry).
    ///
    /// The keys (documented in the README's "Errors as JSON"): `code` (``Reason/code``),
    /// `message` (what the caret line says), `summary`, `subject`, `input`, `redacted`,
    /// `fields` (the reason's fields, named as in its case), `span` (`{"offsets": {"start",
    /// "end"}, "characters": {"start", "end"}}`: UTF-8 offsets and `Character` offsets into
    /// `input`, or `null`), `closestRoute` (`{"name", "pattern"}` or `null`), `notes`,
    /// `otherCandidates`, `definitionProblems` (each with `code`, `message`, `fields`, `span`),
    /// `help`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(error)            // for a bug report
    /// let event = try JSONEncoder().encode(error.redacted)  // for telemetry: no values
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What `encoder` throws.
    public func encode(to encoder: any Encoder) throws {
        try EncodedError(self, redacted: false).encode(to: encoder)
    }

    /// The error as it can be logged: the redacted diagnostic, and a JSON form whose input,
    /// spans, messages and link-taken fields have every value replaced by its shape.
    ///
    /// ```swift
    /// logger.error("\(error.redacted)")                     // redactedDescription
    /// let event = try JSONEncoder().encode(error.redacted)
    /// ```
    public var redacted: Redacted { Redacted(error: self) }

    /// A ``RouteMatchError`` seen with its secrets replaced by their shape (`<3 chars>`).
    public struct Redacted: Encodable, Sendable, CustomStringConvertible {
        /// The error.
        public let error: RouteMatchError

        /// ``RouteMatchError/redactedDescription``.
        public var description: String { error.redactedDescription }

        /// Encodes the error as ``RouteMatchError/encode(to:)`` does, with `input`, spans,
        /// messages and every field taken from the link redacted, and no example link.
        ///
        /// - Parameter encoder: The encoder to write to.
        /// - Throws: What `encoder` throws.
        public func encode(to encoder: any Encoder) throws {
            try EncodedError(error, redacted: true).encode(to: encoder)
        }
    }
}

/// The JSON form of a ``RouteMatchError``.
private struct EncodedError: Encodable {
    let error: RouteMatchError
    let redacted: Bool
    let details: RouteMatchError.Details
    let redaction: Redaction?

    init(_ error: RouteMatchError, redacted: Bool) {
        self.error = error
        self.redacted = redacted
        details = error.details
        redaction = redacted && error.subject == .link ? Redaction(error: error, details: details) : nil
    }

    enum Key: String, CodingKey {
        case code, message, summary, subject, input, redacted, fields, span, closestRoute, notes, otherCandidates
        case definitionProblems, help, route, offsets, characters, start, end, name, pattern
    }

    var input: String { redaction?.text ?? error.input }
    var redact: (String) -> String { DiagnosticRenderer.formatter(redacted: redacted) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(error.reason.code, forKey: .code)
        try container.encode(DiagnosticRenderer.message(error.reason, redact: redact), forKey: .message)
        try container.encode(redacted ? error.redactedSummary : error.summary, forKey: .summary)
        try container.encode(error.subject.rawValue, forKey: .subject)
        try container.encode(input, forKey: .input)
        try container.encode(redacted, forKey: .redacted)
        try encodeFields(error.reason, in: &container)
        try encodeSpan(error.span.map { redaction?.map($0) ?? $0 }, in: input, into: &container)
        try encodeRoute(error.closestRoute, forKey: .closestRoute, in: &container)
        var notes = container.nestedUnkeyedContainer(forKey: .notes)
        for note in error.notes {
            var entry = notes.nestedContainer(keyedBy: Key.self)
            try encodeProblem(note.reason, span: note.span.map { redaction?.map($0) ?? $0 }, in: input, into: &entry)
        }
        var candidates = container.nestedUnkeyedContainer(forKey: .otherCandidates)
        for candidate in details.candidates.prefix(DiagnosticRenderer.maxCandidates) {
            var entry = candidates.nestedContainer(keyedBy: Key.self)
            try encodeRoute(candidate.route, forKey: .route, in: &entry)
            let span = candidate.problem.span.map { redaction?.map($0) ?? $0 }
            try encodeProblem(candidate.problem.reason, span: span, in: input, into: &entry)
        }
        var problems = container.nestedUnkeyedContainer(forKey: .definitionProblems)
        for problem in error.definitionProblems {
            var entry = problems.nestedContainer(keyedBy: Key.self)
            try encodeRoute(problem.route, forKey: .route, in: &entry)
            try encodeProblem(problem.reason, span: problem.span, in: problem.route?.pattern ?? "", into: &entry)
        }
        let help = error.subject == .pattern ? nil : DiagnosticRenderer.helpLine(error, details: details, redacted: redacted)
        try container.encode(help, forKey: .help)
    }

    private func encodeProblem(
        _ reason: RouteMatchError.Reason, span: Range<Int>?, in text: String, into container: inout KeyedEncodingContainer<Key>
    ) throws {
        try container.encode(reason.code, forKey: .code)
        try container.encode(DiagnosticRenderer.message(reason, redact: redact), forKey: .message)
        try encodeFields(reason, in: &container)
        try encodeSpan(span, in: text, into: &container)
    }

    private func encodeRoute(_ route: RouteReference?, forKey key: Key, in container: inout KeyedEncodingContainer<Key>) throws {
        guard let route else { return try container.encodeNil(forKey: key) }
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: key)
        try nested.encode(route.name, forKey: .name)
        try nested.encode(route.pattern, forKey: .pattern)
    }

    private func encodeSpan(_ span: Range<Int>?, in text: String, into container: inout KeyedEncodingContainer<Key>) throws {
        guard let span else { return try container.encodeNil(forKey: .span) }
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: .span)
        var offsets = nested.nestedContainer(keyedBy: Key.self, forKey: .offsets)
        try offsets.encode(span.lowerBound, forKey: .start)
        try offsets.encode(span.upperBound, forKey: .end)
        var characters = nested.nestedContainer(keyedBy: Key.self, forKey: .characters)
        try characters.encode(EncodedError.characterOffset(span.lowerBound, in: text), forKey: .start)
        try characters.encode(EncodedError.characterOffset(span.upperBound, in: text), forKey: .end)
    }

    /// The number of `Character`s before UTF-8 offset `offset` (a character it falls inside
    /// counts as before it).
    static func characterOffset(_ offset: Int, in text: String) -> Int {
        var count = 0, position = 0
        for character in text {
            guard position < offset else { break }
            position += character.utf8.count
            count += 1
        }
        return count
    }

    private func encodeFields(_ reason: RouteMatchError.Reason, in container: inout KeyedEncodingContainer<Key>) throws {
        var fields = container.nestedContainer(keyedBy: LabelKey.self, forKey: .fields)
        for (name, value) in reason.fields {
            let key = LabelKey(name)
            switch value {
            case .null: try fields.encodeNil(forKey: key)
            case .text(let text): try fields.encode(text, forKey: key)
            case .linkText(let text): try fields.encode(redacted ? Redaction.shape(text) : text, forKey: key)
            case .texts(let texts): try fields.encode(texts, forKey: key)
            case .number(let number): try fields.encode(number, forKey: key)
            case .valueType(let type):
                var nested = fields.nestedContainer(keyedBy: LabelKey.self, forKey: key)
                try nested.encode(type.name, forKey: LabelKey("name"))
                if !type.allowedValues.isEmpty { try nested.encode(type.allowedValues, forKey: LabelKey("allowedValues")) }
                if let range = type.integerRange {
                    try nested.encode(range.minimum, forKey: LabelKey("minimum"))
                    try nested.encode(range.maximum, forKey: LabelKey("maximum"))
                }
            }
        }
    }
}
