extension RouteMatchError {
    /// Why a link did not match, why a pattern is invalid, or why a route could not be rendered.
    ///
    /// A reason is plain data: names, the text that was found and what was expected. It holds
    /// no prose; ``RouteMatchError/description`` turns it into a diagnostic. No field holds a
    /// stand-in: what can be absent is an `Optional`. `String(describing:)` of a reason starts
    /// with its case name, so logs and tests can key on it:
    ///
    /// ```swift
    /// if case .missingQueryItem(let key) = error.reason { print("needs", key) }
    /// ```
    public enum Reason: Hashable, Sendable {
        // MARK: Link problems

        /// The link's scheme is not the one the route accepts (compared case-insensitively).
        case schemeMismatch(expected: String, found: String)
        /// The link's host (with its port, when the port is not the scheme's default) is not the
        /// route's host. `expected` is `nil` for a route without a host, `found` for a link
        /// without one.
        case hostMismatch(expected: String?, found: String?)
        /// A path segment or a literal query value differs from the pattern's literal text.
        case literalMismatch(expected: String, found: String)
        /// The link ends where the route expects another path segment; `expected` is that
        /// segment as the pattern writes it (a literal, or `${name}`).
        case missingPathSegment(expected: String)
        /// The link has a path segment after the route's last one (`found` is `""` for an
        /// empty segment, as in `user/42//`).
        case extraPathSegment(found: String)
        /// A path segment that a placeholder would bind is empty (`user//profile`).
        case emptyPathSegment(label: String)
        /// A `.` or `..` segment (raw or percent-encoded); dot segments are never resolved or bound.
        case dotSegment(found: String)
        /// A query item the route needs is absent.
        case missingQueryItem(key: String)
        /// A query key that binds a single value appears more than once.
        case duplicateQueryItem(key: String, count: Int)
        /// The route needs a fragment and the link has none; `expected` is the fragment as the
        /// pattern writes it (a literal, or `${name}`).
        case missingFragment(expected: String)
        /// In strict query mode, a query item that the route does not use.
        case unexpectedQueryItem(key: String)
        /// A value does not convert to its label's type.
        case formatFailure(label: String, found: String, expected: ValueType)
        /// A `%` that is not followed by two hex digits, or escapes that do not decode to UTF-8
        /// (a Latin-1 run such as `%E9t%E9` is quoted whole). `label` is the value it broke,
        /// when it stands where the closest route binds one.
        case malformedPercentEncoding(found: String, label: String?)
        /// The link cannot be read as a URL at all.
        case malformedLink(LinkProblem)
        /// The route type's own `init(from:)` refused the values (a validation of its own);
        /// `message` is what its error says.
        case rejectedByRoute(message: String)
        /// The link exceeds one of the configured ``MatchLimits``.
        case limitExceeded(LimitKind, maximum: Int, found: Int)
        /// The table has no routes.
        case noRoutes

        // MARK: Definition problems (found when a table is built, or on a route's first use)

        /// The pattern text itself is malformed.
        case patternSyntax(PatternSyntaxProblem)
        /// A `${name}` names no associated value (or property) of the route.
        case unknownPlaceholder(name: String)
        /// An associated value (or property) that no placeholder binds.
        case unusedLabel(label: String)
        /// The same `${name}` appears twice in one pattern.
        case duplicatePlaceholder(name: String)
        /// The same query key appears twice in one pattern.
        case duplicateQueryKey(key: String)
        /// An entry of ``Routable/origins`` is not a `scheme://host[:port][/path-prefix]`.
        case invalidOrigin(OriginProblem)
        /// Two routes match exactly the same links; `other` is the earlier route's name.
        case ambiguousRoutes(route: String, other: String)
        /// A value's type cannot be read from link text in the place the pattern puts it.
        case unsupportedType(label: String, type: String, problem: TypeProblem)
        /// The route type's own `init(from:)` refused the sample values RouteMatch learns its
        /// labels with (`42`, `"text"`, `true`, a type's first case…); `message` is its error's.
        case samplesRejected(type: String, message: String)

        // MARK: Render problems

        /// A value cannot be written into a link that reads back as the same value.
        case unrenderableValue(label: String, problem: RenderProblem)
        /// The route as a whole cannot be written into a link that reads back as itself.
        case unrenderableRoute(RouteRenderProblem)
    }

    /// What makes a link unreadable as a URL.
    public enum LinkProblem: Hashable, Sendable {
        /// The port is not a decimal number from 0 to 65535.
        case invalidPort(String)
        /// A `[` IP literal has no closing `]`, or text follows it.
        case unterminatedIPLiteral
        /// The host holds a character a host may not hold (`\`, `%`, a space, a control character…).
        case invalidHostCharacter(String)
        /// A control character (U+0000–U+001F, U+007F) or a space in the link.
        case controlCharacter(UInt8)
    }

    /// A limit from ``MatchLimits``.
    public enum LimitKind: String, Hashable, Sendable {
        /// ``MatchLimits/maxLinkLength``.
        case linkLength
        /// ``MatchLimits/maxPathSegments``.
        case pathSegments
        /// ``MatchLimits/maxQueryItems``.
        case queryItems
    }

