/// Every sentence RouteMatch prints about a reason. Nothing else in the library writes prose.
extension DiagnosticRenderer {
    /// The label printed under the caret: what is wrong at that spot.
    static func message(_ reason: Reason, redact: (String) -> String) -> String {
        switch reason {
        case .schemeMismatch(let expected, let found):
            return "expected scheme '\(expected)', found '\(found)'"
        case .hostMismatch(let expected, let found):
            let wanted = expected.isEmpty ? "no host" : "host '\(expected)'"
            return found.isEmpty ? "expected \(wanted), the link has no host" : "expected \(wanted), found '\(found)'"
        case .literalMismatch(let expected, let found):
            return "expected '\(expected)', found \(redact(found))"
        case .missingPathSegment(let expected):
            return "the link ends here; the route goes on with '\(expected)'"
        case .extraPathSegment(let found):
            return "the route ends before \(redact(found))"
        case .emptyPathSegment(let label):
            return "empty path segment where '\(label)' needs a value"
        case .dotSegment(let found):
            return "'\(found)' segments are never resolved or bound"
        case .missingQueryItem(let key):
            return "query item '\(key)' is missing"
        case .duplicateQueryItem(let key, let count):
            return "query item '\(key)' appears \(count) times; it takes one value"
        case .missingFragment(let label):
            return "'\(label)' needs a fragment (#…)"
        case .unexpectedQueryItem(let key):
            return "query item '\(key)' is not used by this route (strict query mode)"
        case .formatFailure(let label, let found, let expected):
            return "'\(label)' expects \(expected), found \(redact(found))"
        case .malformedPercentEncoding(let found):
            return "'\(found)' is not a valid percent-encoded UTF-8 sequence"
        case .rejectedByRoute(let message):
            return "the route refused these values: \(message)"
        case .malformedLink(let problem):
            switch problem {
            case .invalidPort(let port): return "port '\(port)' is not a number from 0 to 65535"
            case .unterminatedIPLiteral: return "an IP literal needs its closing ']' and nothing after it but a port"
            case .invalidHostCharacter(let character): return "'\(character)' cannot appear in a host"
            case .controlCharacter(let byte):
                return byte == 0x20
                    ? "a space cannot appear in a link; encode it as %20"
                    : "control character \(hexByte(byte)) cannot appear in a link; encode it as %\(hexByte(byte).dropFirst(2))"
            }
        case .limitExceeded(let kind, let maximum, let found):
            switch kind {
            case .linkLength: return "the link is \(found) bytes long; the limit is \(maximum)"
            case .pathSegments: return "the link has \(found) path segments; the limit is \(maximum)"
            case .queryItems: return "the link has \(found) query items; the limit is \(maximum)"
            }
        case .noRoutes:
            return "the table has no routes"
        case .patternSyntax(let problem):
            switch problem {
            case .unclosedPlaceholder: return "'${' is never closed with '}'"
            case .emptyPlaceholderName: return "the placeholder has no name"
            case .invalidPlaceholderName(let name): return "'\(name)' is not a valid placeholder name"
            case .placeholderInsideText: return "a placeholder must fill its whole path segment or query value"
            case .emptySegment: return "empty path segment"
            case .queryItemWithoutValue(let item): return "query item '\(item)' needs '=' and a value or a placeholder"
            case .emptyQueryKey: return "query item with an empty key"
            case .placeholderInHost: return "the host must be literal text"
            case .malformedPercentEncoding(let text): return "'\(text)' is not a valid percent-encoded UTF-8 sequence"
            case .dotSegment(let text): return "'\(text)' segments are not allowed"
            case .invalidScheme(let scheme): return "'\(scheme)' is not a valid scheme"
            }
        case .unknownPlaceholder(let name):
            return "'${\(name)}' names no associated value of this route"
        case .unusedLabel(let label):
            return "'\(label)' is bound by no placeholder"
        case .duplicatePlaceholder(let name):
            return "'${\(name)}' appears more than once"
        case .duplicateQueryKey(let key):
            return "query key '\(key)' appears more than once"
        case .ambiguousRoutes(_, let other):
            return "matches exactly the same links as '\(other)', which is declared first"
        case .unsupportedType(let label, let type, let problem):
            switch problem {
            case .notTextual: return "'\(label)' has type \(type), which does not read from text"
            case .listOutsideQuery: return "'\(label)' is a list (\(type)); lists come from repeated query keys"
            case .noSampleValue: return "cannot make a sample \(type) for '\(label)' to learn the values after it"
            case .samplesRejected(let message):
                return "\(type)'s init(from:) refused the sample values its labels are learned with: \(message)"
            }
        case .unrenderableValue(let label, let problem):
            switch problem {
            case .emptyPathSegment: return "'\(label)' is empty, which would leave an empty path segment"
            case .emptyOptional: return "'\(label)' is \"\", which would read back as nil"
            case .dotSegment: return "'\(label)' is '.' or '..', which is never bound"
            case .missingValue: return "'\(label)' has no value"
            case .notTextual: return "'\(label)' does not render as text"
            case .encodingFailed: return "the route's encode(to:) threw"
            case .readsAsAnotherRoute(let other):
                return "'\(label)' spells a literal of route '\(other)', which the link would read back as"
            }
        }
    }

