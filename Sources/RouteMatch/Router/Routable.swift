#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type whose values are the routes of an app: an enum whose cases' coding keys are their
/// link patterns.
///
/// Declare the cases once; Swift's synthesized `Codable` tells RouteMatch each case's
/// associated values and their types, and the compiler checks that every coding key names a
/// case:
///
/// ```swift
/// enum AppRoute: Routable, Equatable {
///     static var scheme: String { "myapp" }
///     static var host: String { "app" }
///
///     case home
///     case userPosts(id: Int, page: Int, premium: Bool)
///     case article(slug: String, ref: String?)
///
///     enum CodingKeys: String, CodingKey, CaseIterable {
///         case home = ""
///         case userPosts = "user/${id}/posts?page=${page}&premium=${premium}"
///         case article = "article/${slug}?ref=${ref}"
///     }
/// }
///
/// let route = try AppRoute(link: "myapp://app/article/swift?ref=news")
/// let link = try AppRoute.home.link()        // "myapp://app"
/// ```
public protocol Routable: Codable, _RouteLabelDeclaring {
    /// The coding keys whose raw values are the cases' patterns, and whose `allCases` is an
    /// array, as Swift synthesizes it for `enum CodingKeys: String, CodingKey, CaseIterable`.
    ///
    /// (An array known as one: code generic over the route type reads the keys without asking
    /// the runtime what `AllCases` is, some 12,000 instructions of a route type's first use.)
    associatedtype CodingKeys: CodingKey & CaseIterable & RawRepresentable
        where CodingKeys.RawValue == String, CodingKeys.AllCases == [CodingKeys]

    /// Where the type's links come from, each `scheme://host[:port][/path-prefix]`: a custom
    /// scheme and the universal-link domains that carry the same routes. A link matches when
    /// its scheme, host and port equal one origin's and its path starts with that origin's
    /// prefix; the rest of its path is matched against the patterns. The first origin
    /// renders by default (``link(origin:)`` picks another). Empty by default: ``scheme``
    /// and ``host`` say where links come from.
    ///
    /// ```swift
    /// static var origins: [String] {
    ///     ["myapp://app", "https://example.com", "https://www.example.com/app"]
    /// }
    /// ```
    static var origins: [String] { get }
    /// The scheme links must have (compared case-insensitively); `""` accepts any. By default
    /// the first origin's, or `""`.
    static var scheme: String { get }
    /// The host links must have (compared case-insensitively); with `""`, each pattern's first
    /// segment is its host. By default the first origin's (with its port), or `""`.
    static var host: String { get }
    /// Limits and strictness; the defaults suit most apps.
    static var options: MatchOptions { get }
}

extension Routable {
    /// No origins: ``scheme`` and ``host`` say where links come from.
    public static var origins: [String] { [] }
    /// The first origin's scheme, or `""` (links of any scheme match) without origins.
    public static var scheme: String { firstOrigin?.scheme ?? "" }
    /// The first origin's host, or `""` (each pattern's first segment is its host) without origins.
    public static var host: String { firstOrigin?.host ?? "" }

    /// The first declared origin, parsed; `nil` without origins or when it does not parse (the
    /// table reports that origin's problem).
    private static var firstOrigin: Origin? {
        guard let first = origins.first else { return nil }
        do throws(Refused<RouteMatchError.Problem>) { return try Origin.parse(first) } catch { return nil }
    }
    /// The default options: ``MatchOptions/init(limits:strictQuery:allowsLinksWithoutHost:)``
    /// with every parameter at its default.
    public static var options: MatchOptions { MatchOptions() }

    /// The type's compiled table, built on first use and shared.
    @inlinable
    public static var router: Router<Self> {
        // Inlined into the caller, where `Self` is known: the entry's and the router's types are
        // concrete there, so a match looks up no generic metadata to read the cache.
        TableCache.table(for: Self.self, as: Router<Self>.self) { Router<Self>(Self.self) }
    }

    /// Calls `body` with ``router``, lent: the router (kept for the process) is not retained
    /// for a match, where a copy of it retains and releases what it holds.
    @inlinable
    static func withRouter<Result>(_ body: (Router<Self>) -> Result) -> Result {
        TableCache.withTable(for: Self.self, as: Router<Self>.self, build: { Router<Self>(Self.self) }, body)
    }

