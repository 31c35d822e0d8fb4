/// The one place that decides whether a link matches a route, and says why not.
///
/// Every rule of a match lives here, once: the scheme, the host, each path segment, query
/// items (absent, repeated, literal, optional, list), strict query mode and the fragment. The
/// matcher runs it in ``Mode/firstProblem`` on the routes whose path the trie found (the hit
/// path: it stops at the first problem and allocates nothing for an explanation); a diagnostic
/// runs it in ``Mode/allProblems`` on the routes it names, to list every problem in the order
/// it stands in the link, value conversions included.
struct Evaluator {
    enum Mode {
        /// Stop at the first problem; leave value conversion to the route's decoder.
        case firstProblem
        /// Collect every problem, checking that each bound value converts to its type.
        case allProblems
    }

    /// What evaluating one route found.
    enum Verdict {
        /// The link fits the route; these are the texts its labels bind.
        case fits([BoundValue])
        /// The link does not fit: the problems found, at least one.
        case fails(Problems)
    }

    let route: CompiledRoute
    let view: LinkView
    let options: MatchOptions
    let mode: Mode

    private var values: [BoundValue]
    private var first: RouteMatchError.Problem?
    private var more: [RouteMatchError.Problem] = []
    private(set) var progress: Progress

    /// Evaluates `route` against `view`.
    static func evaluate(
        _ route: CompiledRoute, view: LinkView, options: MatchOptions, mode: Mode
    ) -> (verdict: Verdict, progress: Progress) {
        var evaluator = Evaluator(route: route, view: view, options: options, mode: mode)
        evaluator.run()
        let verdict: Verdict = evaluator.first.map { .fails(Problems(first: $0, more: evaluator.more)) }
            ?? .fits(evaluator.values)
        return (verdict, evaluator.progress)
    }

    private init(route: CompiledRoute, view: LinkView, options: MatchOptions, mode: Mode) {
        self.route = route
        self.view = view
        self.options = options
        self.mode = mode
        self.values = [BoundValue](repeating: .absent, count: route.labels.count)
        self.progress = Progress(scheme: true, host: true, depth: 0, pathComplete: false, query: 0)
    }

    private var stopped: Bool { mode == .firstProblem && first != nil }

    private mutating func report(_ reason: RouteMatchError.Reason, _ span: Range<Int>?) {
        let problem = RouteMatchError.Problem(reason: reason, span: span)
        if first == nil { first = problem } else { more.append(problem) }
    }

    /// In ``Mode/allProblems``, reports `text` if it does not convert to the label's type.
    private mutating func check(_ label: Int, _ text: String, span: Range<Int>?) {
        guard mode == .allProblems else { return }
        let info = route.labels[label]
        if let failure = info.check(text) {
            report(.formatFailure(label: info.name, found: text, expected: failure.expected), span)
        }
    }

    private mutating func run() {
        evaluateOrigin()
        if !stopped { evaluatePath() }
        if !stopped { evaluateQuery() }
        if !stopped { evaluateFragment() }
    }

    // MARK: Scheme and host

    private mutating func evaluateOrigin() {
        let link = view.link
        if let found = link.scheme, let expected = route.scheme, found != expected {
            progress.scheme = false
            report(.schemeMismatch(expected: expected, found: found), link.schemeRange)
        }
        if view.hostKey != route.host {
            progress.host = false
            let start = view.link.pathRange.lowerBound
            report(.hostMismatch(expected: route.host.isEmpty ? nil : route.host, found: view.host),
                   view.hostRange ?? start..<start)
        }
    }

    // MARK: Path

    private mutating func evaluatePath() {
        var fits = true
        for (offset, spec) in route.ast.segments.enumerated() {
            guard offset < view.segments.count else {
                report(.missingPathSegment(expected: spec.value.patternText), view.endOfPath)
                return
            }
            let segment = view.segment(offset)
            switch spec.value {
            case .literal(let literal):
                if segment.value != literal {
                    report(.literalMismatch(expected: literal, found: segment.value), segment.range)
                    fits = false
                }
            case .capture(let name):
                if segment.value.isEmpty {
                    report(.emptyPathSegment(label: name), segment.range)
                    fits = false
                } else if let label = route.segmentLabels[offset] {
                    values[label] = .one(segment.value)
                    check(label, segment.value, span: segment.range)
                }
            }
            if stopped { return }
            if fits { progress.depth += 1 }
        }
        if view.segments.count > route.ast.segments.count {
            let extra = view.segment(route.ast.segments.count)
            let last = view.segment(view.segments.count - 1)
            report(.extraPathSegment(found: extra.value), extra.range.lowerBound..<last.range.upperBound)
            return
        }
        progress.pathComplete = fits
    }

    // MARK: Query

    private mutating func evaluateQuery() {
        let link = view.link
        WorkMeter.add(link.queryItems.count * max(1, route.ast.queryItems.count))
        for (offset, spec) in route.ast.queryItems.enumerated() {
            let label = route.queryLabels[offset]
            let matches = link.queryItems(named: spec.key)
            if let label, route.labels[label].isList {
                var texts: [String] = []
                for item in matches {
                    texts.append(item.value)
                    check(label, item.value, span: item.valueRange ?? item.range)
                }
                values[label] = .many(texts)
                progress.query += 1
                if stopped { return }
                continue
            }
            var found: LinkComponents.QueryItem?
            var count = 0
            var second: LinkComponents.QueryItem?
            for item in matches {
                count += 1
                if found == nil { found = item } else if second == nil { second = item }
            }
            guard let found else {
                if route.isRequired(queryItem: offset) {
                    report(.missingQueryItem(key: spec.key), view.endOfQuery)
                } else {
                    progress.query += 1
                }
                if stopped { return }
                continue
            }
            if let second {
                report(.duplicateQueryItem(key: spec.key, count: count), second.range)
                if stopped { return }
                continue
            }
            let span = found.valueRange ?? found.range
            switch spec.value {
            case .literal(let literal):
                if found.value == literal {
                    progress.query += 1
                } else {
                    report(.literalMismatch(expected: literal, found: found.value), span)
                }
            case .capture:
                progress.query += 1
                if let label {
                    values[label] = .one(found.value)
                    if !(route.labels[label].isOptional && found.value.isEmpty) {
                        check(label, found.value, span: span)
                    }
                }
            }
            if stopped { return }
        }
        if options.strictQuery {
            for item in link.queryItems where !route.uses(queryKey: item.key) {
                report(.unexpectedQueryItem(key: item.key), item.range)
                if stopped { return }
            }
        }
    }

    // MARK: Fragment

    private mutating func evaluateFragment() {
        guard let spec = route.ast.fragment else { return }
        let link = view.link
        switch LinkReader.decodedFragment(of: link) {
        case .text(let text):
            switch spec.value {
            case .literal(let literal):
                if text != literal {
                    report(.literalMismatch(expected: literal, found: text), link.fragmentRange)
                }
            case .capture:
                if let label = route.fragmentLabel {
                    values[label] = .one(text)
                    if !(route.labels[label].isOptional && text.isEmpty) {
                        check(label, text, span: link.fragmentRange)
                    }
                }
            }
        case .malformed(let problem):
            report(problem.reason, problem.span)
        case .absent:
            if let label = route.fragmentLabel, route.labels[label].isOptional { return }
            let end = link.text.utf8.count
            report(.missingFragment(expected: spec.value.patternText), end..<end)
        }
    }
}

/// The problems of a route that does not fit a link: never empty, by construction.
struct Problems: Sendable {
    let first: RouteMatchError.Problem
    let more: [RouteMatchError.Problem]
}
