/// One route of a table, compiled: its pattern's syntax tree, its labels and where each
/// label's text comes from in a link.
final class CompiledRoute: Sendable {
    // Checked: every stored property is immutable; what the route learns is kept in
    // `learnedSlots`, written once and read atomically (see ``learned``).
    /// Where a label's text comes from.
    enum Source: Equatable, Sendable {
        /// The path segment at this index (after the host), whole or between its literal text.
        case segment(Int)
        /// The path segments from this index to the end (`${name...}`).
        case rest(Int)
        /// The pattern's query item at this index.
        case query(Int)
        /// The fragment.
        case fragment
        /// Nowhere: an unused label (a definition problem).
        case none

        var isQuery: Bool {
            if case .query = self { return true }
            return false
        }

        var isRest: Bool {
            if case .rest = self { return true }
            return false
        }
    }

    /// The trie root of routes under the table's origins: no link host is spelled so (a
    /// control character is never part of a link).
    static let originsKey = "\u{0}origins"

    /// The key of the route's trie root.
    var rootKey: String { usesOrigins ? CompiledRoute.originsKey : host }

    // The fields are declared in the order that packs them: the small ones stand in the
    // padding after the case key, so that a route is 168 bytes (a table keeps one per route).
    /// The pattern's text.
    var pattern: String { ast.text }
    let ast: PatternAST
    /// The case's coding key (its pattern) for enum routes.
    let caseKey: CaseKey?
    /// Whether the route is under the table's origins (its pattern gives no `scheme://host`
    /// and the table has origins); otherwise its pattern gives its host.
    let usesOrigins: Bool
    /// Whether the route is a mounted table's, under that table's one origin: the table that
    /// mounts it has judged the link's scheme and host, so the route takes them as they are.
    var isMounted: Bool { usesOrigins && tableDefaults.isMounted }
    /// Whether the pattern is malformed (its labels are then not judged unused).
    private let hasSyntaxProblem: Bool
    private let storedIndex: Int32
    private let storedFragmentLabel: Int32
    /// Declaration order, which breaks ties.
    var index: Int { Int(storedIndex) }
    /// The label the fragment binds, if any.
    var fragmentLabel: Int? { storedFragmentLabel < 0 ? nil : Int(storedFragmentLabel) }
    /// The scheme a link must have (lower-cased), or `nil` for any; for a route under the
    /// table's origins, the first origin's. (The pattern's own, else the table's default: read
    /// from the two, not kept in each route.)
    var scheme: String? { ast.origin.scheme ?? (tableDefaults.scheme.isEmpty ? nil : tableDefaults.scheme) }
    /// The host (lower-cased); `""` for none; for a route under the table's origins, the
    /// first origin's.
    var host: String { ast.origin.host ?? tableDefaults.host }
    /// The defaults of the route's table, which give the scheme and host its pattern does not.
    private let tableDefaults: TableDefaults
    /// The labels' names: each placeholder's, in the order they stand in the pattern. A
    /// label's index in the values a match binds is its place here (its slot).
    let labelNames: [String]
    /// For each pattern query item, the label it binds (or `nil` for a literal).
    let queryLabels: SlotIndices
    /// For each pattern path segment, the label it binds (or `nil` for a literal).
    let segmentLabels: SlotIndices
    /// How the route's type is probed, on the route's first use.
    let probe: any RouteProbing
    /// What the routes of the route's table learned, this route's at ``index``. (One object a
    /// table, not a memo object a route: a table of many routes keeps no closure per route.)
    private let learnedSlots: LearnedSlots

    /// Where a label's text comes from: the first of its placeholder's sites
    /// (``forEachPlaceholderSite(_:)``, in pattern order). Not kept: only a failure's
    /// diagnosis asks.
    func source(of label: Int) -> Source {
        var source: Source?
        forEachPlaceholderSite { site in
            if source == nil, site.slot == label { source = site.source }
        }
        return source ?? .none
    }

    /// Where each placeholder of a pattern binds: its labels' slots, found from the pattern alone.
    struct Slots: Sendable {
        var names: [String] = []
        /// For each path segment, its label's slot; ``SlotIndices/literal`` for a literal (not an
        /// `[Int?]`, whose array type the runtime would build on a process's first table).
        var segmentLabels: [UInt32] = []
        /// For each query item, its label's slot; ``SlotIndices/literal`` for a literal.
        var queryLabels: [UInt32] = []
        var fragmentLabel: Int?

