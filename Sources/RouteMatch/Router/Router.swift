#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A compiled table of routes that turns links into `Route` values and back.
///
/// Every ``Routable`` type has one (``Routable/router``); build your own for struct routes with
/// ``Router/init(scheme:host:options:_:)``. A router is immutable and `Sendable`: share one
/// between threads and tasks.
///
/// ```swift
/// struct Profile: Codable, Equatable { var id: Int; var tab: String? }
/// let router = Router<Profile>(scheme: "myapp", host: "app") { routes in
///     routes.add("user/${id}?tab=${tab}")
/// }
/// let profile = try router.match("myapp://app/user/42?tab=posts").get()
/// ```
public struct Router<Route: Codable>: Sendable {
    let table: RouteTable
    /// Whether routes are enum cases (chosen by coding key) or one struct type.
    let isEnum: Bool

    /// Matches a link: `scheme://host/path?query#fragment`, or a raw `path?query` read under
    /// the table's default scheme and host.
    ///
    /// - Parameter link: The link exactly as received.
    /// - Returns: The route, or a ``RouteMatchError`` that names the reason, the offending span
    ///   and the closest route.
    public func match(_ link: String) -> Result<Route, RouteMatchError> {
        var result: Route?
        let error = table.match(link) { index, values in decode(index, values) { result = $0 } }
        if let result { return .success(result) }
        return .failure(error ?? RouteMatchError(
            reason: .noRoutes, input: link, subject: .link, span: nil, closestRoute: nil))
    }

    /// Matches a `URL` by its absolute string.
    ///
    /// - Parameter url: The URL as received.
    /// - Returns: The route, or the reason it did not match.
    public func match(_ url: URL) -> Result<Route, RouteMatchError> {
        match(url.absoluteString)
    }

    /// Renders a route as a link.
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - scheme: A scheme to use instead of the route's.
    ///   - host: A host to use instead of the route's.
    /// - Returns: A link that matches back to `route`.
    /// - Throws: ``RouteMatchError`` with ``Reason/unrenderableValue(label:problem:)`` when a
    ///   value cannot be written so that it reads back as itself.
    public func link(for route: Route, scheme: String? = nil, host: String? = nil) throws(RouteMatchError) -> String {
        if let error = table.definitionError() { throw error }
        let encoder = RouteEncoder(isEnum: isEnum)
        var encodingFailed = false
        do { try route.encode(to: encoder) } catch { encodingFailed = true }
        guard let index = routeIndex(for: encoder), table.routes.indices.contains(index) else {
            throw RouteMatchError(
                reason: .unrenderableValue(label: "", problem: encodingFailed ? .encodingFailed : .notTextual),
                input: "", subject: .render, span: nil, closestRoute: nil)
        }
        let compiled = table.routes[index]
        if encodingFailed, encoder.problem == nil {
            throw RouteMatchError(
                reason: .unrenderableValue(label: "", problem: .encodingFailed),
                input: compiled.reference.pattern, subject: .render, span: nil, closestRoute: compiled.reference)
        }
        if let problem = encoder.problem {
            let span = compiled.ast.captures.first { $0.name == problem.label }?.span
            throw RouteMatchError(
                reason: .unrenderableValue(label: problem.label, problem: problem.problem),
                input: compiled.reference.pattern, subject: .render, span: span, closestRoute: compiled.reference)
        }
        let link = try LinkRenderer.render(
            route: compiled, table: table, texts: encoder.texts(for:),
            scheme: scheme, host: host
        ).get()
        try checkReadsBack(link, as: compiled)
        return link
    }

    /// Renders a route as a `URL`.
    ///
    /// - Throws: ``RouteMatchError`` as ``link(for:scheme:host:)`` does.
    public func url(for route: Route, scheme: String? = nil, host: String? = nil) throws(RouteMatchError) -> URL {
        let text = try link(for: route, scheme: scheme, host: host)
        guard let url = URL(string: text) else {
            throw RouteMatchError(
                reason: .unrenderableValue(label: "", problem: .notTextual), input: text, subject: .render,
                span: nil, closestRoute: nil)
        }
        return url
    }

