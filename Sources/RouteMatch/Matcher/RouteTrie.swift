/// The dispatch structure every route of a table is compiled into: one trie per host whose
/// edges are path segments. Matching follows the link's segments, trying a literal edge, then
/// the in-segment captures (longer literal text first), then the whole-segment capture, then
/// the routes that capture the rest of the path, so its cost grows with the link, not with the
/// number of routes.
struct RouteTrie: Sendable {
    /// An edge for `prefix${name}suffix`: literal text around one placeholder.
    struct AffixEdge: Sendable {
        let prefix: String
        let suffix: String
        let child: Int
    }

    /// A node's literal edges by (percent-decoded) segment text. Most nodes have one, which is
    /// kept inline: a dictionary of one entry would cost a route more than everything else
    /// its node holds.
    struct LiteralEdges: Sendable, Sequence {
        private var first: (text: String, child: Int)?
        private var others: [String: Int] = [:]

        subscript(text: String) -> Int? {
            if let first, first.text == text { return first.child }
            return others.isEmpty ? nil : others[text]
        }

        mutating func insert(_ text: String, child: Int) {
            if first == nil { first = (text, child) } else { others[text] = child }
        }

        var isEmpty: Bool { first == nil }
        var count: Int { first == nil ? 0 : 1 + others.count }

        func makeIterator() -> AnyIterator<(text: String, child: Int)> {
            var pendingFirst = first
            var rest = others.makeIterator()
            return AnyIterator {
                if let value = pendingFirst {
                    pendingFirst = nil
                    return value
                }
                return rest.next().map { (text: $0.key, child: $0.value) }
            }
        }
    }

    struct Node: Sendable {
        /// Children by literal (percent-decoded) segment text.
        var literals = LiteralEdges()
        /// Children of in-segment captures, the longest literal text first.
        var affixed: [AffixEdge] = []
        /// The child a placeholder segment leads to.
        var capture: Int?
        /// Routes whose path ends here, most specific first.
        var terminals: [Int] = []
        /// Routes whose path goes on from here with `${name...}`, in priority order.
        var rests: [Int] = []
        /// The earliest-declared route at or below this node.
        var firstRoute = Int.max
        /// The earliest-declared route strictly below this node.
        var firstRouteBelow = Int.max
        /// For a node of more than ``RouteTrie/offeredLiterals`` literal edges, those of the
        /// earliest-declared routes, earliest first (see ``RouteTrie/firstLiterals(of:)``).
        var firstLiterals: [String] = []
    }

    /// The literal edges of the earliest-declared routes at `node`, at most five, earliest
    /// first: what a diagnostic offers when a link leaves the table there. Kept for nodes of
    /// many edges; for the others (most nodes: one edge) sorted when asked, to keep no array.
    func firstLiterals(of node: Int) -> [String] {
        nodes[node].literals.count > RouteTrie.offeredLiterals
            ? nodes[node].firstLiterals : earliestLiterals(of: node)
    }

    /// The five literal edges of `node` whose routes were declared first, earliest first.
    private func earliestLiterals(of node: Int) -> [String] {
        var best: [(order: Int, text: String)] = []
        for (text, child) in nodes[node].literals {
            let entry = (order: nodes[child].firstRoute, text: text)
            guard best.count < RouteTrie.offeredLiterals || entry.order < best[best.count - 1].order else { continue }
            let position = best.firstIndex { entry.order < $0.order } ?? best.count
            best.insert(entry, at: position)
            if best.count > RouteTrie.offeredLiterals { best.removeLast() }
        }
        return best.map(\.text)
    }

    /// How many literal edges ``Node/firstLiterals`` keeps.
    static let offeredLiterals = 5

    private(set) var nodes: [Node] = []
    /// Root node per host (lower-cased), and ``CompiledRoute/originsKey`` for the routes under
    /// the table's origins.
    private(set) var roots: [String: Int] = [:]
    /// Root keys in the order their first route was declared.
    private(set) var hosts: [String] = []

    /// Adds `route`; returns the node its path ends at.
    @discardableResult
    mutating func insert(_ route: CompiledRoute) -> Int {
        var node: Int
        if let root = roots[route.rootKey] {
            node = root
        } else {
            node = nodes.count
            nodes.append(Node())
            roots[route.rootKey] = node
            hosts.append(route.rootKey)
        }
        nodes[node].firstRoute = min(nodes[node].firstRoute, route.index)
        for segment in route.ast.segments {
            nodes[node].firstRouteBelow = min(nodes[node].firstRouteBelow, route.index)
            let next: Int
            switch segment.value {
            case .rest:
                nodes[node].rests.append(route.index)
                return node
            case .affixed(let prefix, _, let suffix):
                if let existing = nodes[node].affixed.first(where: { $0.prefix == prefix && $0.suffix == suffix }) {
                    next = existing.child
                } else {
                    next = nodes.count
                    nodes.append(Node())
                    nodes[node].affixed.append(AffixEdge(prefix: prefix, suffix: suffix, child: next))
                }
            case .literal(let text):
                if let existing = nodes[node].literals[text] {
                    next = existing
                } else {
                    next = nodes.count
                    nodes.append(Node())
                    nodes[node].literals.insert(text, child: next)
                }
            case .capture:
                if let existing = nodes[node].capture {
                    next = existing
                } else {
                    next = nodes.count
                    nodes.append(Node())
                    nodes[node].capture = next
                }
            }
            node = next
            nodes[node].firstRoute = min(nodes[node].firstRoute, route.index)
        }
        nodes[node].terminals.append(route.index)
        return node
    }

    /// The routes that end at the same node, or capture the rest at the same node, where more
    /// than one does: the only routes that can accept the same links.
    var sharedEnds: [[Int]] {
        nodes.flatMap { node in [node.terminals, node.rests].filter { $0.count > 1 } }
    }

    /// Orders each node's terminal routes (more literal query items first, then more required
    /// items, then declaration order) and keeps its earliest literal edges.
    mutating func finish(_ routes: [CompiledRoute]) {
        for index in nodes.indices where nodes[index].literals.count > RouteTrie.offeredLiterals {
            nodes[index].firstLiterals = earliestLiterals(of: index)
        }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let a = routes[lhs], b = routes[rhs]
            if a.literalQueryCount != b.literalQueryCount { return a.literalQueryCount > b.literalQueryCount }
            if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
            return a.index < b.index
        }
        for index in nodes.indices {
            if nodes[index].terminals.count > 1 { nodes[index].terminals.sort(by: precedes) }
            if nodes[index].rests.count > 1 { nodes[index].rests.sort(by: precedes) }
            if nodes[index].affixed.count > 1 {
                // More literal text is more specific; then the earlier declaration.
                let nodes = self.nodes
                self.nodes[index].affixed.sort { lhs, rhs in
                    let a = lhs.prefix.utf8.count + lhs.suffix.utf8.count, b = rhs.prefix.utf8.count + rhs.suffix.utf8.count
                    if a != b { return a > b }
                    return nodes[lhs.child].firstRoute < nodes[rhs.child].firstRoute
                }
            }
        }
        // The table keeps the nodes for as long as it lives: no room left over from appending.
        nodes = nodes.map { $0 }
    }
}
