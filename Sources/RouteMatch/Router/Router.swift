#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A compiled table of routes that turns links into `Route` values and back.
///
/// Every ``Routable`` type has one (``Routable/router``); build your own for struct routes with
/// ``Router/init(origins:scheme:host:options:_:)``. A router is immutable and `Sendable`: share one
/// between threads and tasks.
///
/// ```swift
/// struct Profile: Codable, Equatable { var id: Int; var tab: String? }
/// let router = Router<Profile>(scheme: "myapp", host: "app") { routes in
///     routes.add("user/${id}?tab=${tab}")
/// }
/// let profile = try router.match("myapp://app/user/42?tab=posts").get()
/// ```
public struct Router<Route>: Sendable {
    let table: RouteTable
    /// How route values are built from a match and read back for rendering.
    let codec: RouteCodec<Route>

    /// Matches a link: `scheme://host/path?query#fragment`, or a raw `path?query` read under
    /// the table's default scheme and host.
    ///
    /// ```swift
    /// switch router.match("myapp://app/user/42?tab=posts") {
    /// case .success(let profile): show(profile)
    /// case .failure(let error): print(error)
    /// }
    /// ```
    ///
    /// - Parameter link: The link exactly as received.
    /// - Returns: The route, or a ``RouteMatchError`` that names the reason, the offending span
    ///   and the closest route.
    /// - Complexity: O(*m*) for a link of *m* bytes: one walk of the table's trie, whatever
    ///   the number of routes. The diagnostic's text is computed only when it is read.
    @inlinable
    public func match(_ link: String) -> Result<Route, RouteMatchError> {
        do throws(RouteMatchError) { return .success(try route(for: link)) } catch { return .failure(error) }
    }

    /// Matches `link`, handing the route built to `keep`: `nil` when one was, else the error.
    @usableFromInline
    func match(_ link: String, keeping keep: (Route) -> Void) -> RouteMatchError? {
        table.match(link, build: codec.build, keep: keep)
    }

    /// The route `run` hands to its `keep`, or the error it returns.
    ///
    /// Inlined into the caller, where `Route` is known: the optional is a concrete type there, so
    /// a hit looks up no generic metadata for it. And no `Result` is made: as compiled by
    /// default, the first `Result<Route, RouteMatchError>` a process makes from its mangled name
    /// checks the error type's `Error` conformance by scanning every conformance record of the
    /// process, which the throwing spellings (``route(for:)-(String)``,
    /// ``Routable/init(link:)``) then spare a first use.
    @inlinable
    static func route(_ run: (_ keep: (Route) -> Void) -> RouteMatchError?) throws(RouteMatchError) -> Route {
        var matched: Route?
        if let error = run({ matched = $0 }) { throw error }
        guard let matched else { throw .unbuilt }
        return matched
    }

    /// Matches a `URL` by its absolute string.
    ///
    /// - Parameter url: The URL as received.
    /// - Returns: The route, or the reason it did not match.
    /// - Complexity: As ``match(_:)-(String)``.
    @inlinable
    public func match(_ url: URL) -> Result<Route, RouteMatchError> {
        match(url.absoluteString)
    }

    /// The route a link names; the throwing spelling of ``match(_:)-(String)``.
    ///
    /// ```swift
    /// let profile = try router.route(for: "myapp://app/user/42")
    /// ```
    ///
    /// - Parameter link: The link exactly as received.
    /// - Returns: The route.
    /// - Throws: ``RouteMatchError`` when no route matches.
    @inlinable
    public func route(for link: String) throws(RouteMatchError) -> Route {
        try Self.route { match(link, keeping: $0) }
    }

    /// The route a `URL` names.
    ///
    /// - Parameter url: The URL as received.
    /// - Returns: The route.
    /// - Throws: ``RouteMatchError`` when no route matches.
    @inlinable
    public func route(for url: URL) throws(RouteMatchError) -> Route {
        try route(for: url.absoluteString)
    }

