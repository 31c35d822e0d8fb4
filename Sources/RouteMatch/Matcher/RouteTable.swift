/// A route as declared, before compilation: its name, pattern and what probing its type learned.
struct RouteDefinition: Sendable {
    let name: String
    let pattern: String
    /// The enum case's coding key (equal to `pattern`), or `nil` for a struct route.
    let caseKey: CaseKey?
    let labels: [LabelInfo]
    /// What stopped the probe of the route's type, if anything did.
    let probeProblem: ProbeProblem?

    /// The separator between the patterns of one case: `"user/${id} | u/${id}"`. A link never
    /// holds a space, so no pattern does.
    static let patternSeparator = " | "

    /// The patterns a coding key's raw value lists, in order.
    static func patterns(in text: String) -> [String] {
        let bytes = Array(text.utf8), separator = Array(patternSeparator.utf8)
        var result: [String] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                result.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        result.append(String(decoding: bytes[start...], as: UTF8.self))
        return result
    }
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

    /// Compiles `definitions`. With `origins`, links come from those (and `scheme`/`host`
    /// must agree with the first); without, from `scheme` and `host`, or, when `host` is
    /// empty, from the host each pattern's first segment gives.
    /// Compiles `definitions` to be mounted under another table's route: their patterns are
    /// relative to the path where they are mounted.
    convenience init(name: String, definitions: [RouteDefinition], mountedWith options: MatchOptions) {
        self.init(name: name, definitions: definitions, scheme: "", host: TableDefaults.mountHost, options: options, mounted: true)
    }

    init(
        name: String, definitions: [RouteDefinition], origins declared: [String] = [], scheme: String, host: String,
        options: MatchOptions, mounted: Bool = false
    ) {
        self.name = name
        // Problems in declaration order: the origins', then each route's in the order they
        // stand in its pattern.
        var problems: [DefinitionProblem] = []
        var origins: [Origin] = []
        for (offset, text) in declared.enumerated() {
            let reference = RouteReference(name: "origins[\(offset)]", pattern: text)
            switch Origin.parse(text) {
            case .success(let origin):
                if origins.contains(where: { $0.scheme == origin.scheme && $0.host == origin.host && $0.prefix == origin.prefix }) {
                    problems.append(DefinitionProblem(route: reference, reason: .invalidOrigin(.duplicate), span: 0..<text.utf8.count))
                } else {
                    origins.append(origin)
                }
            case .failure(let refused):
                problems.append(DefinitionProblem(route: reference, reason: refused.why.reason, span: refused.why.span))
            }
        }
        if let first = origins.first, declared.first == first.text {
            // `scheme`/`host` are derived from the first origin unless the type declares others.
            let schemeDiffers = !scheme.isEmpty && scheme.asciiLowercased != first.scheme
            let hostDiffers = !host.isEmpty && host.asciiLowercased != first.host
            if schemeDiffers || hostDiffers {
                problems.append(DefinitionProblem(
                    route: RouteReference(name: "origins[0]", pattern: first.text),
                    reason: .invalidOrigin(.disagreesWithShorthand(scheme: scheme, host: host)),
                    span: 0..<first.text.utf8.count))
            }
        }
        if declared.isEmpty, !host.isEmpty {
            let lowered = scheme.asciiLowercased
            origins = [Origin(text: "", scheme: lowered.isEmpty ? nil : lowered, host: host.asciiLowercased, prefix: [])]
        }
        let defaults = TableDefaults(
            scheme: origins.first?.scheme ?? scheme.asciiLowercased, host: origins.first?.host ?? host.asciiLowercased,
            origins: origins, options: options, isMounted: mounted)
        self.defaults = defaults
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
            // A case with several patterns renders with its first.
            if let key = definition.caseKey, byKey[key.text] == nil { byKey[key.text] = index }
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
        if defaults.isMounted, let hostSpan = ast.hostSpan, ast.scheme != nil {
            // Mounted, the table reads paths: a host here could never be matched.
            report(.patternSyntax(.hostWhenMounted), (ast.schemeSpan?.lowerBound ?? hostSpan.lowerBound)..<hostSpan.upperBound)
        }

        let labels = definition.labels
        let labelNames = labels.map(\.name)
        var sources = [CompiledRoute.Source](repeating: .none, count: labels.count)
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
            if labels[label].isList, !source.isQuery, !source.isRest {
                report(.unsupportedType(label: name, type: labels[label].typeName, problem: .listOutsideQuery), span)
            }
            if let mount = labels[label].mount {
                if !source.isRest {
                    report(.unsupportedType(label: name, type: labels[label].typeName, problem: .routesNeedRestCapture), span)
                } else {
                    checkMounted(mount, label: name, type: labels[label].typeName, span: span)
                }
            }
            return label
        }

        /// A mounted table's own problems, named by the path of mounts that leads to them.
        func checkMounted(_ mount: Mount, label: String, type: String, span: Range<Int>) {
            let id = ObjectIdentifier(mount.type)
            if Mounting.building.contains(id) {
                report(.unsupportedType(label: label, type: type, problem: .mountsItself), span)
                return
            }
            let table = Mounting.$building.withValue(Mounting.building + [id]) { mount.table }
            for problem in table.problems {
                let inner = problem.route.map { RouteReference(name: reference.name + " › " + $0.name, pattern: $0.pattern) }
                problems.append(DefinitionProblem(
                    route: inner ?? reference, reason: problem.reason, span: inner == nil ? span : problem.span,
                    alternatives: problem.alternatives))
            }
        }

        // Built by `map`, so that the arrays the route keeps have no room left over.
        let segmentLabels: [Int?] = ast.segments.enumerated().map { offset, segment in
            let source: CompiledRoute.Source = segment.value.isRest ? .rest(offset) : .segment(offset)
            return segment.value.captureName.flatMap { bind($0, source, span: segment.captureSpan ?? segment.span) }
        }
        let queryLabels: [Int?] = ast.queryItems.enumerated().map { offset, item in
            item.value.captureName.flatMap { bind($0, .query(offset), span: item.captureSpan ?? item.valueSpan) }
        }
        if let fragment = ast.fragment, let name = fragment.value.captureName {
            fragmentLabel = bind(name, .fragment, span: fragment.captureSpan ?? fragment.span)
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
        let usesOrigins = !defaults.origins.isEmpty && ast.host == nil
        return CompiledRoute(
            index: index, reference: reference, ast: ast, caseKey: definition.caseKey, usesOrigins: usesOrigins,
            scheme: ast.scheme ?? (defaults.scheme.isEmpty ? nil : defaults.scheme),
            host: ast.host ?? defaults.host,
            labels: labels, sources: sources, queryLabels: queryLabels, segmentLabels: segmentLabels,
            fragmentLabel: fragmentLabel)
    }

    /// The hosts links may carry: the origins', then those patterns give, in declaration order.
    var acceptedHosts: [String] {
        var hosts: [String] = []
        for host in defaults.origins.map(\.host) + trie.hosts where !host.isEmpty && host != CompiledRoute.originsKey {
            if !hosts.contains(host) { hosts.append(host) }
        }
        return hosts
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
