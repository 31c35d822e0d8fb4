/// The dispatch structure every route of a table is compiled into: one trie per host whose
/// edges are path segments. Matching follows the link's segments, trying a literal edge before
/// the capture edge, so its cost grows with the link, not with the number of routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// Children by literal (percent-decoded) segment text.
        var literals: [String: Int] = [:]
        /// The child a placeholder segment leads to.
        var capture: Int?
        /// Routes whose path ends here, most specific first.
        var terminals: [Int] = []
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
    /// Root node per host (lower-cased).
    private(set) var roots: [String: Int] = [:]
    /// Hosts in the order their first route was declared.
    private(set) var hosts: [String] = []

    /// Adds `route`; returns the node its path ends at.
    @discardableResult
    mutating func insert(_ route: CompiledRoute) -> Int {
        var node: Int
        if let root = roots[route.host] {
            node = root
        } else {
            node = nodes.count
            nodes.append(Node())
            roots[route.host] = node
            hosts.append(route.host)
        }
        nodes[node].firstRoute = min(nodes[node].firstRoute, route.index)
        for segment in route.ast.segments {
            nodes[node].firstRouteBelow = min(nodes[node].firstRouteBelow, route.index)
            let next: Int
            switch segment.value {
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
        for index in nodes.indices where nodes[index].terminals.count > 1 {
            nodes[index].terminals.sort { lhs, rhs in
                let a = routes[lhs], b = routes[rhs]
                if a.literalQueryCount != b.literalQueryCount { return a.literalQueryCount > b.literalQueryCount }
                if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
                return a.index < b.index
            }
        }
    }
}
