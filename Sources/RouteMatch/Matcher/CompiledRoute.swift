/// One route of a table, compiled: its pattern's syntax tree, its labels and where each
/// label's text comes from in a link.
final class CompiledRoute: Sendable {
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

    /// Declaration order, which breaks ties.
    let index: Int
    let reference: RouteReference
    let ast: PatternAST
    /// The case's coding key (its pattern) for enum routes.
    let caseKey: CaseKey?
    /// Whether the route is under the table's origins (its pattern gives no `scheme://host`
    /// and the table has origins); otherwise its pattern gives its host.
    let usesOrigins: Bool
    /// The scheme a link must have (lower-cased), or `nil` for any; for a route under the
    /// table's origins, the first origin's.
    let scheme: String?
    /// The host (lower-cased); `""` for none; for a route under the table's origins, the
    /// first origin's.
    let host: String
    let labels: [LabelInfo]
    /// The labels' names, in declaration order.
    let labelNames: [String]
    /// For each label, where its text comes from.
    let sources: [Source]
    /// For each pattern query item, the label it binds (or `nil` for a literal).
    let queryLabels: [Int?]
    /// For each pattern path segment, the label it binds (or `nil` for a literal).
    let segmentLabels: [Int?]
    /// The label the fragment binds, if any.
    let fragmentLabel: Int?

    init(
        index: Int, reference: RouteReference, ast: PatternAST, caseKey: CaseKey?, usesOrigins: Bool,
        scheme: String?, host: String,
        labels: [LabelInfo], sources: [Source], queryLabels: [Int?], segmentLabels: [Int?], fragmentLabel: Int?
    ) {
        self.index = index
        self.reference = reference
        self.ast = ast
        self.caseKey = caseKey
        self.usesOrigins = usesOrigins
        self.scheme = scheme
        self.host = host
        self.labels = labels
        self.labelNames = labels.map(\.name)
        self.sources = sources
        self.queryLabels = queryLabels
        self.segmentLabels = segmentLabels
        self.fragmentLabel = fragmentLabel
    }

    /// Whether a label holds a mounted table's routes.
    var mounts: Bool { labels.contains { $0.mount != nil } }

    /// How many query items a link must carry for this route: literals and non-optional,
    /// non-list captures. Used to order routes that share a path.
    var requiredQueryCount: Int {
        ast.queryItems.indices.filter(isRequired(queryItem:)).count
    }

    var literalQueryCount: Int {
        ast.queryItems.reduce(0) { $0 + ($1.value.captureName == nil ? 1 : 0) }
    }

    /// Whether the pattern has a query item with this key (strict mode refuses the others).
    func uses(queryKey key: String) -> Bool {
        ast.queryItems.contains { $0.key == key }
    }

    /// Whether a link must carry the pattern's query item at `offset`.
    func isRequired(queryItem offset: Int) -> Bool {
        guard let label = queryLabels[offset] else { return true }
        return !labels[label].isOptional && !labels[label].isList
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
    /// shape, and the required query items with their literal values.
    var signature: [String] {
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
        return parts
    }
}