    /// Renders a route as a link.
    ///
    /// ```swift
    /// try router.link(for: Profile(id: 42, tab: nil))   // "myapp://app/user/42"
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - origin: One of the table's origins, exactly as declared, to render under instead of
    ///     the first (`"https://example.com"`).
    ///   - scheme: A scheme to use instead of the route's.
    ///   - host: A host to use instead of the origin's. A route whose pattern gives its own
    ///     host (a table without a default host, or `https://host/…` in the pattern) cannot
    ///     take one: its host chooses the route.
    /// - Returns: A link that matches back to `route` (with the overrides read as the route's
    ///   own scheme and host).
    /// - Throws: ``RouteMatchError`` with ``RouteMatchError/Reason/unrenderableValue(label:problem:)``
    ///   when a value cannot be written so that it reads back as itself, or
    ///   ``RouteMatchError/Reason/unrenderableRoute(_:)`` when the route as a whole cannot
    ///   (an origin the table does not declare, say).
    /// - Complexity: O(*m*) for a link of *m* bytes, plus the route's `encode(to:)`; the
    ///   read-back check is one match.
    public func link(
        for route: Route, origin: String? = nil, scheme: String? = nil, host: String? = nil
    ) throws(RouteMatchError) -> String {
        try rendered(route, origin: origin, scheme: scheme, host: host).link
    }

    /// ``link(for:origin:scheme:host:)``'s link, and the route it renders.
    func rendered(
        _ route: Route, origin: String?, scheme: String?, host: String?
    ) throws(RouteMatchError) -> (link: String, route: CompiledRoute) {
        let (encoded, compiled) = try encoded(route)
        if let override = host ?? origin, let patternHost = compiled.ast.origin.host {
            throw RouteMatchError(
                reason: .unrenderableRoute(.hostOverride(host: override, patternHost: patternHost)),
                input: compiled.reference.pattern, subject: .render, span: compiled.ast.origin.hostSpan,
                closestRoute: compiled.reference)
        }
        let originIndex = try self.originIndex(origin, route: compiled)
        // The link as the table reads it reads back as the route; overrides change only its
        // scheme and host, which the table does not know.
        let link = try LinkRenderer.render(
            route: compiled, defaults: table.defaults, texts: encoded.texts, mounted: encoded.mounted, scheme: nil, host: nil,
            origin: originIndex
        )
        try checkReadsBack(link, as: compiled, origin: originIndex)
        guard scheme != nil || host != nil else { return (link, compiled) }
        let overridden = try LinkRenderer.render(
            route: compiled, defaults: table.defaults, texts: encoded.texts, mounted: encoded.mounted, scheme: scheme, host: host,
            origin: originIndex
        )
        do throws(LinkReader.Unreadable) {
            _ = try LinkReader.components(of: overridden, limits: table.options.limits)
        } catch {
            throw error.error(input: overridden, closestRoute: compiled.reference)
        }
        return (overridden, compiled)
    }

    /// The index of the declared origin `origin` (the first when `nil`).
    private func originIndex(_ origin: String?, route: CompiledRoute) throws(RouteMatchError) -> Int {
        guard let origin else { return 0 }
        let origins = table.defaults.origins
        if let index = origins.firstIndex(where: { $0.text == origin }) { return index }
        do throws(Refused<RouteMatchError.Problem>) {
            let parsed = try Origin.parse(origin)
            if let index = origins.firstIndex(where: { $0.isSame(as: parsed) }) {
                return index
            }
        } catch {
            // Not an origin at all: unknown, as below.
        }
        throw RouteMatchError(
            reason: .unrenderableRoute(.unknownOrigin(origin, declared: origins.map(\.text))), input: origin, subject: .render,
            span: 0..<origin.utf8.count, closestRoute: route.reference)
    }

    /// Renders a route as a `URL`.
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - origin: One of the table's origins to render under instead of the first.
    ///   - scheme: A scheme to use instead of the route's.
    ///   - host: A host to use instead of the origin's.
    /// - Returns: A URL that matches back to `route`.
    /// - Throws: ``RouteMatchError`` as ``link(for:origin:scheme:host:)`` does.
    public func url(
        for route: Route, origin: String? = nil, scheme: String? = nil, host: String? = nil
    ) throws(RouteMatchError) -> URL {
        let text = try link(for: route, origin: origin, scheme: scheme, host: host)
        guard let url = URL(string: text) else {
            throw RouteMatchError(
                reason: .unrenderableRoute(.notAURL), input: text, subject: .render, span: nil, closestRoute: nil)
        }
        return url
    }

