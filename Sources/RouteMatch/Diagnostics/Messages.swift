/// Every sentence RouteMatch prints about a reason. Nothing else in the library writes prose.
extension DiagnosticRenderer {
    /// The label printed under the caret: what is wrong at that spot.
    static func message(_ reason: RouteMatchError.Reason, redact: (String) -> String) -> String {
        switch reason {
        case .schemeMismatch(let expected, let found): return "expected scheme '\(expected)', found '\(found)'"
        case .hostMismatch(let expected, let found):
            let wanted = expected.map { "host '\($0)'" } ?? "no host"
            return found.map { "expected \(wanted), found '\($0)'" } ?? "expected \(wanted), the link has no host"
        case .literalMismatch(let expected, let found): return "expected '\(expected)', found \(redact(found))"
        case .missingPathSegment(let expected): return "the link ends here; the route goes on with '\(expected)'"
        case .extraPathSegment(let found):
            return found.isEmpty
                ? "the route ends before this empty segment ('//')"
                : "the route ends before \(redact(found))"
        case .emptyPathSegment(let label): return "empty path segment where '\(label)' needs a value"
        case .dotSegment(let found): return "'\(found)' segments are never resolved or bound"
        case .missingQueryItem(let key): return "query item '\(key)' is missing"
        case .duplicateQueryItem(let key, let count): return "query item '\(key)' appears \(count) times; it takes one value"
        case .missingFragment(let expected):
            return expected.isEmpty ? "the route needs a fragment '#'" : "the route needs a fragment '#\(expected)'"
        case .unexpectedQueryItem(let key): return "query item '\(key)' is not used by this route (strict query mode)"
        case .formatFailure(let label, let found, let expected):
            return "'\(label)' expects \(describe(expected, found: found)), found \(redact(found))"
        case .malformedPercentEncoding(let found, let label):
            let place = label.map { " in '\($0)'" } ?? ""
            return "\(redact(found))\(place) is not a valid percent-encoded UTF-8 sequence"
        case .rejectedByRoute(let message): return "the route refused these values: \(message)"
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
        case .noRoutes: return "the table has no routes"
        case .patternSyntax(let problem):
            switch problem {
            case .unclosedPlaceholder: return "'${' is never closed with '}'"
            case .emptyPlaceholderName: return "the placeholder has no name"
            case .invalidPlaceholderName(let name): return "'\(name)' is not a valid placeholder name"
            case .placeholderInsideText: return "a query key is literal text; placeholders go in the value"
            case .severalPlaceholders:
                return "a second placeholder in one segment: the text between two placeholders could split in more than one way"
            case .restNotLast(let name): return "'${\(name)...}' takes the rest of the path, so it must be the last segment"
            case .restOutsidePath(let name): return "'${\(name)...}' captures path segments; use '${\(name)}' here"
            case .restInsideText(let name): return "'${\(name)...}' must fill its whole segment"
            case .hostWhenMounted: return "a mounted table's patterns are paths; this one names its own scheme and host"
            case .emptySegment: return "empty path segment"
            case .queryItemWithoutValue(let item): return "query item '\(item)' needs '=' and a value or a placeholder"
            case .emptyQueryKey: return "query item with an empty key"
            case .placeholderInHost: return "the host must be literal text"
            case .malformedPercentEncoding(let text): return "'\(text)' is not a valid percent-encoded UTF-8 sequence"
            case .dotSegment(let text): return "'\(text)' segments are not allowed"
            case .invalidScheme(let scheme): return "'\(scheme)' is not a valid scheme"
            }
        case .unknownPlaceholder(let name): return "'${\(name)}' names no associated value of this route"
        case .unusedLabel(let label): return "'\(label)' is bound by no placeholder"
        case .duplicatePlaceholder(let name): return "'${\(name)}' appears more than once"
        case .duplicateQueryKey(let key): return "query key '\(key)' appears more than once"
        case .invalidOrigin(let problem):
            switch problem {
            case .notSchemeAndHost: return "an origin is 'scheme://host', with an optional port and path prefix"
            case .missingHost: return "the origin has no host"
            case .userinfo: return "an origin has no userinfo; it never chooses the host"
            case .queryOrFragment: return "an origin has no query or fragment"
            case .placeholder: return "an origin is literal text; placeholders go in the patterns"
            case .emptySegment: return "empty segment in the origin's path prefix"
            case .duplicate: return "the same origin is declared twice"
            case .disagreesWithShorthand(let scheme, let host):
                return "the type also declares scheme '\(scheme)' and host '\(host)', which differ from its first origin"
            }
        case .ambiguousRoutes(_, let other): return "matches exactly the same links as '\(other)', which is declared first"
        case .unsupportedType(let label, let type, let problem):
            switch problem {
            case .notTextual: return "'\(label)' has type \(type), which does not read from text"
            case .listOutsideQuery:
                return "'\(label)' is a list (\(type)); lists come from repeated query keys or the rest of the path ('${\(label)...}')"
            case .noSampleValue: return "cannot make a sample \(type) for '\(label)', which RouteMatch needs to learn the route's values"
            case .routesNeedRestCapture:
                return "'\(label)' holds the routes of \(type); mount them with '${\(label)...}', last in the path"
            case .mountsItself: return "\(type) is mounted inside its own table"
            case .sampleDoesNotConvert(let sample):
                return "\(type).routeSample \"\(sample)\" does not convert to \(type), so RouteMatch cannot learn the route's values"
            }
        case .samplesRejected(let type, let message):
            return "\(type)'s init(from:) refused the sample values its labels are learned with: \(message)"
        case .unrenderableValue(let label, let problem):
            switch problem {
            case .emptyPathSegment: return "'\(label)' is empty, which would leave an empty path segment"
            case .emptyInsideText: return "'\(label)' is empty, so the text around its placeholder would stand alone"
            case .emptyOptional: return "'\(label)' is \"\", which would read back as nil"
            case .dotSegment: return "'\(label)' is '.' or '..', which is never bound"
            case .missingValue: return "'\(label)' has no value"
            case .notTextual: return "'\(label)' does not render as text"
            case .doesNotReadBack: return "'\(label)' renders as text its type does not read back"
            case .readsAsAnotherRoute(let other):
                return "'\(label)' spells a literal of route '\(other)', which the link would read back as"
            }
        case .unrenderableRoute(let problem):
            switch problem {
            case .encodingFailed: return "the route's encode(to:) threw"
            case .notARoute: return "the value encodes as none of the table's routes"
            case .notAURL: return "Foundation's URL(string:) refuses the rendered link"
            case .readsAsAnotherRoute(let other): return "the link would read back as route '\(other)'"
            case .readsUnderAnotherOrigin(let origin):
                return "the link starts with the path prefix of origin '\(origin)', which would read it"
            case .unknownOrigin(let origin, _): return "'\(origin)' is not one of the table's origins"
            case .hostOverride(let host, let patternHost):
                return "the pattern chooses host '\(patternHost)'; overriding it with '\(host)' gives a link no route reads"
            }
        }
    }

