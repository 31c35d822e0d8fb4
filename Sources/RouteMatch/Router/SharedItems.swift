#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A route and the query items every route of its table shares, read from one link.
///
/// ```swift
/// struct Tracking: Codable, Equatable { var utm_source: String?; var utm_campaign: String? }
///
/// let found = try AppRoute.match("myapp://app/user/42/profile?utm_source=mail", sharing: Tracking.self).get()
/// found.route    // .userProfile(id: "42")
/// found.shared   // Tracking(utm_source: "mail", utm_campaign: nil)
/// ```
public struct SharedMatch<Route, Shared> {
    /// The route the link names.
    public let route: Route
    /// The shared query items, typed.
    public let shared: Shared

    /// Creates a result, as tests that compare one need.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - shared: The shared query items.
    public init(route: Route, shared: Shared) {
        self.route = route
        self.shared = shared
    }
}

extension SharedMatch: Equatable where Route: Equatable, Shared: Equatable {}
extension SharedMatch: Sendable where Route: Sendable, Shared: Sendable {}

/// The query items of a `Codable` type, compiled once: each property's coding key is a query
/// key (Corridor's global parameters). They are read beside any route, never make two routes
/// ambiguous, are accepted by strict query mode, and follow the policies of any query item (a
/// repeated key into a single value is `duplicateQueryItem`; into an array, every value).
struct SharedItems: Sendable {
    let route: CompiledRoute
    /// The query keys, in declaration order. (An array: a link's items are compared with each
    /// in place, and a `Set` would cost a first use a conformance scan, see
    /// ``Swift/Array/appendIfAbsent(_:)``.)
    let keys: [String]
    /// Why the type cannot be read from query items, if it cannot.
    let problem: DefinitionProblem?

    init<Shared: Decodable>(_ type: Shared.Type) {
        let shape = ShapeProbe.probe(Shared.self, caseKey: nil)
        let name = "shared \(Shared.self)"
        let pattern = "?" + TextJoin.join(shape.labels.map { "\($0.name)=${\($0.name)}" }, separator: "&")
        var ast = PatternAST(text: pattern)
        var offset = 1
        for label in shape.labels {
            let keyLength = label.name.utf8.count
            let valueStart = offset + keyLength + 1
            let valueEnd = valueStart + keyLength + 3
            ast.queryItems.append(.init(
                key: label.name, keyTag: ByteTag(label.name), keySpan: offset..<offset + keyLength, value: .capture(label.name),
                valueSpan: valueStart..<valueEnd, span: offset..<valueEnd, captureSpan: valueStart..<valueEnd))
            offset = valueEnd + 1
        }
        let reference = RouteReference(name: name, pattern: pattern)
        // Probed already (the pattern is made of the labels): learned at once.
        let learned = LearnedRoute(
            name: .given, labels: shape.labels, declaredLabels: shape.labels, problems: [], constant: nil)
        route = CompiledRoute(
            index: 0, ast: ast, slots: CompiledRoute.Slots(ast), caseKey: nil, usesOrigins: false,
            defaults: TableDefaults(scheme: "", host: "", origins: [], options: MatchOptions()),
            probe: StructProbe<Shared>(name: name), learnedSlots: LearnedSlots(count: 1),
            learned: learned)
        keys = shape.labels.map(\.name)
        switch shape.problem {
        case .label(let label, let type, let problem)?:
            self.problem = DefinitionProblem(
                route: reference, reason: .unsupportedType(label: label, type: type, problem: problem), span: nil)
        case .samplesRejected(let type, let message)?:
            self.problem = DefinitionProblem(route: reference, reason: .samplesRejected(type: type, message: message), span: nil)
        case nil:
            self.problem = shape.labels.first { $0.mount != nil }.map { label in
                DefinitionProblem(
                    route: reference, reason: .unsupportedType(label: label.name, type: label.typeName, problem: .notTextual),
                    span: nil)
            }
        }
    }

    /// The items of `Shared`, compiled once per type.
    static func of<Shared: Decodable>(_ type: Shared.Type) -> SharedItems {
        TableCache.table(for: SharedTable<Shared>.self, as: SharedItems.self) { SharedItems(Shared.self) }
    }

