/// A route as declared, before compilation: its name, pattern and what probing its type learned.
struct RouteDefinition: Sendable {
    let name: String
    let pattern: String
    /// The enum case's coding key (equal to `pattern`), or `nil` for a struct route.
    let caseKey: CaseKey?
    let labels: [LabelInfo]
    /// What stopped the probe of the route's type, if anything did.
    let probeProblem: ProbeProblem?
}

/// Every route of one type compiled into one dispatch structure, with every definition problem
/// found while compiling it.
///
/// A table is immutable once built and safe to share between threads and tasks.
final class RouteTable: Sendable {
    let routes: [CompiledRoute]
    let trie: RouteTrie
    let defaults: TableDefaults
    /// Every definition problem, in declaration order. A table with problems matches nothing.
    let problems: [DefinitionProblem]
    let routeByCaseKey: [String: Int]

    var options: MatchOptions { defaults.options }

    /// The route type's name, for diagnostics.
    let name: String

    init(name: String, definitions: [RouteDefinition], scheme: String, host: String, options: MatchOptions) {
        self.name = name
        let defaults = TableDefaults(scheme: scheme.asciiLowercased, host: host.asciiLowercased, options: options)
        self.defaults = defaults
        // Problems in declaration order, each route's in the order they stand in its pattern.
        var problems: [DefinitionProblem] = []
        var routes: [CompiledRoute] = []
        var byKey: [String: Int] = [:]
        var trie = RouteTrie()
        var signatures: [[String]: Int] = [:]
        for (index, definition) in definitions.enumerated() {
            var found: [DefinitionProblem] = []
            let route = RouteTable.compile(definition, index: index, defaults: defaults, problems: &found)
            let signature = route.signature
            if let earlier = signatures[signature] {
                found.append(DefinitionProblem(
                    route: route.reference,
                    reason: .ambiguousRoutes(route: route.reference.name, other: routes[earlier].reference.name),
                    span: 0..<route.reference.pattern.utf8.count))
            } else {
                signatures[signature] = index
            }
            problems += found.sorted { ($0.span?.lowerBound ?? 0) < ($1.span?.lowerBound ?? 0) } // stable
            routes.append(route)
            trie.insert(route)
            if let key = definition.caseKey { byKey[key.text] = index }
        }
        trie.finish(routes)
        if definitions.isEmpty {
            problems.append(DefinitionProblem(route: nil, reason: .noRoutes, span: nil))
        }
        self.routes = routes
        self.trie = trie
        self.routeByCaseKey = byKey
        self.problems = problems
    }

    /// Compiles one definition, appending its problems.
    private static func compile(
        _ definition: RouteDefinition, index: Int, defaults: TableDefaults,
        problems: inout [DefinitionProblem]
    ) -> CompiledRoute {
        let reference = RouteReference(name: definition.name, pattern: definition.pattern)
        let parsed = PatternParser.parse(definition.pattern, firstSegmentIsHost: defaults.hostFromFirstSegment)
        let ast = parsed.ast
        let wholePattern = 0..<definition.pattern.utf8.count
        func report(_ reason: Reason, _ span: Range<Int>?, alternatives: [String] = []) {
            problems.append(DefinitionProblem(route: reference, reason: reason, span: span, alternatives: alternatives))
        }
        for problem in parsed.problems { report(problem.reason, problem.span) }

        let labels = definition.labels
        let labelNames = labels.map(\.name)
        var sources = [CompiledRoute.Source](repeating: .none, count: labels.count)
        var segmentLabels: [Int?] = []
        var queryLabels: [Int?] = []
        var fragmentLabel: Int?

        func bind(_ name: String, _ source: CompiledRoute.Source, span: Range<Int>) -> Int? {
            guard let label = labelNames.firstIndex(of: name) else {
                // With a probe that stopped early, later labels are unknown: no verdict.
                if definition.probeProblem == nil {
                    report(.unknownPlaceholder(name: name), span, alternatives: labelNames)
                }
                return nil
            }
            if sources[label] == .none { sources[label] = source }
            if labels[label].isList, !source.isQuery {
                report(.unsupportedType(label: name, type: labels[label].typeName, problem: .listOutsideQuery), span)
            }
            return label
        }

        for (offset, segment) in ast.segments.enumerated() {
            segmentLabels.append(segment.value.captureName.flatMap { bind($0, .segment(offset), span: segment.span) })
        }
        for (offset, item) in ast.queryItems.enumerated() {
            queryLabels.append(item.value.captureName.flatMap { bind($0, .query(offset), span: item.valueSpan) })
        }
        if let fragment = ast.fragment, let name = fragment.value.captureName {
            fragmentLabel = bind(name, .fragment, span: fragment.span)
        }
        switch definition.probeProblem {
        case .label(let name, let type, let problem)?:
            report(.unsupportedType(label: name, type: type, problem: problem), ast.span(ofCapture: name) ?? wholePattern)
        case .samplesRejected(let type, let message)?:
            report(.samplesRejected(type: type, message: message), wholePattern)
        case nil:
            break
        }
        // A label looks unused when its placeholder is malformed: the syntax problem says it.
        let hasSyntaxProblem = parsed.problems.contains { if case .patternSyntax = $0.reason { return true }; return false }
        let captured = Set(ast.captures.map(\.name))
        // A misspelled placeholder already names the label it was meant for.
        let meant = Set(ast.captures.compactMap { capture in
            labelNames.contains(capture.name) ? nil : Suggestions.nearest(to: capture.name, in: labelNames)
        })
        let end = wholePattern.upperBound
        for label in labels where !captured.contains(label.name) && !hasSyntaxProblem && !meant.contains(label.name) {
            report(.unusedLabel(label: label.name), end..<end, alternatives: Array(captured))
        }
        return CompiledRoute(
            index: index, reference: reference, ast: ast, caseKey: definition.caseKey,
            scheme: ast.scheme ?? (defaults.scheme.isEmpty ? nil : defaults.scheme),
            host: ast.host ?? defaults.host,
            labels: labels, sources: sources, queryLabels: queryLabels, segmentLabels: segmentLabels,
            fragmentLabel: fragmentLabel)
    }

    /// The error every match returns while the table has definition problems.
    func definitionError() -> RouteMatchError? {
        guard let first = problems.first else { return nil }
        let name = self.name
        return RouteMatchError(
            reason: first.reason, input: first.route?.pattern ?? "", subject: .pattern, span: first.span,
            closestRoute: first.route, definitionProblems: problems,
            details: Memo { RouteMatchError.Details(tableName: name) })
    }
}