    /// The headline of a diagnostic.
    static func headline(
        _ error: RouteMatchError, input: String, table: String? = nil, handler: Bool = false, sharedItems: Bool = false
    ) -> String {
        switch error.subject {
        case .link:
            let link = error.input.isEmpty ? "the empty link" : input
            if sharedItems { return "the shared query items of \(link) do not read" }
            if !error.hasClosestRoute, isUnreadable(error.reason) { return "cannot read link \(link)" }
            return "no route matches \(link)"
        case .pattern:
            let count = error.definitionProblems.count
            let owner = handler ? "the link handler" : "the route table"
            let name = table.map { "\(owner) of \($0)" } ?? owner
            return count == 1 ? "\(name) has a problem" : "\(name) has \(count) problems"
        case .render: return error.closestRoute.map { "cannot render route \($0.name)" } ?? "cannot render the route"
        }
    }

    /// Why a definition problem shows only now: a route's type is probed on the route's first use.
    static let firstUseMessage =
        "found when the route was first used; call validate() in a test to find every such problem at once"

    /// What the table offers where the link left it.
    static func expectedSegmentsMessage(_ segments: [String], more: Int) -> String {
        "routes go on with " + list(segments, more: more) + " here"
    }

    /// The hosts a table accepts, beside a host mismatch.
    static func acceptedHostsMessage(_ hosts: [String]) -> String {
        let shown = 5
        return "the table accepts " + (hosts.count == 1 ? "host " : "hosts ")
            + list(hosts.prefix(shown), more: max(0, hosts.count - shown))
    }