    /// Malformed pattern text.
    public enum PatternSyntaxProblem: Hashable, Sendable {
        /// `${` without its closing `}`.
        case unclosedPlaceholder
        /// `${}`.
        case emptyPlaceholderName
        /// A placeholder name that is not a Swift identifier.
        case invalidPlaceholderName(String)
        /// A placeholder in a query key: keys are literal text.
        case placeholderInsideText
        /// Two placeholders in one path segment, query value or fragment (`${a}-${b}`): the
        /// text between them could split in more than one way.
        case severalPlaceholders
        /// A rest capture (`${name...}`, named here) that is not the last path segment.
        case restNotLast(String)
        /// A rest capture (named here) in a query value or the fragment: it captures path segments.
        case restOutsidePath(String)
        /// A rest capture (named here) with literal text around it in its segment.
        case restInsideText(String)
        /// A pattern with its own `scheme://host` in a table mounted under another's route,
        /// where every pattern is a path.
        case hostWhenMounted
        /// An empty path segment (`a//b`).
        case emptySegment
        /// A query item without `=`.
        case queryItemWithoutValue(String)
        /// A query item with an empty key.
        case emptyQueryKey
        /// A placeholder where the host must be literal text.
        case placeholderInHost
        /// A `%` escape in the pattern that does not decode.
        case malformedPercentEncoding(String)
        /// A `.` or `..` path segment.
        case dotSegment(String)
        /// A scheme (`x://`) whose name is not a valid scheme.
        case invalidScheme(String)
    }

    /// What is wrong with an entry of ``Routable/origins``.
    public enum OriginProblem: Hashable, Sendable {
        /// It does not start with `scheme://`.
        case notSchemeAndHost
        /// It has no host (`myapp://`): an origin names the host its links carry.
        case missingHost
        /// It has userinfo (`user@host`), which never chooses a host.
        case userinfo
        /// It has a query or a fragment; an origin is a scheme, a host and a path prefix.
        case queryOrFragment
        /// It holds a placeholder; an origin is literal.
        case placeholder
        /// Its path prefix has an empty segment.
        case emptySegment
        /// It names the same scheme, host and prefix as an earlier origin.
        case duplicate
        /// The type declares a ``Routable/scheme`` or ``Routable/host`` (given here) that differs
        /// from its first origin's: with `origins`, they are derived from it.
        case disagreesWithShorthand(scheme: String, host: String)
    }

    /// Why a value's type cannot be read from text.
    public enum TypeProblem: Hashable, Sendable {
        /// The type decodes as a keyed or nested structure, not from one piece of text.
        case notTextual
        /// A list of values in a path segment or the fragment: lists come from repeated query keys.
        case listOutsideQuery
        /// RouteMatch could not make a sample value of the type, which it needs to run the
        /// route's `init(from:)` once and learn its labels: conform the type to
        /// ``RouteSampleProviding`` (or make it `CaseIterable`).
        case noSampleValue
        /// The type's own ``RouteSampleProviding/routeSample`` (the payload) does not convert
        /// to the type.
        case sampleDoesNotConvert(String)
        /// A ``Routable`` type is mounted by a placeholder that is not a rest capture: it takes
        /// the rest of the link, `${name...}`, last in the path.
        case routesNeedRestCapture
        /// A ``Routable`` type is mounted, directly or through others, inside its own table.
        case mountsItself
    }

    /// Why a value cannot be rendered into a link.
    public enum RenderProblem: Hashable, Sendable {
        /// An empty string in a path segment (it would not read back).
        case emptyPathSegment
        /// An empty string where a placeholder stands between literal text (`id${id}`): the
        /// link would read back as lacking its value.
        case emptyInsideText
        /// `""` in an Optional, which would read back as `nil`.
        case emptyOptional
        /// `.` or `..` in a path segment.
        case dotSegment
        /// A required value is `nil` or missing from the encoding.
        case missingValue
        /// The value encodes to something other than text.
        case notTextual
        /// The value's text does not convert back to the value's type (a
        /// `LosslessStringConvertible` whose `description` its `init?(_:)` does not read).
        case doesNotReadBack
        /// The value spells a literal of a more specific route (`user/${id}` with `id == "me"`
        /// next to `user/me`), so the link would read back as that route, named here.
        case readsAsAnotherRoute(String)
    }

    /// Why a route as a whole cannot be rendered into a link.
    public enum RouteRenderProblem: Hashable, Sendable {
        /// The route type's own `encode(to:)` threw.
        case encodingFailed
        /// The value encodes as none of the table's routes (a keyed structure that is not one
        /// of its cases, or a single value).
        case notARoute
        /// Foundation's `URL(string:)` refuses the rendered link (``Routable/url(scheme:host:)``
        /// only; the link itself is returned by ``Routable/link(scheme:host:)``).
        case notAURL
        /// The link would read back as another route, named here, although no value spells
        /// that route's literals (a scheme or host override that another route owns).
        case readsAsAnotherRoute(String)
        /// A host override replaces a host that the route's pattern chooses (a table without a
        /// default host takes each pattern's first segment as its host), so the link would
        /// name no route of the table. `patternHost` is the host the pattern gives.
        case hostOverride(host: String, patternHost: String)
        /// The link starts with the path prefix of another origin of the same host (named
        /// here), which would read it, and its values, from a different place.
        case readsUnderAnotherOrigin(String)
        /// ``Routable/link(origin:)`` named an origin the table does not declare; `declared`
        /// lists those it does.
        case unknownOrigin(String, declared: [String])
    }
}