    /// Reads the items from a link already read. (Throws, where a `Result` of a concrete type
    /// would have the runtime check `RouteMatchError`'s `Error` conformance on a process's
    /// first, a scan of every conformance record.)
    func read<Shared: Decodable>(_ type: Shared.Type, from view: LinkView) throws(RouteMatchError) -> Shared {
        if let problem {
            throw RouteMatchError(
                reason: problem.reason, input: route.reference.pattern, subject: .pattern, span: nil,
                closestRoute: route.reference, definitionProblems: [problem])
        }
        let failed: Problems
        switch Evaluator.evaluateQuery(route, view: view) {
        case .fits(let values):
            do throws(DecodeFailure) {
                return try RouteDecoder.decode(Shared.self, route: route, learned: nil, values: values)
            } catch {
                failed = Problems(first: error.problem(route: route, view: view), more: [])
            }
        case .fails(let problems):
            failed = problems
        }
        let notes = failed.more
        throw RouteMatchError(
            reason: failed.first.reason, input: view.link.text, subject: .link, span: failed.first.span,
            closestRoute: route.reference, notes: notes, isSharedItems: true, details: nil)
    }
}

/// The cache key of a type's shared items.
enum SharedTable<Shared> {}

extension Router {
    /// Matches a link, and reads the query items every route shares beside the route.
    ///
    /// ```swift
    /// switch router.match("myapp://app/user/42?utm_source=mail", sharing: Tracking.self) {
    /// case .success(let found): show(found.route, from: found.shared)
    /// case .failure(let error): print(error)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link exactly as received.
    ///   - shared: A `Codable` type whose properties' coding keys are the shared query keys
    ///     (usually all optional).
    /// - Returns: The route and the shared items, or the route's error, or (when the route
    ///   matches) the shared items' error, such as a `formatFailure` with its caret.
    /// - Complexity: As ``match(_:)-(String)``, plus one pass over the link's query items.
    public func match<Shared: Decodable>(
        _ link: String, sharing shared: Shared.Type
    ) -> Result<SharedMatch<Route, Shared>, RouteMatchError> {
        do throws(RouteMatchError) { return .success(try route(for: link, sharing: shared)) } catch { return .failure(error) }
    }

    /// The route a link names and the query items every route shares; the throwing spelling
    /// of ``match(_:sharing:)``.
    ///
    /// ```swift
    /// let found = try router.route(for: "myapp://app/user/42?utm_source=mail", sharing: Tracking.self)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link exactly as received.
    ///   - shared: The type of the shared items; its properties' coding keys are the query keys.
    /// - Returns: The route and the shared items.
    /// - Throws: ``RouteMatchError``: the route's error, or (when the route matches) the shared
    ///   items'.
    public func route<Shared: Decodable>(
        for link: String, sharing shared: Shared.Type
    ) throws(RouteMatchError) -> SharedMatch<Route, Shared> {
        let items = SharedItems.of(Shared.self)
        var view = try table.view(of: link)
        view.sharedKeys = items.keys
        let route = try Self.route { keep in table.match(view, build: codec.build, keep: keep) }
        return SharedMatch(route: route, shared: try items.read(Shared.self, from: view))
    }

    /// The route a `URL` names and the query items every route shares.
    ///
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - shared: The type of the shared items.
    /// - Returns: The route and the shared items.
    /// - Throws: ``RouteMatchError`` as ``route(for:sharing:)-(String,_)`` does.
    public func route<Shared: Decodable>(
        for url: URL, sharing shared: Shared.Type
    ) throws(RouteMatchError) -> SharedMatch<Route, Shared> {
        try route(for: url.absoluteString, sharing: shared)
    }

    /// ``prepare(_:)``, and the query items every route shares compiled as well (their type's
    /// first decode paid): what the first ``match(_:sharing:)`` would do first.
    ///
    /// ```swift
    /// Task.detached(priority: .userInitiated) { router.prepare(sharing: Tracking.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - extent: How many routes to learn now: the first (by default) or every one.
    ///   - shared: The type of the shared items the app's matches read.
    public func prepare<Shared: Decodable>(_ extent: RoutePreparation = .firstRoute, sharing shared: Shared.Type) {
        prepare(extent)
        _ = SharedItems.of(Shared.self)
    }