    /// Matches a link against the type's routes.
    ///
    /// ```swift
    /// switch AppRoute.match("myapp://app/user/42/posts?page=2&premium=true") {
    /// case .success(let route): show(route)
    /// case .failure(let error): log(error)   // a diagnostic with a caret under the problem
    /// }
    /// ```
    ///
    /// - Parameter link: A full link, or a raw `path?query` read under ``scheme`` and ``host``.
    /// - Returns: The route, or a ``RouteMatchError``.
    /// - Complexity: O(*m*) for a link of *m* bytes, whatever the number of routes, plus the
    ///   route's synthesized `init(from:)`. The first call builds the table.
    @inlinable
    public static func match(_ link: String) -> Result<Self, RouteMatchError> {
        withRouter { $0.match(link) }
    }

    /// Matches a `URL` against the type's routes.
    ///
    /// - Parameter url: The URL as received.
    /// - Returns: The route, or a ``RouteMatchError``.
    /// - Complexity: As ``match(_:)-(String)``.
    @inlinable
    public static func match(_ url: URL) -> Result<Self, RouteMatchError> {
        withRouter { $0.match(url) }
    }

    /// Creates the route a URL names.
    ///
    /// - Parameter url: The URL as received.
    /// - Throws: ``RouteMatchError`` when no route matches.
    @inlinable
    public init(url: URL) throws(RouteMatchError) {
        self = try Router<Self>.route { keep in Self.withRouter { $0.match(url.absoluteString, keeping: keep) } }
    }

    /// Creates the route a link names.
    ///
    /// ```swift
    /// let route = try AppRoute(link: "myapp://app/article/swift")
    /// ```
    ///
    /// - Parameter link: A full link, or a raw `path?query`.
    /// - Throws: ``RouteMatchError`` when no route matches.
    @inlinable
    public init(link: String) throws(RouteMatchError) {
        self = try Router<Self>.route { keep in Self.withRouter { $0.match(link, keeping: keep) } }
    }

    /// Renders the route as a link.
    ///
    /// ```swift
    /// try AppRoute.article(slug: "swift", ref: nil).link()   // "myapp://app/article/swift"
    /// ```
    ///
    /// - Parameters:
    ///   - scheme: A scheme to use instead of ``scheme``.
    ///   - host: A host to use instead of ``host`` (a route whose pattern gives its own host
    ///     takes none: its host chooses the route).
    /// - Returns: A link that matches back to this route.
    /// - Throws: ``RouteMatchError`` with ``RouteMatchError/Reason/unrenderableValue(label:problem:)``
    ///   for a value that cannot round-trip (an empty path segment, `""` in an Optional), or
    ///   ``RouteMatchError/Reason/unrenderableRoute(_:)`` for the route as a whole.
    /// - Complexity: O(*m*) for a link of *m* bytes, plus the route's `encode(to:)`.
    public func link(scheme: String? = nil, host: String? = nil) throws(RouteMatchError) -> String {
        try Self.router.link(for: self, scheme: scheme, host: host)
    }

    /// Renders the route as a link under one of the type's ``origins``.
    ///
    /// ```swift
    /// try AppRoute.home.link(origin: "https://example.com")   // "https://example.com"
    /// ```
    ///
    /// - Parameter origin: One of ``origins``, as declared.
    /// - Returns: A link that matches back to this route.
    /// - Throws: ``RouteMatchError`` as ``link(scheme:host:)`` does, and
    ///   ``RouteMatchError/RouteRenderProblem/unknownOrigin(_:declared:)`` for an origin the type does not declare.
    public func link(origin: String) throws(RouteMatchError) -> String {
        try Self.router.link(for: self, origin: origin)
    }

    /// Renders the route as a `URL` under one of the type's ``origins``.
    ///
    /// - Parameter origin: One of ``origins``, as declared.
    /// - Returns: A URL that matches back to this route.
    /// - Throws: ``RouteMatchError`` as ``link(origin:)`` does.
    public func url(origin: String) throws(RouteMatchError) -> URL {
        try Self.router.url(for: self, origin: origin)
    }

    /// Renders the route as a `URL`.
    ///
    /// - Parameters:
    ///   - scheme: A scheme to use instead of ``scheme``.
    ///   - host: A host to use instead of ``host``.
    /// - Returns: A URL that matches back to this route.
    /// - Throws: ``RouteMatchError`` as ``link(scheme:host:)`` does.
    public func url(scheme: String? = nil, host: String? = nil) throws(RouteMatchError) -> URL {
        try Self.router.url(for: self, scheme: scheme, host: host)
    }

    /// Builds the type's table now, learns every route, and throws its first definition
    /// problem, listing them all.
    ///
    /// A table is built from its patterns; what each route's type says is learned on the
    /// route's first use, and a problem found then fails only the links that reach that route.
    /// Call this in a test, so that every problem is found before a link finds it.
    ///
    /// ```swift
    /// @Test func routesAreValid() throws { try AppRoute.validate() }
    /// ```
    ///
    /// - Throws: ``RouteMatchError`` whose ``RouteMatchError/definitionProblems`` lists every
    ///   problem, each with a caret into its pattern.
    public static func validate() throws(RouteMatchError) {
        try router.validate()
    }