    /// The route `value` renders with and its labels' texts; throws why it renders with none:
    /// the table's definition problems, the value's own, or those of its route found on its
    /// first use. (Rendering makes no `Result` of a concrete type: the first one of a process
    /// would have the runtime check `RouteMatchError`'s `Error` conformance, a scan of every
    /// conformance record.)
    func encoded(_ value: Route) throws(RouteMatchError) -> (RouteCodec<Route>.Encoded, CompiledRoute) {
        if let error = table.definitionError() { throw error }
        let encoded = try codec.encode(value, table).get()
        let route = table.routes[encoded.index]
        if let error = table.firstUseError(route) { throw error }
        return (encoded, route)
    }

    /// Checks the table, learning every route: throws its first definition problem, with
    /// every problem listed in the error's ``RouteMatchError/definitionProblems``.
    ///
    /// Matching learns each route on its first use, and a problem found then fails only the
    /// links that reach that route; this finds them all at once. Call it in a test.
    ///
    /// ```swift
    /// @Test func routesAreValid() throws { try router.validate() }
    /// ```
    ///
    /// - Throws: ``RouteMatchError`` whose subject is ``RouteMatchError/Subject/pattern``.
    public func validate() throws(RouteMatchError) {
        if let error = table.validationError() { throw error }
    }

    /// Does now, on the calling thread, the work the table's first matches would do: call it
    /// at launch off the main thread, so that the first link matched does not pay it.
    ///
    /// A table learns each route's type on the route's first use, and the first decode of a
    /// `Codable` route type is costly (the runtime resolves the types the synthesized
    /// `init(from:)` needs). By default this learns the first route, which pays that once for
    /// the type, and each route that captures the rest of the path, preparing the tables they
    /// mount in turn. A route whose labels are types of the app's own (a raw-value enum, a
    /// `LosslessStringConvertible` struct) is still learned on its first link, which then asks
    /// the runtime about those types; `.everyRoute` learns every route now (see
    /// ``RoutePreparation``). What any match or render returns does not change, only when the
    /// work is done; calling it again costs little. A match on another thread meanwhile is
    /// answered as always (it may do part of the work as well).
    ///
    /// ```swift
    /// let router = Router<Screen>(scheme: "myapp", host: "app") { routes in
    ///     routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
    /// }
    /// Task.detached(priority: .userInitiated) { router.prepare() }
    /// ```
    ///
    /// - Parameter extent: How many routes to learn now: the first (by default) or every one.
    public func prepare(_ extent: RoutePreparation = .firstRoute) {
        table.prepare(extent)
    }

    /// The routes' names and patterns, in declaration order. (A route's name is learned from
    /// its type: this learns every route, as ``validate()`` does.)
    public var routes: [RouteReference] { table.routes.map(\.reference) }

    /// Throws unless `link` reads back as `route`, rendered under origin `origin`.
    ///
    /// As a hit reads it: a plain link (most rendered links are) on ``PlainHit``'s path, which
    /// answers as the matcher does, when no origin tried before `origin` could read it
    /// (``TableDefaults/readsOwnLinks``); any other link, or one that path leaves or refuses,
    /// is read and matched whole, and a refusal explained.
    private func checkReadsBack(_ link: String, as route: CompiledRoute, origin: Int) throws(RouteMatchError) {
        var readBack: Int?
        func attempt(_ compiled: CompiledRoute, _ values: consuming BoundValueList) -> DecodeFailure? {
            do throws(DecodeFailure) {
                _ = try codec.build(compiled, values)
                readBack = compiled.index
                return nil
            } catch {
                return error
            }
        }
        var told = PlainHit.Outcome.left
        if table.plainHits, !route.usesOrigins || table.defaults.readsOwnLinks[origin] {
            told = PlainHit.attempt(link, in: table, attempt)
        }
        if case .built = told {
            return try readsBack(readBack, as: route)
        }
        let components: LinkComponents
        do throws(LinkReader.Unreadable) {
            components = try LinkReader.components(of: link, limits: table.options.limits)
        } catch {
            // Every component is percent-encoded, so only a limit (a value longer than
            // `maxLinkLength`, say) can make a rendered link unreadable: say which.
            throw error.error(input: link, closestRoute: route.reference)
        }
        let view = LinkView(components, defaults: table.defaults)
        // Another origin of the same host whose path prefix the link starts with would read it
        // (and its values) from a different place.
        if route.usesOrigins, components.scheme != nil, let found = view.origin, found.accepted, found.index != origin {
            let origins = table.defaults.origins
            throw RouteMatchError(
                reason: .unrenderableRoute(.readsUnderAnotherOrigin(origins[found.index].text)), input: link,
                subject: .render, span: nil, closestRoute: route.reference)
        }
        if let error = table.match(view, told: told, attempt: attempt) {
            if case .formatFailure(let label, _, _) = error.reason {
                throw RenderFailure(label: label, problem: .doesNotReadBack).error(route: route)
            }
            throw error
        }
        try readsBack(readBack, as: route)
    }