    /// A help line for a problem, if there is one to give.
    static func help(
        for reason: RouteMatchError.Reason, alternatives: [String], example: String?, hosts: [String]
    ) -> String? {
        switch reason {
        case .unknownPlaceholder(let name):
            if let guess = Suggestions.nearest(to: name, in: alternatives) { return "did you mean '${\(guess)}'?" }
            return alternatives.isEmpty ? "this route has no associated values" : "the values are \(list(alternatives))"
        case .unusedLabel(let label): return "put ${\(label)} in the path, or add a query item such as '\(label)=${\(label)}'"
        case .patternSyntax(.severalPlaceholders):
            return "put each value in a segment of its own, or capture the whole segment and split it in the route's init(from:)"
        case .patternSyntax(.restNotLast(let name)): return "move '${\(name)...}' to the end of the path"
        case .patternSyntax(.restInsideText(let name)): return "give '${\(name)...}' a path segment of its own"
        case .invalidOrigin(.disagreesWithShorthand):
            return "remove static var scheme and host: with origins, they are derived from the first origin"
        case .invalidOrigin(.duplicate): return "remove one of the two"
        case .invalidOrigin: return "write an origin as 'myapp://app', 'https://example.com' or 'https://www.example.com/app'"
        case .ambiguousRoutes: return "make one pattern more specific, or remove one of the routes"
        case .unsupportedType(_, let type, .noSampleValue):
            return "give \(type) a sample: extension \(type): RouteSampleProviding { static var routeSample: String { \"…\" } }"
        case .unsupportedType(_, let type, .sampleDoesNotConvert):
            return "make \(type).routeSample a text that init?(_:) (or init(from:)) reads"
        case .samplesRejected:
            return "keep validation that sample values (42, \"text\", true, a type's first case) pass, or validate after matching"
        case .unsupportedType(_, _, .notTextual):
            return "use a String, a number, Bool, UUID, a raw-value enum or a LosslessStringConvertible type"
        case .hostMismatch(_, let found):
            if let found, let guess = Suggestions.nearest(to: found, in: hosts) { return "did you mean host '\(guess)'?" }
            return example.map { "a link that matches: \($0)" }
        case .literalMismatch(_, let found), .extraPathSegment(let found):
            if let guess = Suggestions.nearest(to: found, in: alternatives), !alternatives.isEmpty {
                return "did you mean '\(guess)'?"
            }
            return example.map { "a link that matches: \($0)" }
        case .malformedPercentEncoding: return "'%' starts an escape of two hex digits; a literal '%' is written %25"
        case .unrenderableValue(_, .emptyOptional): return "use nil for an absent value"
        case .unrenderableValue(_, .readsAsAnotherRoute(let other)), .unrenderableRoute(.readsAsAnotherRoute(let other)):
            return "use route '\(other)' for this link, or give the routes distinct literals"
        case .unrenderableValue(_, .doesNotReadBack): return "make the type's description a text its init?(_:) reads"
        case .unrenderableRoute(.readsUnderAnotherOrigin(let origin)):
            return "render under '\(origin)', or give the two origins distinct hosts or prefixes"
        case .unrenderableRoute(.unknownOrigin(let origin, let declared)):
            if let guess = Suggestions.nearest(to: origin, in: declared) { return "did you mean '\(guess)'?" }
            return declared.isEmpty ? "the table declares no origins" : "the table's origins are \(list(declared))"
        case .unrenderableRoute(.hostOverride):
            return "give the table a default host (static var host) to render for other hosts, or pass no host"
        case .limitExceeded: return "raise the limit with MatchOptions(limits:) if such links are expected"
        case .rejectedByRoute:
            // The values convert; only the route's own rule knows what it wants.
            return nil
        default:
            return example.map { "a link that matches: \($0)" }
        }
    }

    /// Reasons that mean the link could not be read at all, before any route.
    static func isUnreadable(_ reason: RouteMatchError.Reason) -> Bool {
        switch reason {
        case .malformedLink, .malformedPercentEncoding, .limitExceeded, .dotSegment: return true
        default: return false
        }
    }

    /// A type's name with the values it allows: `Tab (home, settings)`.
    static func named(_ name: String, allowing values: [String]) -> String {
        "\(name) (\(TextJoin.join(values, separator: ", ")))"
    }

    /// How an expected type reads: its name, the values an enum allows, and the range of an
    /// integer type when the text found was a number out of it.
    static func describe(_ type: RouteMatchError.ValueType, found: String) -> String {
        if !type.allowedValues.isEmpty { return named(type.name, allowing: type.allowedValues) }
        if let range = type.integerRange {
            var digits = Substring(found)
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            if !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return "\(type.name) (\(range.minimum)...\(range.maximum))"
            }
        }
        return type.name
    }

    /// The items quoted, `'a', 'b' and 'c'`; with `more`, `'a', 'b', 'c' and 3 more`. (Written
    /// as UTF-8 into one buffer, made a string once: a diagnostic lists the literals a table
    /// offers and the hosts it accepts, and quoting each item into a string of its own, then
    /// joining them, or appending each piece to a string, cost up to a tenth of a rendered miss.)
    static func list(_ items: some Collection<String>, more: Int = 0) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.reduce(24) { $0 + $1.utf8.count + 4 })
        for (offset, item) in items.enumerated() {
            if offset > 0 { ByteText.append(more == 0 && offset == items.count - 1 ? " and " : ", ", to: &bytes) }
            bytes.append(UInt8(ascii: "'"))
            ByteText.append(item, to: &bytes)
            bytes.append(UInt8(ascii: "'"))
        }
        if more > 0 { ByteText.append(" and \(more) more", to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        var bytes = Array("0x".utf8)
        ByteText.appendHex(UInt(byte), minimumDigits: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
