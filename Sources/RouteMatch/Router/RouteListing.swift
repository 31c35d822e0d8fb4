/// One route of a table as tools list it: its name, its pattern and the values its
/// placeholders convert to.
///
/// ```swift
/// for listing in AppRoute.router.listings {
///     print(listing.route, listing.values.map { "\($0.name): \($0.type)" })
///     // userPosts "user/${id}/posts?page=${page}&premium=${premium}" ["id: Int", "page: Int", "premium: Bool"]
/// }
/// ```
public struct RouteListing: Hashable, Sendable {
    /// One placeholder's value: its label and type.
    public struct Value: Hashable, Sendable {
        /// The label (`id`, or `_0` for an unlabeled associated value).
        public let name: String
        /// The type as diagnostics name it, with `?` for an optional: `Int`, `String?`, `[Int]`,
        /// `Tab (home, settings)`.
        public let type: String
    }

    /// The route's name and pattern (a case with several patterns is listed once per pattern).
    public let route: RouteReference
    /// Its values, in declaration order.
    public let values: [Value]
}

/// A matched link's route value and the table route that matched it.
///
/// ```swift
/// if case .success(let hit) = AppRoute.router.matchedRoute(for: link) {
///     print(hit.route, hit.value)   // userPosts "user/${id}/posts?…" userPosts(id: 42, …)
/// }
/// ```
public struct MatchedRoute<Route> {
    /// The route value.
    public let value: Route
    /// The table's route that matched (for a mounted table, the mounting route).
    public let route: RouteReference
}

extension MatchedRoute: Sendable where Route: Sendable {}

extension Router {
    /// The table's routes with their values' labels and types, in declaration order.
    public var listings: [RouteListing] {
        table.routes.map { route in
            RouteListing(route: route.reference, values: route.learned.declaredLabels.map { label in
                RouteListing.Value(name: label.name, type: label.typeName + (label.isOptional ? "?" : ""))
            })
        }
    }

    /// Matches a link as ``match(_:)-(String)`` does, and also says which route matched.
    ///
    /// ```swift
    /// let hit = try AppRoute.router.matchedRoute(for: "myapp://app/user/42/profile").get()
    /// print(hit.route.name)   // "userProfile"
    /// ```
    ///
    /// - Parameter link: The link exactly as received.
    /// - Returns: The route value and its table route, or the reason it did not match.
    /// - Complexity: As ``match(_:)-(String)``.
    public func matchedRoute(for link: String) -> Result<MatchedRoute<Route>, RouteMatchError> {
        table.match(link) { route, values throws(DecodeFailure) in
            MatchedRoute(value: try codec.build(route, values), route: route.reference)
        }
    }
}
