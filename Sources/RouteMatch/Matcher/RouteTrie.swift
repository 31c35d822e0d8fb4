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

    /// What few nodes have: more than one literal edge or terminal route, in-segment
    /// captures, routes that capture the rest, the earliest literal edges of a node of many.
    /// Kept out of line, in the trie's ``extras``.
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
    ///
    /// Plain words, no reference: its rarer parts stand in the trie's ``extras``, found by
    /// index. (A node that held them in an array of one was copied with a retain and
    /// destroyed with a release, each of a table's nodes when its build trimmed the array,
    /// and again when the table was freed.) Read them through the trie: ``terminals(of:)``,
    /// ``rests(of:)``, ``affixed(of:)``.
    struct Node: Sendable {
        fileprivate var firstLiteral = TextSpan.empty
        fileprivate var firstLiteralChild: Int32 = -1
        private var captureChild: Int32 = -1
        private var first = Int32.max
        private var firstBelow = Int32.max
        /// The first route whose path ends here (-1: none); the others are rare, and kept with
        /// the extras.
        fileprivate var firstTerminal: Int32 = -1
        /// Where the node's extras stand in the trie's ``extras`` (-1: it has none).
        fileprivate var extrasIndex: Int32 = -1

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

        /// Whether the node has any of its rarer parts (more than one literal edge or
        /// terminal route, in-segment captures, rest captures): a node without them has none
        /// of the lists the table's build orders or trims.
        var hasExtras: Bool { extrasIndex >= 0 }
    }

    /// The rarer parts of the nodes that have them (see ``Node``).
    private(set) var extras: [NodeExtras] = []

    /// Changes the extras of `node`, which are made when it has none.
    private mutating func modifyExtras(of node: Int, _ change: (inout NodeExtras) -> Void) {
        if nodes[node].extrasIndex < 0 {
            nodes[node].extrasIndex = Int32(extras.count)
            extras.append(NodeExtras())
        }
        change(&extras[Int(nodes[node].extrasIndex)])
    }

    /// Where `node`'s extras stand in ``extras``, if it has any: what every reader of a
    /// node's rarer parts asks first.
    @inline(__always)
    private func extrasPosition(of node: Int) -> Int? {
        let index = nodes[node].extrasIndex
        return index < 0 ? nil : Int(index)
    }

    /// Routes whose path ends at `node`, most specific first.
    func terminals(of node: Int) -> RouteList {
        guard let position = extrasPosition(of: node) else { return RouteList(first: nodes[node].firstTerminal, others: []) }
        return RouteList(first: nodes[node].firstTerminal, others: extras[position].moreTerminals)
    }

    /// Adds `route` to the routes whose path ends at `node`, in place: the first in the node,
    /// the others in its extras.
    private mutating func appendTerminal(_ route: Int, at node: Int) {
        if nodes[node].firstTerminal < 0 {
            nodes[node].firstTerminal = Int32(route)
        } else {
            modifyExtras(of: node) { $0.moreTerminals.append(route) }
        }
    }

    /// The first of ``terminals(of:)``, read in place (no list made).
    @inline(__always)
    func firstTerminal(of node: Int) -> Int? {
        let first = nodes[node].firstTerminal
        return first < 0 ? nil : Int(first)
    }

    /// The first of ``rests(of:)``, read in place (no list made).
    @inline(__always)
    func firstRest(of node: Int) -> Int? {
        guard let position = extrasPosition(of: node) else { return nil }
        return extras[position].rests.head
    }

    /// Routes whose path goes on from `node` with `${name...}`, in priority order.
    func rests(of node: Int) -> RouteList {
        guard let position = extrasPosition(of: node) else { return RouteList() }
        return extras[position].rests
    }

    /// Whether routes go on from `node` with `${name...}` (read in place).
    @inline(__always)
    func hasRests(_ node: Int) -> Bool {
        guard let position = extrasPosition(of: node) else { return false }
        return extras[position].rests.count > 0
    }

    /// Children of `node`'s in-segment captures, the longest literal text first.
    func affixed(of node: Int) -> [AffixEdge] {
        guard let position = extrasPosition(of: node) else { return [] }
        return extras[position].affixed
    }

    /// The child of `node`'s first in-segment capture, in the walk's order (``affixed(of:)``),
    /// whose literal text surrounds `segment` (a segment's decoded bytes), and the range of
    /// `segment` it captures; `nil` when none does. Read in place.
    func affixedChild(of node: Int, segment: UnsafeBufferPointer<UInt8>) -> (child: Int, inner: Range<Int>)? {
        guard let position = extrasPosition(of: node) else { return nil }
        var index = 0
        while index < extras[position].affixed.count {
            let edge = extras[position].affixed[index]
            if let inner = Affixes.innerRange(of: segment, prefix: edge.prefix, suffix: edge.suffix) {
                return (edge.child, inner)
            }
            index += 1
        }
        return nil
    }

    /// Whether `node` has in-segment captures (read in place, copying nothing).
    @inline(__always)
    func hasAffixed(_ node: Int) -> Bool {
        guard let position = extrasPosition(of: node) else { return false }
        return !extras[position].affixed.isEmpty
    }

    /// How many literal edges leave `node`.
    func literalCount(of node: Int) -> Int {
        guard nodes[node].firstLiteralChild >= 0 else { return 0 }
        guard let position = extrasPosition(of: node) else { return 1 }
        return 1 + extras[position].literals.count
    }

    /// Calls `body` with every literal edge of `node`, the first inserted first, as a span of
    /// the trie's bytes and the child it leads to. (A call per edge, not an array of pairs:
    /// a tuple's array type is built by the runtime on a process's first table.)
    func forEachLiteral(of node: Int, _ body: (TextSpan, Int) -> Void) {
        guard nodes[node].firstLiteralChild >= 0 else { return }
        body(nodes[node].firstLiteral, Int(nodes[node].firstLiteralChild))
        if let position = extrasPosition(of: node) { extras[position].literals.forEach(body) }
    }

    /// The literal edges of the earliest-declared routes at `node`, at most five, earliest
    /// first: what a diagnostic offers when a link leaves the table there. Kept for nodes of
    /// many edges; for the others (most nodes: one edge) sorted when asked, to keep no array.
    func firstLiterals(of node: Int) -> [String] {
        // A node of more than one literal edge has extras.
        if let position = extrasPosition(of: node), literalCount(of: node) > RouteTrie.offeredLiterals {
            return extras[position].firstLiterals
        }
        return earliestLiterals(of: node)
    }

    /// The five literal edges of `node` whose routes were declared first, earliest first.
    private func earliestLiterals(of node: Int) -> [String] {
        // Two arrays side by side, not one of pairs (see ``forEachLiteral(of:_:)``).
        var orders: [Int] = [], texts: [String] = []
        forEachLiteral(of: node) { span, child in
            let order = nodes[child].firstRoute
            guard orders.count < RouteTrie.offeredLiterals || order < orders[orders.count - 1] else { return }
            let position = orders.firstIndex { order < $0 } ?? orders.count
            orders.insert(order, at: position)
            texts.insert(text(of: span), at: position)
            if orders.count > RouteTrie.offeredLiterals { orders.removeLast(); texts.removeLast() }
        }
        return texts
    }

    /// How many literal edges ``NodeExtras/firstLiterals`` keeps.
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
        // The pattern's segments are read in place, by index: a segment bound to a name is a
        // copy, and so is its literal's text (a retain and a release of each, each route).
        let segments = route.ast.segments
        for offset in segments.indices {
            nodes[node].firstRouteBelow = min(nodes[node].firstRouteBelow, route.index)
            let next: Int
            switch segments[offset].value {
            case .rest:
                modifyExtras(of: node) { $0.rests.append(route.index) }
                return node
            case .affixed(let prefix, _, let suffix):
                if let existing = affixed(of: node).first(where: { $0.prefix == prefix && $0.suffix == suffix }) {
                    next = existing.child
                } else {
                    next = nodes.count
                    nodes.append(Node())
                    modifyExtras(of: node) { $0.affixed.append(AffixEdge(prefix: prefix, suffix: suffix, child: next)) }
                }
            case .literal(let text):
                // The text's bytes read once, in place: looked up, and copied from the buffer
                // when new (appending a `String`'s UTF-8 view walked it byte by byte).
                next = ByteText.withUTF8(of: text) { literalChild(of: node, $0) }
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
        appendTerminal(route.index, at: node)
        return node
    }

    /// The child of `node` whose literal segment text has the UTF-8 `bytes` (a pattern's),
    /// made when there is none.
    private mutating func literalChild(of node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // The text is hashed once, for its lookup among the node's edges and its bucket.
        var hash: Int?
        if let existing = child(of: node, literal: bytes, hashed: &hash) { return existing }
        let created = nodes.count
        nodes.append(Node())
        let span = TextSpan(start: literalBytes.count, count: bytes.count)
        literalBytes.append(contentsOf: bytes)
        if nodes[node].firstLiteralChild < 0 {
            (nodes[node].firstLiteral, nodes[node].firstLiteralChild) = (span, Int32(created))
        } else {
            // A node's second text was compared with its first, not hashed.
            let textHash = hash ?? LiteralIndex.hash(bytes)
            modifyExtras(of: node) { $0.literals.set(span, to: created, hash: textHash) }
        }
        return created
    }

    /// The child of `node` whose literal segment text has the UTF-8 `bytes` (a link's
    /// segment, compared in place), if any.
    @inline(__always)
    func child(of node: Int, literal bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var hash: Int?
        return child(of: node, literal: bytes, hashed: &hash)
    }

    /// ``child(of:literal:)``, setting `hash` to the text's hash when the lookup computed it
    /// (the node has more than one literal edge).
    @inline(__always)
    private func child(of node: Int, literal bytes: UnsafeBufferPointer<UInt8>, hashed hash: inout Int?) -> Int? {
        // The node read once (plain words: a copy retains nothing).
        let node = nodes[node]
        return literalBytes.withUnsafeBufferPointer { arena in
            if node.firstLiteralChild >= 0, node.firstLiteral.holds(bytes, in: arena) { return Int(node.firstLiteralChild) }
            guard node.extrasIndex >= 0, !extras[Int(node.extrasIndex)].literals.isEmpty else { return nil }
            return extras[Int(node.extrasIndex)].literals.child(literal: bytes, arena: arena, hashed: &hash)
        }
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
            let terminals = terminals(of: index), rests = rests(of: index)
            if terminals.count > 1 { groups.append(Array(terminals)) }
            if rests.count > 1 { groups.append(Array(rests)) }
        }
        return groups
    }

    /// Orders each node's terminal routes (more literal query items first, then more required
    /// items, then declaration order) and keeps its earliest literal edges.
    mutating func finish(_ routes: [CompiledRoute]) {
        // What is ordered or trimmed here stands in a node's extras: the nodes without them
        // (most) are passed over without reading a list.
        for index in nodes.indices where nodes[index].hasExtras && literalCount(of: index) > RouteTrie.offeredLiterals {
            let first = earliestLiterals(of: index)
            modifyExtras(of: index) { $0.firstLiterals = first }
        }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let a = routes[lhs], b = routes[rhs]
            if a.literalQueryCount != b.literalQueryCount { return a.literalQueryCount > b.literalQueryCount }
            if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
            return a.index < b.index
        }
        for index in nodes.indices where nodes[index].hasExtras {
            let terminals = terminals(of: index)
            if terminals.count > 1 {
                let sorted = terminals.sorted(by: precedes)
                nodes[index].firstTerminal = Int32(sorted[0])
                modifyExtras(of: index) { $0.moreTerminals = Array(sorted.dropFirst()) }
            }
            // More literal text is more specific; then the earlier declaration. (Sorted before
            // the extras are changed in place, which leaves the nodes unread.)
            let affixed = affixed(of: index)
            let sortedAffixed = affixed.count < 2 ? nil : affixed.sorted { lhs, rhs in
                let a = lhs.prefix.utf8.count + lhs.suffix.utf8.count, b = rhs.prefix.utf8.count + rhs.suffix.utf8.count
                if a != b { return a > b }
                return nodes[lhs.child].firstRoute < nodes[rhs.child].firstRoute
            }
            modifyExtras(of: index) { extras in
                if extras.rests.count > 1 { extras.rests.replace(with: extras.rests.sorted(by: precedes)) }
                if let sortedAffixed { extras.affixed = sortedAffixed }
                // The table keeps them for as long as it lives: no room left over from appending.
                extras.literals.trim()
            }
        }
        // Plain words: the copy that gives back the room left over retains nothing.
        nodes = nodes.trimmed()
        extras = extras.trimmed()
        literalBytes = literalBytes.trimmed()
        roots.trim()
    }
}