    /// Renders a route and appends the shared query items (`nil` left out; a key the route's
    /// own pattern uses is the route's).
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - shared: The shared items.
    ///   - origin: One of the table's origins to render under instead of the first.
    /// - Returns: A link that matches back to `route` and `shared`.
    /// - Throws: ``RouteMatchError`` as ``link(for:origin:scheme:host:)`` does, or for a shared
    ///   value that cannot be written.
    public func link<Shared: Encodable>(for route: Route, sharing shared: Shared, origin: String? = nil) throws(RouteMatchError) -> String {
        let written = try rendered(route, origin: origin, scheme: nil, host: nil)
        var link = written.link
        let encoder = RouteEncoder(isEnum: false)
        do { try shared.encode(to: encoder) } catch {
            throw RouteMatchError(reason: .unrenderableRoute(.encodingFailed), input: "", subject: .render, span: nil, closestRoute: nil)
        }
        if let problem = encoder.rendered.problem {
            throw RouteMatchError(
                reason: .unrenderableValue(label: problem.label, problem: problem.problem), input: "", subject: .render,
                span: nil, closestRoute: nil)
        }
        // A key the route's own pattern uses is the route's.
        let own = written.route.ast.queryItems
        var items: [String] = []
        for labelTexts in encoder.rendered.values where !own.contains(where: { $0.key == labelTexts.label }) {
            for text in labelTexts.texts ?? [] {
                items.append(PercentEncoding.encode(labelTexts.label) + "=" + PercentEncoding.encode(text))
            }
        }
        guard !items.isEmpty else { return link }
        // Before the fragment, after the route's own query items.
        var fragment = ""
        if let hash = link.firstIndex(of: "#") {
            fragment = String(link[hash...])
            link = String(link[..<hash])
        }
        return link + (link.contains("?") ? "&" : "?") + TextJoin.join(items, separator: "&") + fragment
    }
}

extension Routable {
    /// Matches a link, and reads the query items every route shares beside the route.
    ///
    /// ```swift
    /// struct Tracking: Codable, Equatable { var utm_source: String?; var utm_campaign: String? }
    /// let found = try AppRoute.match("myapp://app/user/42/profile?utm_source=mail", sharing: Tracking.self).get()
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link exactly as received.
    ///   - shared: The type of the shared items; its properties' coding keys are the query keys.
    /// - Returns: The route and the shared items, or the reason they did not match.
    public static func match<Shared: Decodable>(
        _ link: String, sharing shared: Shared.Type
    ) -> Result<SharedMatch<Self, Shared>, RouteMatchError> {
        router.match(link, sharing: shared)
    }

    /// The route a link names and the query items every route shares; the throwing spelling
    /// of ``match(_:sharing:)``.
    ///
    /// ```swift
    /// let found = try AppRoute.route(for: "myapp://app/user/42/profile?utm_source=mail", sharing: Tracking.self)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link exactly as received.
    ///   - shared: The type of the shared items; its properties' coding keys are the query keys.
    /// - Returns: The route and the shared items.
    /// - Throws: ``RouteMatchError``: the route's error, or (when the route matches) the shared
    ///   items'.
    public static func route<Shared: Decodable>(
        for link: String, sharing shared: Shared.Type
    ) throws(RouteMatchError) -> SharedMatch<Self, Shared> {
        try router.route(for: link, sharing: shared)
    }

    /// The route a `URL` names and the query items every route shares.
    ///
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - shared: The type of the shared items.
    /// - Returns: The route and the shared items.
    /// - Throws: ``RouteMatchError`` as ``route(for:sharing:)-(String,_)`` does.
    public static func route<Shared: Decodable>(
        for url: URL, sharing shared: Shared.Type
    ) throws(RouteMatchError) -> SharedMatch<Self, Shared> {
        try router.route(for: url, sharing: shared)
    }

    /// ``prepare(_:)``, and the query items every route shares compiled as well (their type's
    /// first decode paid): what the first ``match(_:sharing:)`` would do first.
    ///
    /// ```swift
    /// Task.detached(priority: .userInitiated) { AppRoute.prepare(sharing: Tracking.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - extent: How many routes to learn now: the first (by default) or every one.
    ///   - shared: The type of the shared items the app's matches read.
    public static func prepare<Shared: Decodable>(_ extent: RoutePreparation = .firstRoute, sharing shared: Shared.Type) {
        router.prepare(extent, sharing: shared)
    }

    /// Renders the route with the shared query items appended.
    ///
    /// - Parameters:
    ///   - shared: The shared items; `nil` properties are left out.
    ///   - origin: One of ``origins`` to render under instead of the first.
    /// - Returns: A link that matches back to this route and `shared`.
    /// - Throws: ``RouteMatchError`` as ``link(scheme:host:)`` does.
    public func link<Shared: Encodable>(sharing shared: Shared, origin: String? = nil) throws(RouteMatchError) -> String {
        try Self.router.link(for: self, sharing: shared, origin: origin)
    }
}
