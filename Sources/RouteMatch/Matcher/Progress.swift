/// How far a link got into one route, in the order a link is read: its scheme, its host, the
/// path segments it shares with the route's path, whether the whole path fits, then how many
/// of the route's query items it satisfies. The closest route is the one with the greatest
/// progress (ties go to the earlier declaration). A value that fails conversion still counts
/// as reached, so conversion never ranks.
struct Progress: Comparable, Sendable {
    var scheme: Bool
    var host: Bool
    /// Path segments matched from the start (a captured segment counts whatever its value).
    var depth: Int
    /// Whether the link's path and the route's path have the same segments.
    var pathComplete: Bool
    /// Query items the link satisfies.
    var query: Int

    static func < (lhs: Progress, rhs: Progress) -> Bool {
        if lhs.scheme != rhs.scheme { return !lhs.scheme }
        if lhs.host != rhs.host { return !lhs.host }
        if lhs.depth != rhs.depth { return lhs.depth < rhs.depth }
        if lhs.pathComplete != rhs.pathComplete { return !lhs.pathComplete }
        return lhs.query < rhs.query
    }
}
