/// Matching a link against a table: one walk of the trie, literal edges before captures, each
/// route whose path ends where the link's does tried in priority order.
extension RouteTable {
    /// Builds the route value for route `index` from its bound values; returns the label that
    /// did not convert, if any.
    typealias Builder = (_ route: Int, _ values: [BoundValue]) -> RouteDecoder.Failure?

    /// Matches `text`; on success the builder has been called with the winning route.
    func match(_ text: String, build: Builder) -> RouteMatchError? {
        if let error = definitionError() { return error }
        let link: LinkComponents
        switch LinkReader.read(text, limits: options.limits) {
        case .success(let read): link = read
        case .failure(let problem):
            return RouteMatchError(
                reason: problem.reason, input: text, subject: .link, span: problem.span, closestRoute: nil)
        }
        let view = LinkView(link, table: self)
        var search = Search(table: self, view: view)
        let root: Int
        if let known = trie.roots[view.host] {
            root = known
        } else {
            search.hostFailed = true
            root = trie.roots[fallbackHost(for: view.host)] ?? 0
        }
        if !trie.nodes.isEmpty, search.walk(node: root, depth: 0, build: build) { return nil }
        return search.error(text: text)
    }

    /// The host whose routes a link with an unknown host is compared with: the default host,
    /// or the declared host nearest in spelling.
    func fallbackHost(for host: String) -> String {
        if !hostFromFirstSegment, trie.roots[self.host] != nil { return self.host }
        return Suggestions.nearest(to: host, in: trie.hosts.prefix(64)) ?? trie.hosts.first ?? ""
    }
}

/// The state of one match: the link, and the nearest failures seen so far.
struct Search {
    /// A route the link came near, and how far it got: scheme, host, segments, whether the
    /// path was complete, query items satisfied. A value that fails conversion still counts
    /// as reached, so conversion does not rank.
    struct Attempt {
        var route: Int
        var progress: Int
        var failure: Problem?
    }

    let table: RouteTable
    let view: LinkView
    var hostFailed = false
    /// The best attempts, best first, at most four.
    var attempts: [Attempt] = []

    init(table: RouteTable, view: LinkView) {
        self.table = table
        self.view = view
    }

    static func progress(scheme: Bool, host: Bool, depth: Int, complete: Bool, query: Int) -> Int {
        (scheme ? 1 << 52 : 0) | (host ? 1 << 51 : 0) | (min(depth, 0x3FFFFF) << 28)
            | (complete ? 1 << 27 : 0) | min(query, 0x7FFFFFF)
    }

    func schemeMatches(_ route: CompiledRoute) -> Bool {
        guard let found = view.link.scheme, let expected = route.scheme else { return true }
        return found == expected
    }

    /// Walks the trie from `node`, having consumed `depth` segments.
    mutating func walk(node: Int, depth: Int, build: RouteTable.Builder) -> Bool {
        WorkMeter.add(1)
        let nodes = table.trie.nodes
        if depth == view.segments.count {
            for route in nodes[node].terminals where attempt(route, build: build) { return true }
            if nodes[node].firstRouteBelow != Int.max {
                note(nodes[node].firstRouteBelow, depth: depth)
            }
            return false
        }
        let segment = view.segment(depth)
        var advanced = false
        if let child = nodes[node].literals[segment.value] {
            advanced = true
            if walk(node: child, depth: depth + 1, build: build) { return true }
        }
        if let capture = nodes[node].capture {
            if segment.value.isEmpty {
                note(nodes[capture].firstRoute, depth: depth)
                advanced = true
            } else {
                advanced = true
                if walk(node: capture, depth: depth + 1, build: build) { return true }
            }
        }
        if !advanced { note(nodes[node].firstRoute, depth: depth) }
        return false
    }

    /// Tries route `index`, whose path matched the whole link path.
    mutating func attempt(_ index: Int, build: RouteTable.Builder) -> Bool {
        let route = table.routes[index]
        let schemeOK = schemeMatches(route)
        let depth = view.segments.count
        let binding = Binding(route: route, view: view, strict: table.options.strictQuery)
        let progress = Search.progress(
            scheme: schemeOK, host: !hostFailed, depth: depth, complete: true, query: binding.satisfied)
        guard schemeOK, !hostFailed, binding.isComplete else {
            remember(Attempt(route: index, progress: progress, failure: nil))
            return false
        }
        guard let failure = build(index, binding.values) else { return true }
        remember(Attempt(route: index, progress: progress, failure: binding.problem(for: failure, route: route, view: view)))
        return false
    }

    /// Records that the walk reached route `index` at `depth` segments without completing its path.
    mutating func note(_ index: Int, depth: Int) {
        guard index != Int.max else { return }
        let progress = Search.progress(
            scheme: schemeMatches(table.routes[index]), host: !hostFailed, depth: depth, complete: false, query: 0)
        remember(Attempt(route: index, progress: progress, failure: nil))
    }

    private mutating func remember(_ attempt: Attempt) {
        if let existing = attempts.firstIndex(where: { $0.route == attempt.route }) {
            guard attempt.progress > attempts[existing].progress else { return }
            attempts.remove(at: existing)
        }
        let position = attempts.firstIndex { other in
            attempt.progress > other.progress || (attempt.progress == other.progress && attempt.route < other.route)
        } ?? attempts.count
        guard position < 4 else { return }
        attempts.insert(attempt, at: position)
        if attempts.count > 4 { attempts.removeLast() }
    }

    /// The reason reported if a failed match were ever left without a cause. No pattern can
    /// produce it (a `?` starts the query), so the tests and fuzzers can check it never shows.
    static let unexplainedReason = Reason.missingPathSegment(expected: "?")

    static func unexplained(_ view: LinkView) -> Problem {
        Problem(reason: unexplainedReason, span: view.endOfPath)
    }

    /// The error for a link that matched no route.
    func error(text: String) -> RouteMatchError {
        guard let best = attempts.first else {
            let problem = Problem(
                reason: .hostMismatch(expected: table.host, found: view.host), span: view.hostRange)
            return RouteMatchError(reason: problem.reason, input: text, subject: .link, span: problem.span, closestRoute: nil)
        }
        let route = table.routes[best.route]
        let problems = Explanation.problems(of: route, view: view, table: table, hostFailed: hostFailed)
        // Every attempt the walk records has a cause `Explanation` finds, or a conversion
        // failure it carries; the last fallback is unreachable, and the fuzzers check that it
        // never shows (`Search.unexplained`).
        let first = problems.first ?? best.failure ?? Search.unexplained(view)
        let table = self.table
        let hostFailed = self.hostFailed
        let others = attempts.dropFirst().map(\.route)
        let details = LazyDetails {
            Explanation.details(
                text: text, table: table, closest: best.route, others: others, hostFailed: hostFailed)
        }
        return RouteMatchError(
            reason: first.reason, input: text, subject: .link, span: first.span,
            closestRoute: route.reference, definitionProblems: [], details: details)
    }
}