        /// Slots in the order the placeholders stand; a name the pattern repeats (a syntax
        /// problem) keeps its first place.
        init(_ ast: borrowing PatternAST) {
            func slot(_ name: String) -> Int {
                let slot = Slots.slot(of: name, placed: names[...])
                if slot == names.count { names.append(name) }
                return slot
            }
            // Built by `map`, so that the arrays the route keeps have no room left over.
            segmentLabels = ast.segments.map { SlotIndices.raw($0.value.captureName.map(slot)) }
            queryLabels = ast.queryItems.map { SlotIndices.raw($0.value.captureName.map(slot)) }
            fragmentLabel = ast.fragment.flatMap { $0.value.captureName }.map(slot)
        }

        /// The slots of `route` when `ast` places its labels as `route`'s pattern does (the same
        /// names at the same segments and items, whatever the literals): the routes of one
        /// shape, declared one after another, then share its arrays, and none is made. `nil`
        /// otherwise. (Checked in place: the arrays ``init(_:)`` makes and ``share(with:)``
        /// drops again cost a route two allocations and their frees.)
        init?(_ ast: borrowing PatternAST, sameAs route: CompiledRoute) {
            let names = route.labelNames
            let segmentSlots = route.segmentLabels.raw, querySlots = route.queryLabels.raw
            guard segmentSlots.count == ast.segments.count, querySlots.count == ast.queryItems.count,
                  (route.fragmentLabel != nil) == (ast.fragment?.value.isCapture == true)
            else { return nil }
            // How many of the route's names the placeholders so far placed (``slot(of:placed:)``).
            var placed = 0
            func fits(_ name: String?, _ slot: UInt32) -> Bool {
                guard let name else { return slot == SlotIndices.literal }
                let expected = Slots.slot(of: name, placed: names[..<placed])
                if expected == placed {
                    guard placed < names.count, names[placed] == name else { return false }
                    placed += 1
                }
                return slot == SlotIndices.raw(expected)
            }
            for (offset, segment) in ast.segments.enumerated() where !fits(segment.value.captureName, segmentSlots[offset]) {
                return nil
            }
            for (offset, item) in ast.queryItems.enumerated() where !fits(item.value.captureName, querySlots[offset]) {
                return nil
            }
            if let fragment = ast.fragment, let name = fragment.value.captureName,
               !fits(name, SlotIndices.raw(route.fragmentLabel)) {
                return nil
            }
            guard placed == names.count else { return nil }
            self.names = names
            segmentLabels = segmentSlots
            queryLabels = querySlots
            fragmentLabel = route.fragmentLabel
        }

        /// The slot a placeholder named `name` takes, the labels `placed` so far: its name's first
        /// place among them, or the next one. (The rule both initializers follow: one makes the
        /// names, the other checks a route's.)
        @inline(__always)
        private static func slot(of name: String, placed: ArraySlice<String>) -> Int {
            placed.firstIndex(of: name) ?? placed.endIndex
        }

        /// Takes the arrays of the nearest of `earlier` routes that equal these, so that the
        /// routes share their storage: the routes of one shape (`section{i}/item/${id}`, declared
        /// one after another) keep one array of label names and one of segment slots between
        /// them, not one a route (56 bytes each). Equal arrays are the same values; only the
        /// memory they take changes.
        mutating func share(with earlier: ArraySlice<CompiledRoute>) {
            names = Slots.nearest(equalTo: names, in: earlier) { $0.labelNames }
            segmentLabels = Slots.nearest(equalTo: segmentLabels, in: earlier) { $0.segmentLabels.raw }
            queryLabels = Slots.nearest(equalTo: queryLabels, in: earlier) { $0.queryLabels.raw }
        }

        /// The array `read` gives of the nearest of `earlier` routes that equals `array`, or
        /// `array` itself (also when empty: an empty array allocates nothing to share).
        private static func nearest<Element: Equatable>(
            equalTo array: [Element], in earlier: ArraySlice<CompiledRoute>, _ read: (CompiledRoute) -> [Element]
        ) -> [Element] {
            guard !array.isEmpty else { return array }
            for route in earlier.reversed() {
                let other = read(route)
                if other == array { return other }
            }
            return array
        }
    }

