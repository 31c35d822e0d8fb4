/// The route of a mounted table that ``PlainHit`` found in the rest of a plain link, with the
/// texts its labels bind: what the mounting route's label binds on the plain path
/// (``BoundValue/mountedHit(_:)``), so that the mounted value is built with no walk of the
/// mounted table and no view of the link made.
///
/// Should the route's build refuse its texts, the mounted table's matcher goes on as its walk
/// would have, from that route on (it is not built again): for that it reads the link as the
/// mounting table does and takes the rest from the segment where this route's path starts.
///
/// An object, made once a hit: the bound value holds one reference, which a copy retains (a
/// structure's five fields were copied, and boxed, at each step from the plain path to the
/// build).
final class MountedHit: Sendable {
    /// The mounted type's matcher, whose table the route is one of.
    let matcher: MountedMatcher
    /// The route's index in ``table``.
    let route: Int
    /// What the route's labels bind.
    let values: BoundValueList
    /// The link, the table that read it (the outermost), and the segment of that table's view
    /// of it where the mounted table's path starts.
    let link: String
    let linkTable: RouteTable
    let offset: Int

    init(matcher: MountedMatcher, route: Int, values: consuming BoundValueList, link: String, linkTable: RouteTable, offset: Int) {
        self.matcher = matcher
        self.route = route
        self.values = values
        self.link = link
        self.linkTable = linkTable
        self.offset = offset
    }

    /// The mounted table, which the route is one of.
    var table: RouteTable { matcher.table }

    /// The rest of the link, read again as the mounting table reads it, from the segment where
    /// the mounted table's path starts: what the mounted table's walk reads when the plain
    /// path's route is not built.
    func rest() throws(RouteMatchError) -> LinkView {
        try linkTable.view(of: link).mounted(from: offset)
    }
}
