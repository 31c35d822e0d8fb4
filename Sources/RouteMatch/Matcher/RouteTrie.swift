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

    struct Node: Sendable {
        /// Children by literal (percent-decoded) segment text.
        var literals: [String: Int] = [:]
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
        /// The literal edges of the earliest-declared routes, at most five, earliest first:
        /// what a diagnostic offers when a link leaves the table here.
        var firstLiterals: [String] = []
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
                    nodes[node].literals[text] = next
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

    /// Orders each node's terminal routes (more literal query items first, then more required
    /// items, then declaration order) and keeps its earliest literal edges.
    mutating func finish(_ routes: [CompiledRoute]) {
        for index in nodes.indices where !nodes[index].literals.isEmpty {
            // The five earliest by declaration, kept sorted while scanning once.
            var best: [(order: Int, text: String)] = []
            for (text, child) in nodes[index].literals {
                let entry = (order: nodes[child].firstRoute, text: text)
                guard best.count < RouteTrie.offeredLiterals || entry.order < best[best.count - 1].order else { continue }
                let position = best.firstIndex { entry.order < $0.order } ?? best.count
                best.insert(entry, at: position)
                if best.count > RouteTrie.offeredLiterals { best.removeLast() }
            }
            nodes[index].firstLiterals = best.map(\.text)
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
    }
}