    init(
        index: Int, ast: PatternAST, slots: Slots, caseKey: CaseKey?, usesOrigins: Bool,
        defaults: TableDefaults, probe: any RouteProbing, learnedSlots: LearnedSlots,
        hasSyntaxProblem: Bool = false, learned: LearnedRoute? = nil
    ) {
        self.storedIndex = Int32(truncatingIfNeeded: index)
        self.ast = ast
        self.caseKey = caseKey
        self.usesOrigins = usesOrigins
        self.tableDefaults = defaults
        self.probe = probe
        self.hasSyntaxProblem = hasSyntaxProblem
        self.learnedSlots = learnedSlots
        if let learned { _ = learnedSlots.store(LearnedBox(learned), at: index) }
        self.labelNames = slots.names
        self.segmentLabels = SlotIndices(slots.segmentLabels)
        self.queryLabels = SlotIndices(slots.queryLabels)
        self.storedFragmentLabel = slots.fragmentLabel.map { Int32(truncatingIfNeeded: $0) } ?? -1
    }

    /// What the route's type says of its values: learned now if the route was never used. Two
    /// threads learning at once both probe, and both get what was stored first; no lock is
    /// held, so a probe that learns another route (a mount) never waits on it.
    var learned: LearnedRoute { learnedBox.value }

    /// Whether the route's type was learned (its first use done), without learning it.
    var isLearned: Bool { learnedSlots.box(at: index) != nil }

    /// ``learned``, by reference: what a match reads, retaining one object rather than each
    /// part of the learned route.
    var learnedBox: LearnedBox {
        if let known = learnedSlots.box(at: index) { return known }
        let found = LearnedBox.learning(
            probe.probe(caseKey: caseKey), route: self, hasSyntaxProblem: hasSyntaxProblem, owner: probe.owner)
        return learnedSlots.store(found, at: index)
    }

    /// Calls `body` with ``learnedBox``, borrowed: a learned route's box is lent without a
    /// retain and a release (an atomic compare-and-swap each, on every hit), as the route's
    /// ``LearnedSlots`` keep it while the route lives.
    @inline(__always)
    func withLearnedBox<Result>(_ body: (LearnedBox) -> Result) -> Result {
        unretainedLearnedBox._withUnsafeGuaranteedRef(body)
    }

    /// ``learnedBox``, unretained (learned now if the route was never used): the route's
    /// ``LearnedSlots`` keep it while the route lives, so whoever holds the route may read it
    /// for as long as they do.
    @inline(__always)
    var unretainedLearnedBox: Unmanaged<LearnedBox> {
        if let known = learnedSlots.unretainedBox(at: index) { return known }
        // Stored in the slots by the getter: the slots keep it after this reference ends.
        return Unmanaged.passUnretained(learnedBox)
    }

    /// Where a placeholder stands in the pattern: its label's slot, where its text comes from,
    /// and the span a definition problem points at. (A struct, not a tuple: see
    /// ``PatternAST/Capture``.)
    struct PlaceholderSite {
        let slot: Int
        let source: Source
        let span: Range<Int>
    }

    /// Calls `body` with each place a placeholder stands in the pattern, in pattern order. (No
    /// array of them is made: its type was one more the runtime built on a route's first use.)
    func forEachPlaceholderSite(_ body: (PlaceholderSite) -> Void) {
        for (offset, segment) in ast.segments.enumerated() {
            guard let slot = segmentLabels[offset] else { continue }
            body(PlaceholderSite(
                slot: slot, source: segment.value.isRest ? .rest(offset) : .segment(offset),
                span: segment.captureSpan ?? segment.span))
        }
        for (offset, item) in ast.queryItems.enumerated() {
            guard let slot = queryLabels[offset] else { continue }
            body(PlaceholderSite(slot: slot, source: .query(offset), span: item.captureSpan ?? item.valueSpan))
        }
        if let fragment = ast.fragment, let slot = fragmentLabel {
            body(PlaceholderSite(slot: slot, source: .fragment, span: fragment.captureSpan ?? fragment.span))
        }
    }

    /// The route as diagnostics name it (learned on the route's first use).
    var reference: RouteReference { RouteReference(name: name, pattern: pattern) }