    /// Throws unless the route read back, `index`, is `route`.
    private func readsBack(_ index: Int?, as route: CompiledRoute) throws(RouteMatchError) {
        guard let index else { throw .unbuilt }
        if index != route.index { throw readsAsAnotherRoute(route, other: table.routes[index]) }
    }

    /// The error for a link that reads back as `other`: the label whose value spells one of
    /// `other`'s literals at its place, or the route as a whole when no value does.
    private func readsAsAnotherRoute(_ route: CompiledRoute, other: CompiledRoute) -> RouteMatchError {
        for (offset, spec) in route.ast.segments.enumerated() {
            guard let index = route.segmentLabels[offset], spec.value.isCapture, offset < other.ast.segments.count
            else { continue }
            // A value that spells the other's literal, or a rest capture whose segments the
            // other route (shorter, or more specific there) reads first.
            let otherValue = other.ast.segments[offset].value
            let isLiteral = if case .literal = otherValue { true } else { false }
            guard isLiteral || spec.value.isRest else { continue }
            return RenderFailure(label: route.labels[index].name, problem: .readsAsAnotherRoute(other.reference.name))
                .error(route: route)
        }
        return RouteMatchError(
            reason: .unrenderableRoute(.readsAsAnotherRoute(other.reference.name)),
            input: route.reference.pattern, subject: .render, span: nil, closestRoute: route.reference)
    }

    /// The name of the route a value is (its case's, or the route it renders with), or `nil`
    /// when it renders as none of the table's routes.
    func name(of route: Route) -> String? {
        guard case .success(let encoded) = codec.encode(route, table) else { return nil }
        return table.routes[encoded.index].reference.name
    }
}

extension Router where Route: Codable {
    /// Builds a router for struct routes: each pattern maps to one `Codable` type, whose
    /// properties are the pattern's placeholders.
    ///
    /// ```swift
    /// let router = Router<Profile>(scheme: "myapp", host: "app") { routes in
    ///     routes.add("user/${id}?tab=${tab}")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - origins: Where links come from, each `scheme://host[:port][/path-prefix]`; the
    ///     first renders by default. When given, `scheme` and `host` are left out.
    ///   - scheme: The scheme links must have; `""` accepts any.
    ///   - host: The host links must have; `""` makes each pattern's first segment its host.
    ///   - options: Limits and strictness.
    ///   - declare: Adds the routes, most specific or earliest first.
    public init(origins: [String] = [], scheme: String = "", host: String = "", options: MatchOptions = MatchOptions(),
                _ declare: (inout StructRoutes<Route>) -> Void) {
        var routes = StructRoutes<Route>()
        declare(&routes)
        var definitions: [RouteDefinition] = []
        for (offset, pattern) in routes.patterns.enumerated() {
            let name = routes.names[offset] ?? "\(Route.self)"
            definitions.append(RouteDefinition(pattern: pattern, caseKey: nil, probe: StructProbe<Route>(name: name)))
        }
        self.table = RouteTable(
            name: .of(Route.self), definitions: definitions, origins: origins, scheme: scheme, host: host, options: options)
        self.codec = .codable(isEnum: false)
    }
}

/// The patterns of a struct router, added in priority order.
///
/// `Route` is not required to be `Codable` here (the router that reads the patterns requires
/// it): an app's closure that declares the routes makes this type from its mangled name, and a
/// requirement would have the runtime check `Route`'s conformances, each a scan of every
/// conformance record of the process.
public struct StructRoutes<Route> {
    var patterns: [String] = []
    var names: [String?] = []

    /// Adds a pattern whose placeholders are `Route`'s properties.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, e.g. `"user/${id}?tab=${tab}"`.
    ///   - name: The name diagnostics use for this route; the type's name by default.
    public mutating func add(_ pattern: String, name: String? = nil) {
        patterns.append(pattern)
        names.append(name)
    }
}