    /// Checks the table: throws its first definition problem, with every problem listed in
    /// the error's ``RouteMatchError/definitionProblems``.
    ///
    /// - Throws: ``RouteMatchError`` whose subject is ``RouteMatchError/Subject/pattern``.
    public func validate() throws(RouteMatchError) {
        if let error = table.definitionError() { throw error }
    }

    /// The routes' names and patterns, in declaration order.
    public var routes: [RouteReference] { table.routes.map(\.reference) }

    /// Throws when `link` would be read back as a route other than `route`: a value that
    /// spells a more specific route's literal. Scheme and host are not compared, since the
    /// caller may have overridden them.
    private func checkReadsBack(_ link: String, as route: CompiledRoute) throws(RouteMatchError) {
        guard case .success(var components) = LinkReader.read(link, limits: table.options.limits) else { return }
        components.scheme = nil
        let view = LinkView(components, table: table)
        guard let root = table.trie.roots[view.host] ?? table.trie.roots[route.host] else { return }
        var winner: Int?
        var search = Search(table: table, view: view)
        _ = search.walk(node: root, depth: 0) { index, values in decode(index, values) { _ in winner = index } }
        guard let winner, winner != route.index else { return }
        let other = table.routes[winner]
        // The label whose value is the other route's literal at the same place.
        var label = route.labels.first?.name ?? ""
        for (offset, spec) in route.ast.segments.enumerated() {
            guard let index = route.segmentLabels[offset], offset < other.ast.segments.count,
                case .literal = other.ast.segments[offset].value, spec.value.captureName != nil
            else { continue }
            label = route.labels[index].name
            break
        }
        let span = route.ast.captures.first { $0.name == label }?.span
        throw RouteMatchError(
            reason: .unrenderableValue(label: label, problem: .readsAsAnotherRoute(other.reference.name)),
            input: route.reference.pattern, subject: .render, span: span, closestRoute: route.reference)
    }

    /// Builds route `index`'s value from its bound values and hands it to `found`; returns the
    /// label that did not convert, for the matcher to try the next route.
    private func decode(_ index: Int, _ values: [BoundValue], _ found: (Route) -> Void) -> RouteDecoder.Failure? {
        let route = table.routes[index]
        switch RouteDecoder.decode(Route.self, caseKey: route.caseKey, labels: route.labelNames, values: values) {
        case .success(let value):
            found(value)
            return nil
        case .failure(let failure):
            return failure
        }
    }

    /// The route a value renders with: its case's, or for a struct type with several patterns
    /// the first whose placeholders all have values.
    private func routeIndex(for encoder: RouteEncoder) -> Int? {
        if isEnum { return encoder.caseKey.flatMap { table.routeByCaseKey[$0] } }
        let complete = table.routes.first { route in
            route.labels.allSatisfy { label in
                label.isOptional || label.isList || (encoder.texts(for: label.name) ?? nil) != nil
            }
        }
        return complete?.index ?? table.routes.first?.index
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
    ///   - scheme: The scheme links must have; `""` accepts any.
    ///   - host: The host links must have; `""` makes each pattern's first segment its host.
    ///   - options: Limits and strictness.
    ///   - declare: Adds the routes, most specific or earliest first.
    public init(scheme: String = "", host: String = "", options: MatchOptions = MatchOptions(),
                _ declare: (inout StructRoutes<Route>) -> Void) {
        var routes = StructRoutes<Route>()
        declare(&routes)
        var definitions: [RouteDefinition] = []
        for (offset, pattern) in routes.patterns.enumerated() {
            let shape = ShapeProbe.probe(Route.self, caseKey: nil)
            definitions.append(RouteDefinition(
                name: routes.names[offset] ?? "\(Route.self)", pattern: pattern, caseKey: nil,
                labels: shape.labels, typeProblem: shape.problem))
        }
        self.table = RouteTable(name: "\(Route.self)", definitions: definitions, scheme: scheme, host: host, options: options)
        self.isEnum = false
    }
}

/// The patterns of a struct router, added in priority order.
public struct StructRoutes<Route: Codable> {
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