    /// The route's name: given with its definition, or an enum case's, read from its key
    /// type's name, or when that does not say it from a probe's sample value (``RouteName``).
    /// (Read from the learned route where it stands, no copy of it made: every miss names
    /// its closest route.)
    var name: String { withLearnedBox { name(as: $0.value.name) } }

    /// The name `name` says of this route (see ``name``).
    func name(as name: RouteName) -> String {
        name.text { probe.name(caseKey: caseKey) }
    }

    /// Each label's type and how to read it, by slot (learned on the route's first use).
    var labels: [LabelInfo] { learned.labels }

    /// Whether a label holds a mounted table's routes.
    var mounts: Bool { labels.contains { $0.mount != nil } }

    /// How many query items a link must carry for this route: literals and non-optional,
    /// non-list captures. Used to order routes that share a path.
    var requiredQueryCount: Int {
        let labels = self.labels
        return ast.queryItems.indices.filter { isRequired(queryItem: $0, labels: labels) }.count
    }

    var literalQueryCount: Int {
        ast.queryItems.reduce(0) { $0 + ($1.value.isCapture ? 0 : 1) }
    }

    /// Whether the pattern has a query item with the key of `view`'s query item `index` (strict
    /// mode refuses the others), compared in place.
    func uses(queryItem index: Int, of view: LinkView) -> Bool {
        ast.queryItems.contains { view.queryItem(index, hasKey: $0.key, tag: $0.keyTag) }
    }

    /// Whether a link must carry the pattern's query item at `offset` (`labels`: the route's,
    /// when the caller holds them already).
    func isRequired(queryItem offset: Int, labels: [LabelInfo]? = nil) -> Bool {
        guard let label = queryLabels[offset] else { return true }
        let info = (labels ?? self.labels)[label]
        return !info.isOptional && !info.isList
    }

    /// The texts a value accepts, as the ambiguity check compares them.
    private static func shape(_ value: PatternAST.Value) -> String {
        switch value {
        case .literal(let text): return "=" + text
        case .capture: return "*"
        case .affixed(let prefix, _, let suffix): return "~" + prefix.utf8.count.description + ":" + prefix + "*" + suffix
        case .rest: return "**"
        }
    }

    /// The links this route accepts, as far as the table's ambiguity check cares: the path's
    /// shape, and the required query items with their literal values. One text, which the table
    /// keeps in a ``LiteralIndex`` (no `Dictionary` of arrays): each part its UTF-8 length,
    /// `:` and the part, so that two lists of parts write two texts.
    var signature: String {
        var parts: [String] = usesOrigins ? ["origins"] : [scheme ?? "*", host]
        for (offset, segment) in ast.segments.enumerated() {
            switch segment.value {
            case .rest:
                let label = segmentLabels[offset]
                parts.append(label.map { labels[$0].isOptional || labels[$0].isList } == true ? "/**?" : "/**")
            default: parts.append("/" + CompiledRoute.shape(segment.value))
            }
        }
        var query: [String] = []
        for (offset, item) in ast.queryItems.enumerated() where isRequired(queryItem: offset) {
            query.append(item.key + CompiledRoute.shape(item.value))
        }
        parts.append(contentsOf: query.sorted())
        if let fragment = ast.fragment, case .literal(let text) = fragment.value { parts.append("#" + text) }
        return parts.map { $0.utf8.count.description + ":" + $0 }.joined()
    }
}

/// For each path segment (or query item) of a pattern, the label it binds, or `nil` for a
/// literal: kept in 32 bits each (unsigned, as ``HashBuckets``' are: an array type the runtime
/// has ready made).
struct SlotIndices: Sendable {
    /// The slots, ``literal`` for a literal (what routes of one shape share, see
    /// ``CompiledRoute/Slots/share(with:)``).
    let raw: [UInt32]

    /// The raw slot of a literal.
    static var literal: UInt32 { .max }

    /// The raw form of `slot`: ``literal`` for `nil`.
    static func raw(_ slot: Int?) -> UInt32 { slot.map { UInt32(truncatingIfNeeded: $0) } ?? literal }

    /// Slots as ``CompiledRoute/Slots`` finds them, ``literal`` for a literal.
    init(_ slots: [UInt32]) { raw = slots }

    subscript(offset: Int) -> Int? { raw[offset] == SlotIndices.literal ? nil : Int(raw[offset]) }
}
