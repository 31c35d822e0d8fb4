import RouteMatch

/// A route table as the tool sees it, whatever its route type: it matches links, lists its
/// routes and checks itself.
///
/// ```swift
/// let table = ToolTable(AppRoute.self)                           // an app's Routable type
/// let fromFile = ToolTable.routeFile(text, name: "routes.txt")   // Result<ToolTable, RouteFile.Problems>
/// ```
public struct ToolTable: Sendable {
    /// A matched link: the route that matched, the value as Swift prints it, and each
    /// placeholder's value.
    public struct Hit: Sendable, Equatable {
        /// The table's route that matched.
        public let route: RouteReference
        /// The value, as `String(describing:)` prints it: `userPosts(id: 42, page: 2, premium: true)`.
        public let value: String
        /// Each value's label, type and text, in declaration order.
        public let values: [Value]
        /// The case (or route) name alone.
        public var caseName: String { value.prefix { $0 != "(" }.description }
    }

    /// One value of a hit.
    public struct Value: Sendable, Equatable {
        /// The label.
        public let name: String
        /// The type, as ``RouteListing/Value/type`` names it.
        public let type: String
        /// The value as Swift prints it (`42`, `"swift"`, `nil`, `[1, 2]`).
        public let text: String
    }

    /// The table's name (its type's, or the route file's).
    public let name: String
    /// The table's routes, their patterns and value types.
    public let listings: [RouteListing]
    let matcher: @Sendable (String) -> Result<Hit, RouteMatchError>
    let validator: @Sendable () -> RouteMatchError?

    /// The table of a `Routable` type.
    ///
    /// - Parameter type: The app's route type.
    public init<Route: Routable>(_ type: Route.Type) {
        self.init(Route.router, name: "\(Route.self)")
    }

    /// The table of a router.
    ///
    /// - Parameters:
    ///   - router: The router.
    ///   - name: The name the tool prints for it.
    public init<Route>(_ router: Router<Route>, name: String) {
        self.init(router, name: name) { $0 }
    }

    /// A table whose definition problems `present` shows (a route file's, in the file's text).
    init<Route>(_ router: Router<Route>, name: String, presenting present: @escaping @Sendable (RouteMatchError) -> RouteMatchError) {
        self.name = name
        let listings = router.listings
        self.listings = listings
        // Each hit finds its route's value types by key, not by a scan of every route.
        let valueTypes = Dictionary(listings.map { ($0.route, $0.values) }, uniquingKeysWith: { first, _ in first })
        matcher = { link in
            router.matchedRoute(for: link).map { hit in
                let types = valueTypes[hit.route] ?? []
                let values = (hit.value as? DynamicRoute)?.values ?? ValueText.values(of: hit.value, types: types)
                return Hit(route: hit.route, value: String(describing: hit.value), values: values)
            }
        }
        validator = {
            do throws(RouteMatchError) {
                try router.validate()
                return nil
            } catch {
                return present(error)
            }
        }
    }

    /// Matches a link.
    ///
    /// - Parameter link: The link.
    /// - Returns: The hit, or the reason it did not match.
    public func match(_ link: String) -> Result<Hit, RouteMatchError> { matcher(link) }

    /// The table's definition problems, or `nil` when it has none.
    public func validate() -> RouteMatchError? { validator() }
}

/// How the tool prints values: `42`, `"swift"`, `nil`, `[1, 2]`, never `Optional(42)`.
enum ValueText {
    /// The values of a route value, labelled by its listing's labels.
    static func values(of route: Any, types: [RouteListing.Value]) -> [ToolTable.Value] {
        let payloads = payloads(of: route, labels: types.map(\.name))
        return zip(types, payloads).map { type, payload in
            ToolTable.Value(name: type.name, type: type.type, text: text(of: payload))
        }
    }

    /// The associated values of an enum case (or the stored properties of a struct), in order.
    private static func payloads(of route: Any, labels: [String]) -> [Any] {
        let mirror = Mirror(reflecting: route)
        if mirror.displayStyle == .enum {
            guard let payload = mirror.children.first?.value else { return [] }
            // The associated values come as a tuple labelled as the case's values (`(id: "42")`
            // for one labelled value too); an unlabelled single value comes as itself.
            let inner = Mirror(reflecting: payload)
            let isCaseTuple = inner.displayStyle == .tuple
                && (labels.count > 1 || inner.children.map { $0.label ?? "" } == labels)
            return isCaseTuple ? inner.children.map(\.value) : [payload]
        }
        return mirror.children.map(\.value)
    }

    /// One value as Swift source would spell it.
    static func text(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return text(of: wrapped)
        case .collection:
            return "[" + mirror.children.map { text(of: $0.value) }.joined(separator: ", ") + "]"
        default:
            if let string = value as? String { return String(reflecting: string) }
            return String(describing: value)
        }
    }
}
