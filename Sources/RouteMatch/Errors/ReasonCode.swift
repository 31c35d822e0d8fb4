extension RouteMatchError.Reason {
    /// The reason's stable machine code, for telemetry, dashboards and tests: the case name in
    /// kebab case, followed for a reason with a payload enum by that payload's case
    /// (`"format-failure"`, `"pattern-syntax.unclosed-placeholder"`, `"limit-exceeded.link-length"`).
    ///
    /// Codes are part of the public contract: a code is never renamed or reused, and a new reason
    /// gets a new code. The README's "Reason codes" table lists every one.
    ///
    /// ```swift
    /// if case .failure(let error) = AppRoute.match(link) {
    ///     metrics.count("deeplink.miss", tags: ["code": error.reason.code])   // "format-failure"
    /// }
    /// ```
    public var code: String {
        switch self {
        case .schemeMismatch: return "scheme-mismatch"
        case .hostMismatch: return "host-mismatch"
        case .literalMismatch: return "literal-mismatch"
        case .missingPathSegment: return "missing-path-segment"
        case .extraPathSegment: return "extra-path-segment"
        case .emptyPathSegment: return "empty-path-segment"
        case .dotSegment: return "dot-segment"
        case .missingQueryItem: return "missing-query-item"
        case .duplicateQueryItem: return "duplicate-query-item"
        case .missingFragment: return "missing-fragment"
        case .unexpectedQueryItem: return "unexpected-query-item"
        case .formatFailure: return "format-failure"
        case .malformedPercentEncoding: return "malformed-percent-encoding"
        case .malformedLink(let problem): return "malformed-link." + problem.code
        case .rejectedByRoute: return "rejected-by-route"
        case .limitExceeded(let kind, _, _): return "limit-exceeded." + kind.code
        case .noRoutes: return "no-routes"
        case .patternSyntax(let problem): return "pattern-syntax." + problem.code
        case .unknownPlaceholder: return "unknown-placeholder"
        case .unusedLabel: return "unused-label"
        case .duplicatePlaceholder: return "duplicate-placeholder"
        case .duplicateQueryKey: return "duplicate-query-key"
        case .invalidOrigin(let problem): return "invalid-origin." + problem.code
        case .ambiguousRoutes: return "ambiguous-routes"
        case .unsupportedType(_, _, let problem): return "unsupported-type." + problem.code
        case .samplesRejected: return "samples-rejected"
        case .unrenderableValue(_, let problem): return "unrenderable-value." + problem.code
        case .unrenderableRoute(let problem): return "unrenderable-route." + problem.code
        }
    }

    /// The reason's fields, named as in its case, for the JSON form; texts taken from the link
    /// are marked so that redaction can replace them by their shape.
    var fields: [(key: String, value: ErrorField)] {
        switch self {
        case .schemeMismatch(let expected, let found): return [("expected", .text(expected)), ("found", .text(found))]
        case .hostMismatch(let expected, let found):
            return [("expected", expected.map(ErrorField.text) ?? .null), ("found", found.map(ErrorField.text) ?? .null)]
        case .literalMismatch(let expected, let found): return [("expected", .text(expected)), ("found", .linkText(found))]
        case .missingPathSegment(let expected): return [("expected", .text(expected))]
        case .extraPathSegment(let found): return [("found", .linkText(found))]
        case .emptyPathSegment(let label): return [("label", .text(label))]
        case .dotSegment(let found): return [("found", .text(found))]
        case .missingQueryItem(let key): return [("key", .text(key))]
        case .duplicateQueryItem(let key, let count): return [("key", .text(key)), ("count", .number(count))]
        case .missingFragment(let expected): return [("expected", .text(expected))]
        case .unexpectedQueryItem(let key): return [("key", .linkText(key))]
        case .formatFailure(let label, let found, let expected):
            return [("label", .text(label)), ("found", .linkText(found)), ("expected", .valueType(expected))]
        case .malformedPercentEncoding(let found, let label):
            return [("found", .linkText(found)), ("label", label.map(ErrorField.text) ?? .null)]
        case .malformedLink(let problem):
            switch problem {
            case .invalidPort(let port): return [("port", .linkText(port))]
            case .unterminatedIPLiteral: return []
            case .invalidHostCharacter(let character): return [("character", .text(character))]
            case .controlCharacter(let byte): return [("byte", .number(Int(byte)))]
            }
        case .rejectedByRoute(let message): return [("message", .text(message))]
        case .limitExceeded(_, let maximum, let found): return [("maximum", .number(maximum)), ("found", .number(found))]
        case .noRoutes: return []
        case .patternSyntax(let problem):
            switch problem {
            case .invalidPlaceholderName(let text), .restNotLast(let text), .restOutsidePath(let text),
                 .restInsideText(let text), .queryItemWithoutValue(let text), .malformedPercentEncoding(let text),
                 .dotSegment(let text), .invalidScheme(let text):
                return [("text", .text(text))]
            case .unclosedPlaceholder, .emptyPlaceholderName, .placeholderInsideText, .severalPlaceholders,
                 .hostWhenMounted, .emptySegment, .emptyQueryKey, .placeholderInHost:
                return []
            }
        case .unknownPlaceholder(let name): return [("name", .text(name))]
        case .unusedLabel(let label): return [("label", .text(label))]
        case .duplicatePlaceholder(let name): return [("name", .text(name))]
        case .duplicateQueryKey(let key): return [("key", .text(key))]
        case .invalidOrigin(let problem):
            if case .disagreesWithShorthand(let scheme, let host) = problem {
                return [("scheme", .text(scheme)), ("host", .text(host))]
            }
            return []
        case .ambiguousRoutes(let route, let other): return [("route", .text(route)), ("other", .text(other))]
        case .unsupportedType(let label, let type, let problem):
            var fields: [(key: String, value: ErrorField)] = [("label", .text(label)), ("type", .text(type))]
            if case .sampleDoesNotConvert(let sample) = problem { fields.append(("sample", .text(sample))) }
            return fields
        case .samplesRejected(let type, let message): return [("type", .text(type)), ("message", .text(message))]
        case .unrenderableValue(let label, let problem):
            var fields: [(key: String, value: ErrorField)] = [("label", .text(label))]
            if case .readsAsAnotherRoute(let other) = problem { fields.append(("other", .text(other))) }
            return fields
        case .unrenderableRoute(let problem):
            switch problem {
            case .encodingFailed, .notARoute, .notAURL: return []
            case .readsAsAnotherRoute(let other): return [("other", .text(other))]
            case .hostOverride(let host, let patternHost): return [("host", .text(host)), ("patternHost", .text(patternHost))]
            case .readsUnderAnotherOrigin(let origin): return [("origin", .text(origin))]
            case .unknownOrigin(let origin, let declared):
                return [("origin", .text(origin)), ("declared", .texts(declared))]
            }
        }
    }
}