    /// Builds the type's table and does now, on the calling thread, the work its first match
    /// would do: call it at launch off the main thread, so that the first link does not pay it.
    ///
    /// The first decode of a route enum costs most of its first use (the runtime resolves the
    /// types its synthesized `init(from:)` needs, more the more cases it has). This builds the
    /// table, learns its first route, which pays that decode once for the type, and prepares
    /// the feature enums it mounts; with `.everyRoute` it learns every route, so that a route
    /// whose labels are types of the app's own does not ask the runtime about them on its
    /// first link; see ``Router/prepare(_:)``. Nothing it returns changes.
    ///
    /// ```swift
    /// Task.detached(priority: .userInitiated) { AppRoute.prepare() }
    /// Task.detached(priority: .userInitiated) { AppRoute.prepare(.everyRoute) }  // every route learned
    /// ```
    ///
    /// - Parameter extent: How many routes to learn now: the first (by default) or every one.
    public static func prepare(_ extent: RoutePreparation = .firstRoute) {
        router.prepare(extent)
    }
}

extension Router where Route: Routable {
    /// Compiles a ``Routable`` type's cases into a new table.
    ///
    /// ``Routable/router`` builds one on first use and shares it; build your own only to keep
    /// it apart from that cache (to time the build, say).
    ///
    /// ```swift
    /// let router = Router(AppRoute.self)
    /// let route = try router.match("myapp://app/user/42/profile").get()
    /// ```
    ///
    /// - Parameter routable: The route type.
    public init(_ routable: Route.Type) {
        self.init(routable, mounted: false)
    }

    /// Compiles a ``Routable`` type's cases; `mounted` compiles them relative to the path
    /// where another table mounts them.
    init(_ routable: Route.Type, mounted: Bool) {
        let keys = Route.CodingKeys.allCases
        var definitions: [RouteDefinition] = []
        definitions.reserveCapacity(keys.count)
        let caseProbe = CaseProbe<Route>()
        for key in keys {
            let text = key.rawValue
            let caseKey = CaseKey(text: text, value: key)
            // Probed on the case's first use: the case's decode instantiates its own coding
            // keys' type, which costs a scan of the process's conformances each (unless the
            // enum's module is compiled with the README's first-use setting).
            guard RouteDefinition.listsSeveralPatterns(text) else {
                definitions.append(RouteDefinition(pattern: text, caseKey: caseKey, probe: caseProbe))
                continue
            }
            // `"new/${id} | old/${id}"`: several patterns reach the case; the first renders.
            let patterns = RouteDefinition.patterns(in: text)
            let probe: any RouteProbing = patterns.count == 1 ? caseProbe : SharedProbe(caseProbe)
            for pattern in patterns {
                definitions.append(RouteDefinition(pattern: pattern, caseKey: caseKey, probe: probe))
            }
        }
        self.table = mounted
            ? RouteTable(name: .of(Route.self), definitions: definitions, mountedWith: Route.options)
            : RouteTable(
                name: .of(Route.self), definitions: definitions, origins: Route.origins, scheme: Route.scheme,
                host: Route.host, options: Route.options)
        self.codec = .codable(isEnum: true)
    }

    /// The case's name, from the synthesized per-case key type's name (`UserPostsCodingKeys`
    /// → `userPosts`, ``RouteName/caseName(ofKeyType:)``); when that spelling does not say it
    /// (a case name starting with an acronym, `URLOpen` → `URLOpenCodingKeys`),
    /// ``caseName(sample:keyTypeName:)``.
    static func caseName(keyTypeName: String?, sample: ShapeProbe.Sample) -> String {
        if let keyTypeName, let name = RouteName.caseName(ofKeyType: keyTypeName) { return name }
        return caseName(sample: sample, keyTypeName: keyTypeName)
    }

    /// The case's name where its key type's name does not say it: its sample value's (the
    /// reflection's label, or the value's own text), else the key type's name itself, else the
    /// route type's. (What ``RouteName`` asks the case's probe after trying the key type's name.)
    static func caseName(sample: ShapeProbe.Sample, keyTypeName: @autoclosure () -> String?) -> String {
        if case .made(let value) = sample {
            if let label = Mirror(reflecting: value).children.first?.label { return label }
            if !(value is any CustomStringConvertible) && !(value is any CustomDebugStringConvertible) {
                return String(describing: value)
            }
        }
        return keyTypeName() ?? "\(Route.self)"
    }
}
