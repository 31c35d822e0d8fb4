/// One route of a table, compiled: its pattern's syntax tree, its labels and where each
/// label's text comes from in a link.
final class CompiledRoute: Sendable {
    /// Where a label's text comes from.
    enum Source: Equatable, Sendable {
        /// The path segment at this index (after the host).
        case segment(Int)
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
    }

    /// Declaration order, which breaks ties.
    let index: Int
    let reference: RouteReference
    let ast: PatternAST
    /// The case's coding key (its pattern) for enum routes.
    let caseKey: CaseKey?
    /// The scheme a link must have (lower-cased), or `nil` for any.
    let scheme: String?
    /// The host (lower-cased); `""` for none.
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
        index: Int, reference: RouteReference, ast: PatternAST, caseKey: CaseKey?, scheme: String?, host: String,
        labels: [LabelInfo], sources: [Source], queryLabels: [Int?], segmentLabels: [Int?], fragmentLabel: Int?
    ) {
        self.index = index
        self.reference = reference
        self.ast = ast
        self.caseKey = caseKey
        self.scheme = scheme
        self.host = host
        self.labels = labels
        self.labelNames = labels.map(\.name)
        self.sources = sources
        self.queryLabels = queryLabels
        self.segmentLabels = segmentLabels
        self.fragmentLabel = fragmentLabel
    }

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

    /// The links this route accepts, as far as the table's ambiguity check cares: the path's
    /// shape, and the required query items with their literal values.
    var signature: [String] {
        var parts: [String] = [scheme ?? "*", host]
        for segment in ast.segments {
            switch segment.value {
            case .literal(let text): parts.append("/=" + text)
            case .capture: parts.append("/*")
            }
        }
        var query: [String] = []
        for (offset, item) in ast.queryItems.enumerated() where isRequired(queryItem: offset) {
            switch item.value {
            case .literal(let text): query.append(item.key + "=" + text)
            case .capture: query.append(item.key + "=*")
            }
        }
        parts.append(contentsOf: query.sorted())
        if let fragment = ast.fragment, case .literal(let text) = fragment.value { parts.append("#" + text) }
        return parts
    }
}