/// One field of a reason in its JSON form.
enum ErrorField {
    case null
    case text(String)
    /// Text taken from the link: a value, replaced by its shape in the redacted form.
    case linkText(String)
    case texts([String])
    case number(Int)
    case valueType(RouteMatchError.ValueType)
}

extension RouteMatchError.LinkProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .invalidPort: return "invalid-port"
        case .unterminatedIPLiteral: return "unterminated-ip-literal"
        case .invalidHostCharacter: return "invalid-host-character"
        case .controlCharacter: return "control-character"
        }
    }
}

extension RouteMatchError.LimitKind {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .linkLength: return "link-length"
        case .pathSegments: return "path-segments"
        case .queryItems: return "query-items"
        }
    }
}

extension RouteMatchError.PatternSyntaxProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .unclosedPlaceholder: return "unclosed-placeholder"
        case .emptyPlaceholderName: return "empty-placeholder-name"
        case .invalidPlaceholderName: return "invalid-placeholder-name"
        case .placeholderInsideText: return "placeholder-inside-text"
        case .severalPlaceholders: return "several-placeholders"
        case .restNotLast: return "rest-not-last"
        case .restOutsidePath: return "rest-outside-path"
        case .restInsideText: return "rest-inside-text"
        case .hostWhenMounted: return "host-when-mounted"
        case .emptySegment: return "empty-segment"
        case .queryItemWithoutValue: return "query-item-without-value"
        case .emptyQueryKey: return "empty-query-key"
        case .placeholderInHost: return "placeholder-in-host"
        case .malformedPercentEncoding: return "malformed-percent-encoding"
        case .dotSegment: return "dot-segment"
        case .invalidScheme: return "invalid-scheme"
        }
    }
}

extension RouteMatchError.OriginProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .notSchemeAndHost: return "not-scheme-and-host"
        case .missingHost: return "missing-host"
        case .userinfo: return "userinfo"
        case .queryOrFragment: return "query-or-fragment"
        case .placeholder: return "placeholder"
        case .emptySegment: return "empty-segment"
        case .duplicate: return "duplicate"
        case .disagreesWithShorthand: return "disagrees-with-shorthand"
        }
    }
}

extension RouteMatchError.TypeProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .notTextual: return "not-textual"
        case .listOutsideQuery: return "list-outside-query"
        case .noSampleValue: return "no-sample-value"
        case .sampleDoesNotConvert: return "sample-does-not-convert"
        case .routesNeedRestCapture: return "routes-need-rest-capture"
        case .mountsItself: return "mounts-itself"
        }
    }
}

extension RouteMatchError.RenderProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .emptyPathSegment: return "empty-path-segment"
        case .emptyInsideText: return "empty-inside-text"
        case .emptyOptional: return "empty-optional"
        case .dotSegment: return "dot-segment"
        case .missingValue: return "missing-value"
        case .notTextual: return "not-textual"
        case .doesNotReadBack: return "does-not-read-back"
        case .readsAsAnotherRoute: return "reads-as-another-route"
        }
    }
}

extension RouteMatchError.RouteRenderProblem {
    /// The payload's part of ``RouteMatchError/Reason/code``.
    var code: String {
        switch self {
        case .encodingFailed: return "encoding-failed"
        case .notARoute: return "not-a-route"
        case .notAURL: return "not-a-url"
        case .readsAsAnotherRoute: return "reads-as-another-route"
        case .hostOverride: return "host-override"
        case .readsUnderAnotherOrigin: return "reads-under-another-origin"
        case .unknownOrigin: return "unknown-origin"
        }
    }
}