    /// The headline of a diagnostic.
    static func headline(_ error: RouteMatchError, input: String, table: String? = nil) -> String {
        switch error.subject {
        case .link:
            if error.closestRoute == nil, isUnreadable(error.reason) { return "cannot read link \(input)" }
            if case .noRoutes = error.reason { return "no route matches \(input): the table has no routes" }
            return "no route matches \(input)"
        case .pattern:
            let count = error.definitionProblems.count
            let name = table.map { "the route table of \($0)" } ?? "the route table"
            return count == 1 ? "\(name) has a problem" : "\(name) has \(count) problems"
        case .render:
            return "cannot render route \(error.closestRoute?.name ?? "")"
        }
    }

    /// What the table offers where the link left it.
    static func expectedSegmentsMessage(_ segments: [String], more: Int) -> String {
        let named = more > 0 ? segments.map { "'\($0)'" }.joined(separator: ", ") + " and \(more) more" : list(segments)
        return "routes go on with \(named) here"
    }

    /// A help line for a problem, if there is one to give.
    static func help(
        for reason: Reason, alternatives: [String], example: String?, hosts: [String]
    ) -> String? {
        switch reason {
        case .unknownPlaceholder(let name):
            if let guess = Suggestions.nearest(to: name, in: alternatives) { return "did you mean '${\(guess)}'?" }
            return alternatives.isEmpty ? "this route has no associated values" : "the values are \(list(alternatives))"
        case .unusedLabel(let label):
            return "put ${\(label)} in the path, or add a query item such as '\(label)=${\(label)}'"
        case .ambiguousRoutes:
            return "make one pattern more specific, or remove one of the routes"
        case .unsupportedType(_, _, .noSampleValue):
            return "make the type CaseIterable, or LosslessStringConvertible"
        case .unsupportedType(_, _, .samplesRejected):
            return "keep validation that sample values (42, \"text\", true, a type's first case) pass, or validate after matching"
        case .unsupportedType(_, _, .notTextual):
            return "use a String, a number, Bool, UUID, a raw-value enum or a LosslessStringConvertible type"
        case .hostMismatch(_, let found):
            if let guess = Suggestions.nearest(to: found, in: hosts) { return "did you mean host '\(guess)'?" }
            return example.map { "a link that matches: \($0)" }
        case .literalMismatch(_, let found), .extraPathSegment(let found):
            if let guess = Suggestions.nearest(to: found, in: alternatives), !alternatives.isEmpty {
                return "did you mean '\(guess)'?"
            }
            return example.map { "a link that matches: \($0)" }
        case .malformedPercentEncoding:
            return "'%' starts an escape of two hex digits; a literal '%' is written %25"
        case .unrenderableValue(_, .emptyOptional):
            return "use nil for an absent value"
        case .unrenderableValue(_, .readsAsAnotherRoute(let other)):
            return "use route '\(other)' for this link, or give the routes distinct literals"
        case .limitExceeded:
            return "raise the limit with MatchOptions(limits:) if such links are expected"
        case .rejectedByRoute:
            // The values convert; only the route's own rule knows what it wants.
            return nil
        default:
            return example.map { "a link that matches: \($0)" }
        }
    }

    /// Reasons that mean the link could not be read at all, before any route.
    static func isUnreadable(_ reason: Reason) -> Bool {
        switch reason {
        case .malformedLink, .malformedPercentEncoding, .limitExceeded, .dotSegment: return true
        default: return false
        }
    }

    static func list(_ items: [String]) -> String {
        let quoted = items.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
