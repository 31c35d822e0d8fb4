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

    /// Route indices: the first kept inline (most lists hold one or none), the others in an
    /// array.
    struct RouteList: Sendable, Sequence {
        fileprivate var first: Int32 = -1
        fileprivate var others: [Int] = []

        var count: Int { first < 0 ? 0 : 1 + others.count }

        /// The first route, read in place (no iterator made).
        var head: Int? { first < 0 ? nil : Int(first) }

        mutating func append(_ route: Int) {
            if first < 0 { first = Int32(route) } else { others.append(route) }
        }

        /// Replaces the list with `routes`, in their order.
        mutating func replace(with routes: [Int]) {
            first = routes.first.map { Int32($0) } ?? -1
            others = Array(routes.dropFirst())
        }

        func makeIterator() -> Iterator { Iterator(list: self) }

        struct Iterator: IteratorProtocol {
            let list: RouteList
            var position = 0

            mutating func next() -> Int? {
                defer { position += 1 }
                if position == 0 { return list.first < 0 ? nil : Int(list.first) }
                return position - 1 < list.others.count ? list.others[position - 1] : nil
            }
        }
    }

    /// What few nodes have: more than one literal edge, in-segment captures, routes that
    /// capture the rest, the earliest literal edges of a node of many. Kept out of line.
    struct NodeExtras: Sendable {
        var literals = LiteralEdges()
        var affixed: [AffixEdge] = []
        var rests = RouteList()
        var firstLiterals: [String] = []
        /// The routes that end at the node after its first (only routes that can accept the
        /// same links share an end).
        var moreTerminals: [Int] = []
    }

    /// A trie node, compact: a table of 1,000 routes keeps some 3,000 of them. Indices are
    /// 32-bit (a table of more than two billion routes is refused by memory long before).
    struct Node: Sendable {
        private var firstLiteral = TextSpan.empty
        private var firstLiteralChild: Int32 = -1
        private var captureChild: Int32 = -1
        private var first = Int32.max
        private var firstBelow = Int32.max
        /// The first route whose path ends here (-1: none); the others are rare, and kept with
        /// the extras: a node is 40 bytes, not 48.
        private var firstTerminal: Int32 = -1
        /// Zero or one element: the node's rarer parts.
        private var extras: [NodeExtras] = []

        /// Routes whose path ends here, most specific first.
        var terminals: RouteList {
            get { RouteList(first: firstTerminal, others: extras.isEmpty ? [] : extras[0].moreTerminals) }
            set {
                firstTerminal = newValue.first
                if !newValue.others.isEmpty || !extras.isEmpty { modifyExtras { $0.moreTerminals = newValue.others } }
            }
        }

        /// The child whose literal (percent-decoded) segment text has the UTF-8 `bytes`;
        /// `arena` is the trie's ``RouteTrie/literalBytes``.
        @inline(__always)
        func child(literal bytes: UnsafeBufferPointer<UInt8>, arena: UnsafeBufferPointer<UInt8>) -> Int? {
            if firstLiteralChild >= 0, firstLiteral.holds(bytes, in: arena) { return Int(firstLiteralChild) }
            guard !extras.isEmpty, !extras[0].literals.isEmpty else { return nil }
            return extras[0].literals.child(literal: bytes, arena: arena)
        }

        var literalCount: Int { firstLiteralChild < 0 ? 0 : 1 + (extras.first?.literals.count ?? 0) }

        /// Calls `body` with every literal edge, the first inserted first, as a span of the
        /// trie's bytes and the child it leads to. (A call per edge, not an array of pairs:
        /// a tuple's array type is built by the runtime on a process's first table.)
        func forEachLiteral(_ body: (TextSpan, Int) -> Void) {
            guard firstLiteralChild >= 0 else { return }
            body(firstLiteral, Int(firstLiteralChild))
            if !extras.isEmpty { extras[0].literals.forEach(body) }
        }

        mutating func insert(literal span: TextSpan, child: Int, arena: [UInt8]) {
            if firstLiteralChild < 0 {
                (firstLiteral, firstLiteralChild) = (span, Int32(child))
            } else {
                modifyExtras { $0.literals.set(span, to: child, arena: arena) }
            }
        }

        /// The child a placeholder segment leads to.
        var capture: Int? {
            get { captureChild < 0 ? nil : Int(captureChild) }
            set { captureChild = newValue.map { Int32($0) } ?? -1 }
        }

        /// The earliest-declared route at or below this node (`Int.max`: none).
        var firstRoute: Int {
            get { first == .max ? .max : Int(first) }
            set { first = newValue == .max ? .max : Int32(newValue) }
        }

        /// The earliest-declared route strictly below this node (`Int.max`: none).
        var firstRouteBelow: Int {
            get { firstBelow == .max ? .max : Int(firstBelow) }
            set { firstBelow = newValue == .max ? .max : Int32(newValue) }
        }

        /// Whether the node has in-segment captures (read in place, copying nothing).
        var hasAffixed: Bool { !extras.isEmpty && !extras[0].affixed.isEmpty }

        /// Whether routes go on from the node with `${name...}` (read in place).
        var hasRests: Bool { !extras.isEmpty && extras[0].rests.count > 0 }

        /// Children of in-segment captures, the longest literal text first.
        var affixed: [AffixEdge] {
            get { extras.first?.affixed ?? [] }
            set { modifyExtras { $0.affixed = newValue } }
        }

        /// Routes whose path goes on from here with `${name...}`, in priority order.
        var rests: RouteList {
            get { extras.first?.rests ?? RouteList() }
            set { modifyExtras { $0.rests = newValue } }
        }

        /// For a node of more than ``RouteTrie/offeredLiterals`` literal edges, those of the
        /// earliest-declared routes, earliest first (see ``RouteTrie/firstLiterals(of:)``).
        var firstLiterals: [String] {
            get { extras.first?.firstLiterals ?? [] }
            set { modifyExtras { $0.firstLiterals = newValue } }
        }

        /// Gives back the room the literal index kept for growing.
        mutating func trimLiterals() {
            if !extras.isEmpty { extras[0].literals.trim() }
        }

        /// Whether the node has any of its rarer parts (more than one literal edge or
        /// terminal route, in-segment captures, rest captures): a node without them has none
        /// of the lists the table's build orders or trims.
        var hasExtras: Bool { !extras.isEmpty }

        private mutating func modifyExtras(_ change: (inout NodeExtras) -> Void) {
            if extras.isEmpty { extras = [NodeExtras()] }
            change(&extras[0])
        }
    }

    /// The literal edges of the earliest-declared routes at `node`, at most five, earliest
    /// first: what a diagnostic offers when a link leaves the table there. Kept for nodes of
    /// many edges; for the others (most nodes: one edge) sorted when asked, to keep no array.
    func firstLiterals(of node: Int) -> [String] {
        nodes[node].literalCount > RouteTrie.offeredLiterals
            ? nodes[node].firstLiterals : earliestLiterals(of: node)
    }

    /// The five literal edges of `node` whose routes were declared first, earliest first.
    private func earliestLiterals(of node: Int) -> [String] {
        // Two arrays side by side, not one of pairs (see ``Node/forEachLiteral(_:)``).
        var orders: [Int] = [], texts: [String] = []
        nodes[node].forEachLiteral { span, child in
            let order = nodes[child].firstRoute
            guard orders.count < RouteTrie.offeredLiterals || order < orders[orders.count - 1] else { return }
            let position = orders.firstIndex { order < $0 } ?? orders.count
            orders.insert(order, at: position)
            texts.insert(text(of: span), at: position)
            if orders.count > RouteTrie.offeredLiterals { orders.removeLast(); texts.removeLast() }
        }
        return texts
    }

    /// How many literal edges ``Node/firstLiterals`` keeps.
    static let offeredLiterals = 5

    private(set) var nodes: [Node] = []
    /// The UTF-8 of every literal edge's text, one after the other: a link's segment is
    /// compared with these bytes in place, and no node keeps a `String`.
    private(set) var literalBytes: [UInt8] = []
    /// Root node per host (lower-cased), and ``CompiledRoute/originsKey`` for the routes under
    /// the table's origins.
    private(set) var roots = LiteralIndex()
    /// Root keys in the order their first route was declared (the index keeps its keys in
    /// insertion order).
    var hosts: [String] { roots.keys }
    /// The root of the routes under the table's origins (``CompiledRoute/originsKey``), found
    /// without hashing its key on every match.
    private(set) var originsRoot: Int?
    /// Whether a pattern gives its own host: a link's host is then looked up among the roots.
    var hasHostRoots: Bool { roots.count > (originsRoot == nil ? 0 : 1) }

    /// Reserves room for `routes`' nodes and literal bytes, at most a root and a node a
    /// segment each, and their patterns' bytes: built up append by append, the table's
    /// largest arrays were copied each time they grew (a 1,000-route table's nodes some twelve
    /// times). ``finish(_:)`` gives back the room left over.
    mutating func reserveCapacity(for routes: [CompiledRoute]) {
        var nodeCount = nodes.count, byteCount = literalBytes.count
        for route in routes {
            nodeCount += 1 + route.ast.segments.count
            byteCount += route.pattern.utf8.count
        }
        nodes.reserveCapacity(nodeCount)
        literalBytes.reserveCapacity(byteCount)
    }

    /// Adds `route`; returns the node its path ends at.
    @discardableResult
    mutating func insert(_ route: CompiledRoute) -> Int {
        var node: Int
        if let root = roots[route.rootKey] {
            node = root
        } else {
            node = nodes.count
            nodes.append(Node())
            roots.set(route.rootKey, to: node)
            if route.usesOrigins { originsRoot = node }
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
                // The text's bytes read once, in place: looked up, and copied from the buffer
                // when new (appending a `String`'s UTF-8 view walked it byte by byte).
                var text = text
                next = text.withUTF8 { bytes in
                    if let existing = child(of: node, literal: bytes) { return existing }
                    let created = nodes.count
                    nodes.append(Node())
                    let span = TextSpan(start: literalBytes.count, count: bytes.count)
                    literalBytes.append(contentsOf: bytes)
                    nodes[node].insert(literal: span, child: created, arena: literalBytes)
                    return created
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

    /// The child of `node` whose literal segment text has the UTF-8 `bytes` (a link's
    /// segment, compared in place), if any.
    @inline(__always)
    func child(of node: Int, literal bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        literalBytes.withUnsafeBufferPointer { nodes[node].child(literal: bytes, arena: $0) }
    }

    /// The text of a literal edge.
    func text(of span: TextSpan) -> String {
        literalBytes.withUnsafeBufferPointer { LinkReader.slice($0, span.range) }
    }

    /// The routes that end at the same node, or capture the rest at the same node, where more
    /// than one does: the only routes that can accept the same links.
    var sharedEnds: [[Int]] {
        // Only a node with extras keeps a second route. (A loop over indices, not a `flatMap`
        // of small arrays: the table's build meets every node, and most have none.)
        var groups: [[Int]] = []
        for index in nodes.indices where nodes[index].hasExtras {
            if nodes[index].terminals.count > 1 { groups.append(Array(nodes[index].terminals)) }
            if nodes[index].rests.count > 1 { groups.append(Array(nodes[index].rests)) }
        }
        return groups
    }

    /// Orders each node's terminal routes (more literal query items first, then more required
    /// items, then declaration order) and keeps its earliest literal edges.
    mutating func finish(_ routes: [CompiledRoute]) {
        // What is ordered or trimmed here stands in a node's extras: the nodes without them
        // (most) are passed over without reading a list.
        for index in nodes.indices where nodes[index].hasExtras && nodes[index].literalCount > RouteTrie.offeredLiterals {
            nodes[index].firstLiterals = earliestLiterals(of: index)
        }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let a = routes[lhs], b = routes[rhs]
            if a.literalQueryCount != b.literalQueryCount { return a.literalQueryCount > b.literalQueryCount }
            if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
            return a.index < b.index
        }
        for index in nodes.indices where nodes[index].hasExtras {
            if nodes[index].terminals.count > 1 { nodes[index].terminals.replace(with: nodes[index].terminals.sorted(by: precedes)) }
            if nodes[index].rests.count > 1 { nodes[index].rests.replace(with: nodes[index].rests.sorted(by: precedes)) }
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
        for index in nodes.indices where nodes[index].hasExtras { nodes[index].trimLiterals() }
        nodes = nodes.map { $0 }
        literalBytes = literalBytes.map { $0 }
        roots.trim()
    }
}
