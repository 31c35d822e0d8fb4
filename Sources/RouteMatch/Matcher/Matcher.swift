/// Matching a link against a table: one walk of the trie, literal edges before captures, each
/// route whose path ends where the link's does evaluated in priority order, and for a link
/// that matches none, the closest route and its problems.
extension RouteTable {
    /// Builds a route's value from the texts its labels bind, or says which label refused.
    typealias Build<Route> = (_ route: CompiledRoute, _ values: consuming BoundValueList) throws(DecodeFailure) -> Route

    /// Builds a route's value and keeps it (the caller's closure holds it): `nil` when it was
    /// built, else why not. The walk is not generic, so a hit looks up no generic metadata
    /// (`Optional<Route>`, `Result<Route, …>`) at each step; only the caller's closure is.
    typealias Attempt = (_ route: CompiledRoute, _ values: consuming BoundValueList) -> DecodeFailure?

    /// The view of `text` this table matches, or why there is none: the table's definition
    /// problems, or what makes the link unreadable.
    func view(of text: String) throws(RouteMatchError) -> LinkView {
        if let error = definitionError() { throw error }
        do throws(LinkReader.Unreadable) {
            return try LinkView(reading: text, limits: options.limits, known: knownTexts, defaults: defaults)
        } catch {
            throw error.error(input: text)
        }
    }

    /// Matches a link, handing the route that fits to `attempt`: `nil` when a route was
    /// built, else the error. Not generic: nothing on the way looks up a generic type's metadata.
    ///
    /// - Complexity: O(*m*) for a link of *m* bytes, whatever the number of routes: one trie
    ///   walk. A link whose host is not the table's also compares its path under at most
    ///   ``RouteTable/hostsComparedOnMiss`` other hosts.
    ///
    /// - Parameter told: What ``PlainHit`` did with the route it reached, when it did not build
    ///   it: its build refused (``PlainHit/Outcome/refused(_:)``: the walk takes that failure
    ///   for the route, and does not build it again), or a text's type refutes it
    ///   (``PlainHit/Outcome/refuted(route:)``: the walk explains it without evaluating it
    ///   first); `.left` for nothing.
    func match(_ view: consuming LinkView, told: PlainHit.Outcome = .left, attempt: Attempt) -> RouteMatchError? {
        var search = Search(view: view)
        search.told = told
        let failure = run(&search, attempt: attempt)
        // The walk stops at a route built or at a route first used with definition problems.
        if let error = search.firstUseError { return error }
        return failure
    }

    /// Matches a link, builds its route with `build` and hands the value to `keep`: `nil` when
    /// a value was kept, else the error. (`told`: see ``match(_:told:attempt:)``.)
    func match<Route>(
        _ view: consuming LinkView, told: PlainHit.Outcome = .left, build: Build<Route>, keep: (Route) -> Void
    ) -> RouteMatchError? {
        match(view, told: told) { route, values in RouteTable.built(route, values, build, keep: keep) }
    }

    /// Builds `route`'s value from `values` with `build` and hands it to `keep`: `nil` when it
    /// was built, else why not. The one place a build's refusal is caught.
    @inline(__always)
    private static func built<Route>(
        _ route: CompiledRoute, _ values: consuming BoundValueList, _ build: Build<Route>, keep: (Route) -> Void
    ) -> DecodeFailure? {
        do throws(DecodeFailure) {
            keep(try build(route, consume values))
            return nil
        } catch {
            return error
        }
    }

    /// Matches `text`, builds its route with `build` and hands the value to `keep`: `nil` when
    /// a value was kept, else the error (the table's definition problems, an unreadable link,
    /// or why no route matched).
    @inline(__always)
    func match<Route>(_ text: String, build: Build<Route>, keep: (Route) -> Void) -> RouteMatchError? {
        var told = PlainHit.Outcome.left
        if plainHits {
            told = PlainHit.attempt(text, in: self) { route, values in RouteTable.built(route, values, build, keep: keep) }
            if case .built = told { return nil }
        }
        do throws(RouteMatchError) {
            return match(try view(of: text), told: told, build: build, keep: keep)
        } catch {
            return error
        }
    }

    /// Matches a link and builds its route with `build`.
    func match<Route>(_ view: LinkView, build: Build<Route>) -> Result<Route, RouteMatchError> {
        RouteTable.result { keep in match(view, build: build, keep: keep) }
    }

    /// Matches `text` and builds its route with `build`.
    func match<Route>(_ text: String, build: Build<Route>) -> Result<Route, RouteMatchError> {
        RouteTable.result { keep in match(text, build: build, keep: keep) }
    }

    /// The value `run` keeps, or the error it returns (``Router/route(_:)``'s rule, as a `Result`).
    private static func result<Route>(
        _ run: (_ keep: (Route) -> Void) -> RouteMatchError?
    ) -> Result<Route, RouteMatchError> {
        do throws(RouteMatchError) { return .success(try Router<Route>.route(run)) } catch { return .failure(error) }
    }

    private func run(_ search: inout Search, attempt: Attempt) -> RouteMatchError? {
        // The view is read in place (`search.view`), not copied: a copy retains what it holds.
        let host = search.view.hostKey
        // A mounted table's view keeps the mounting table's origin, which that table has
        // accepted; its own routes are under its one origin.
        let accepted: Bool
        if defaults.isMounted {
            accepted = true
        } else if let origin = search.view.origin {
            accepted = origin.accepted
        } else {
            // Each pattern gives its host.
            if let root = trie.roots[host] {
                if search.walk(self, node: root, depth: 0, attempt: attempt) { return nil }
            } else {
                // No route has this host: compare the path under the hosts it most likely meant,
                // so the closest route is the one the rest of the link fits.
                search.hostFailed = true
                for other in hostsCompared(with: host) {
                    if let root = trie.roots[other] { _ = search.walk(self, node: root, depth: 0, attempt: attempt) }
                }
            }
            return search.conclude(self, attempt: attempt)
        }
        // Routes whose pattern names this host come first (they are the more specific), then
        // the routes under the origin the link comes from.
        var walked = false
        if trie.hasHostRoots, !search.view.link.hostText.isEmpty, let root = trie.roots[host] {
            walked = true
            let view = search.view
            search.view = view.wholePath
            if search.walk(self, node: root, depth: 0, attempt: attempt) { return nil }
            search.view = view
        }
        if accepted, let root = trie.originsRoot {
            walked = true
            if search.walk(self, node: root, depth: 0, attempt: attempt) { return nil }
        }
        if !walked {
            // From no origin: compare the path under the nearest origin, then under the hosts
            // patterns give.
            search.hostFailed = true
            if let root = trie.originsRoot {
                _ = search.walk(self, node: root, depth: 0, attempt: attempt)
            }
            let view = search.view
            for other in hostsCompared(with: host) where other != CompiledRoute.originsKey {
                guard let root = trie.roots[other] else { continue }
                search.view = view.wholePath
                _ = search.walk(self, node: root, depth: 0, attempt: attempt)
            }
        }
        return search.conclude(self, attempt: attempt)
    }

    /// How many declared hosts a link with an unknown host is compared under.
    static let hostsComparedOnMiss = 16

    /// The hosts a link with an unknown host is compared under: the one nearest in spelling
    /// (or the default host), then the others in declaration order, at most
    /// ``hostsComparedOnMiss``.
    func hostsCompared(with host: String) -> [String] {
        var hosts: [String] = []
        if let near = Suggestions.nearest(to: host, in: trie.hosts.prefix(64)) {
            hosts.append(near)
        }
        for other in trie.hosts where hosts.count < RouteTable.hostsComparedOnMiss && !hosts.contains(other) {
            hosts.append(other)
        }
        return hosts
    }
}

/// The state of one match: the link, and the nearest failures seen so far.
struct Search {
    /// A route the link came near, how far it got, and its problems once evaluated.
    struct Attempt {
        var route: Int
        /// The view the route was compared under (the path after the origin's prefix, or the
        /// whole path for a route whose pattern gives its host).
        var view: LinkView
        var progress: Progress
        /// `nil` for a route the walk stopped short of, evaluated only if it is reported.
        var problems: Problems?
        /// The mounted table's own error, when the route fits but the table it mounts does not.
        var mounted: RouteMatchError? = nil
    }

    /// Where the first path the walk follows (literal edges before captures) ends.
    enum FirstPath {
        /// It consumed every segment of the link.
        case complete
        /// It left the table at this node, whose literal edges a diagnostic offers.
        case left(node: Int)
    }

    // The table is passed to each step, not stored: a search retains nothing for it.
    /// The view of the walk under way.
    var view: LinkView
    var hostFailed = false
    /// What ``PlainHit``'s path did with the route it reached and did not build (its build
    /// refused, or a text's type refutes it), until the walk attempts that route; `.left` for
    /// nothing.
    var told = PlainHit.Outcome.left
    /// The definition problems of a route the link reached, found on its first use: they end
    /// the search (a route that cannot be built must not let another take its links).
    private(set) var firstUseError: RouteMatchError?
    /// Set once, by the first path the walk follows.
    private(set) var firstPath: FirstPath?
    /// The best attempts, best first, at most ``keptAttempts``.
    private(set) var attempts: NearestAttempts

    /// The closest route and the others reported beside it.
    static let keptAttempts = 4

    init(view: LinkView) {
        attempts = NearestAttempts(placeholder: Search.none(view))
        self.view = view
    }

    /// The attempt that stands for no route: the first-declared route, not reached.
    private static func none(_ view: LinkView) -> Attempt {
        Attempt(route: 0, view: view, progress: Progress(scheme: false, host: false, depth: 0, pathComplete: false, query: 0), problems: nil)
    }

    /// Walks the trie from `node`, having consumed `depth` segments; returns whether a route
    /// fitted and was built (by `attempt`).
    mutating func walk(_ table: RouteTable, node: Int, depth: Int, attempt build: RouteTable.Attempt) -> Bool {
        WorkMeter.add(1)
        // The node and the segment are read where they stand (`table.trie.nodes[node]`,
        // `view.segment(depth)`) each time, not bound to locals: the walk is `mutating` and
        // recursive, so a local array or text held across a recursive call would be retained
        // and released around it.
        if depth == view.segmentCount {
            if firstPath == nil { firstPath = .complete }
            // Shorter routes first, then those whose rest capture may take no segment.
            if attemptEach(table, table.trie.terminals(of: node), build: build) { return true }
            if attemptEach(table, table.trie.rests(of: node), build: build) { return true }
            let below = table.trie.nodes[node].firstRouteBelow
            if below != Int.max { note(table, below, depth: depth) }
            return false
        }
        var advanced = false
        // A segment with a bad escape matches no literal text; a capture still reaches its route,
        // which names the escape and the label it broke.
        let readable = view.segment(depth).badEscape == nil
        if readable, let child = view.child(of: node, in: table.trie, literal: depth) {
            advanced = true
            if walk(table, node: child, depth: depth + 1, attempt: build) { return true }
        }
        if readable, table.trie.hasAffixed(node) {
            // The segment's bytes compared in place, no text made.
            for edge in table.trie.affixed(of: node) where view.segment(depth, surroundedBy: edge.prefix, edge.suffix) {
                advanced = true
                if walk(table, node: edge.child, depth: depth + 1, attempt: build) { return true }
            }
        }
        if let capture = table.trie.nodes[node].capture {
            advanced = true
            if view.isEmpty(view.segment(depth)) {
                note(table, table.trie.nodes[capture].firstRoute, depth: depth)
            } else if walk(table, node: capture, depth: depth + 1, attempt: build) {
                return true
            }
        }
        if table.trie.hasRests(node) {
            advanced = true
            if attemptEach(table, table.trie.rests(of: node), build: build) { return true }
        }
        if !advanced {
            if firstPath == nil { firstPath = .left(node: node) }
            note(table, table.trie.nodes[node].firstRoute, depth: depth)
        }
        return false
    }

    /// Attempts each route of `routes` in order; returns whether one was built.
    @inline(__always)
    private mutating func attemptEach(
        _ table: RouteTable, _ routes: RouteTrie.RouteList, build: RouteTable.Attempt
    ) -> Bool {
        for route in routes where attempt(table, route, build: build) { return true }
        return false
    }

    /// Evaluates route `index`, whose path the walk matched, and builds it if it fits.
    private mutating func attempt(_ table: RouteTable, _ index: Int, build: RouteTable.Attempt) -> Bool {
        guard !hostFailed else {
            remember(explain(table, index, decodeFailure: nil))
            return false
        }
        // The route and what it learned are lent, not retained: the table (borrowed for the
        // whole walk) keeps its routes, a route what it learned. A retain and a release (an
        // atomic compare-and-swap each) would be all a copy of either costs.
        return Unmanaged.passUnretained(table.routes[index])._withUnsafeGuaranteedRef { route in
            // The route's type, learned now on its first use.
            route.withLearnedBox { learned in attempt(table, index, route, learned: learned, build: build) }
        }
    }

    /// Evaluates route `index` (`route`, whose type is `learned`) and builds it if it fits. A
    /// route that shows a definition problem ends the search.
    private mutating func attempt(
        _ table: RouteTable, _ index: Int, _ route: CompiledRoute, learned: LearnedBox, build: RouteTable.Attempt
    ) -> Bool {
        if !learned.value.problems.isEmpty {
            firstUseError = table.error(for: learned.value.problems, firstUse: true)
            return true
        }
        switch told {
        case .refuted(let route) where Int(route) == index:
            // The plain hit path did not build this route, a text's type refuting it: explained
            // (the explanation's conversions name the text), not evaluated first to find that.
            told = .left
            remember(explain(table, index, decodeFailure: nil))
            return false
        case .refused(let tried) where tried.route == index:
            // The plain hit path found this route fitting and its build refused: explained as
            // a refused build is, not built again.
            told = .left
            guard case .mounted = tried.failure else {
                remember(explain(table, index, decodeFailure: tried.failure))
                return false
            }
            // A table mounted under the route refused the rest: as a build's refusal below,
            // with how far the link got into the route.
            let progress = Evaluator.evaluate(
                route, view: view, options: table.options, mode: .firstProblem, labels: learned.value.labels,
                literalsWalked: true
            ).progress
            return settle(table, index, route, progress: progress, failure: tried.failure)
        case .left, .built, .refuted, .refused: break
        }
        let evaluation = Evaluator.evaluate(
            route, view: view, options: table.options, mode: .firstProblem, labels: learned.value.labels,
            literalsWalked: true)
        let progress = evaluation.progress
        // Consumed: the bound values are handed on, not copied out of the evaluation.
        switch (consume evaluation).verdict {
        case .fits(let values):
            // Handed on, not copied: the route's decoder or closure keeps them.
            return settle(table, index, route, progress: progress, failure: build(route, consume values))
        case .fails(let problems):
            remember(Attempt(route: index, view: view, progress: progress, problems: problems))
        }
        return false
    }

    /// Takes what the build of route `index` (`route`, evaluated to `progress`) answered:
    /// `true` when the search ends (the route was built, or a table mounted under it showed a
    /// definition problem on its first use), else the refusal is remembered.
    private mutating func settle(
        _ table: RouteTable, _ index: Int, _ route: CompiledRoute, progress: Progress, failure: DecodeFailure?
    ) -> Bool {
        switch failure {
        case nil: return true
        case .mounted(_, let error)? where error.subject == .pattern:
            // A route of the mounted table, first used now, has definition problems.
            firstUseError = table.mountedDefinitionError(error, under: route)
            return true
        case .mounted(_, let error)?:
            let problem = Problem(reason: error.reason, span: error.span)
            remember(Attempt(route: index, view: view, progress: progress, problems: Problems(first: problem, more: []), mounted: error))
        case let failure?: remember(explain(table, index, decodeFailure: failure))
        }
        return false
    }

    /// Every problem of route `index`, with how far the link got into it. A route whose
    /// evaluation finds nothing wrong failed in its decoder, which names the cause.
    private func explain(_ table: RouteTable, _ index: Int, decodeFailure: DecodeFailure?) -> Attempt {
        let route = table.routes[index]
        let evaluation = Evaluator.evaluate(route, view: view, options: table.options, mode: .allProblems)
        let progress = evaluation.progress
        switch evaluation.verdict {
        case .fails(let problems):
            return Attempt(route: index, view: view, progress: progress, problems: problems)
        case .fits:
            let problem = decodeFailure.map { $0.problem(route: route, view: view) }
            return Attempt(route: index, view: view, progress: progress, problems: problem.map { Problems(first: $0, more: []) })
        }
    }

    /// Records that the walk reached route `index` at `depth` segments without completing its path.
    private mutating func note(_ table: RouteTable, _ index: Int, depth: Int) {
        guard index != Int.max else { return }
        let fits = Evaluator.originFits(table.routes[index], view)
        let progress = Progress(scheme: fits.scheme, host: fits.host, depth: depth, pathComplete: false, query: 0)
        remember(Attempt(route: index, view: view, progress: progress, problems: nil))
    }

    /// Keeps `attempt` among the best ones, in order (``NearestAttempts/remember(_:)``).
    private mutating func remember(_ attempt: consuming Attempt) {
        attempts.remember(attempt)
    }

    /// The literal segments the table offers where the link's path first left it, the
    /// earliest-declared first, and how many more there are: none when it did not leave it.
    private func expectedLiterals(in table: RouteTable) -> (first: [String], more: Int) {
        guard !hostFailed, case .left(let index)? = firstPath else { return ([], 0) }
        let count = table.trie.literalCount(of: index)
        guard count > 0 else { return ([], 0) }
        let first = table.trie.firstLiterals(of: index)
        return (first, count - first.count)
    }

    /// The closest route's verdict: its problems, or (for a route the walk stopped short of
    /// that the evaluator finds fitting) the route itself. With no attempt recorded, the
    /// first-declared route is the closest.
    ///
    /// The search ends here: the closest attempt is read where the list holds it (the
    /// placeholder, the first-declared route, when none was remembered), its problems moved
    /// out (not copied, which would retain each text of their reasons).
    mutating func conclude(_ table: RouteTable, attempt build: RouteTable.Attempt) -> RouteMatchError? {
        if !attempts.hasBest { attempts.replacePlaceholder(with: Search.none(view)) }
        let route = table.routes[attempts.best.route]
        // A closest route that cannot be built is what the link's author needs to hear of.
        if let error = table.firstUseError(route) { return error }
        if let mounted = attempts.best.mounted { return mountedError(mounted, under: route, view: attempts.best.view) }
        let problems: Problems
        // The walk's problems of the route are all of them; evaluated here, only its first is
        // found, the reason: the others (the notes) are found with the details, when first
        // asked for (a miss whose reason alone is read costs no more).
        var notesInDetails = false
        if let known = attempts.takeBestProblems() {
            problems = known
        } else {
            switch Evaluator.evaluate(route, view: attempts.best.view, options: table.options, mode: .firstExplained).verdict {
            case .fails(let found):
                problems = found
                notesInDetails = true
            case .fits(let values):
                switch build(route, consume values) {
                case nil: return nil
                case .mounted(_, let error)? where error.subject == .pattern:
                    return table.mountedDefinitionError(error, under: route)
                case .mounted(_, let error)?: return mountedError(error, under: route, view: attempts.best.view)
                case let failure?: problems = Problems(first: failure.problem(route: route, view: attempts.best.view), more: [])
                }
            }
        }
        let others = attempts.others.map { Diagnosis.Other(route: table.routes[$0.route], view: $0.view) }
        let expected = expectedLiterals(in: table)
        let input = Diagnosis.Input(
            view: attempts.best.view, defaults: table.defaults, route: route, others: others,
            hosts: hostFailed || !(table.defaults.isMounted || attempts.best.view.origin?.hostFits ?? true) ? table.acceptedHosts : [],
            expected: expected.first, moreExpected: expected.more, findsNotes: notesInDetails)
        return RouteMatchError(
            problems: consume problems, input: view.link.text, notesInDetails: notesInDetails, diagnosis: input)
    }

    /// A mounted table's error as the mounting table reports it: the nested route named by its
    /// path (`settings › privacy`), the caret already in the whole link, and the help's example
    /// written after the mount's own segments.
    private func mountedError(_ error: RouteMatchError, under route: CompiledRoute, view: LinkView) -> RouteMatchError {
        let reference = route.reference.mounting(error.closestRoute ?? RouteReference(name: "", pattern: ""))
        let text = view.link.text
        let mountStart = route.ast.restSegment.flatMap { $0 < view.segmentCount ? view.segment($0).range.lowerBound : nil }
        let restStart = mountStart ?? view.link.pathRange.upperBound
        return RouteMatchError(
            reason: error.reason, input: text, subject: .link, span: error.span, closestRoute: reference,
            notes: error.knownNotes, isSharedItems: error.isSharedItems, details: Memo { _, whole, cheap in
                var details = error.details(whole: whole)
                if let example = details.example {
                    // The mounted table writes paths relative to the mount.
                    let prefix = String(decoding: Array(text.utf8.prefix(restStart)), as: UTF8.self)
                    let separator = mountStart == nil && !example.isEmpty && !prefix.hasSuffix("/") ? "/" : ""
                    details.example = prefix + separator + example
                }
                // The parts to redact, found already with the cheap part (a redacted summary
                // asked for first), are not found again.
                if let cheap {
                    details.redactions = cheap.redactions
                    return details
                }
                // The mounted table judges the segments it read; before them, the mounting
                // route does (a value it captured there is hidden as any value is).
                var isolation = LinkView.Isolation()  // any thread (see ``LinkView/Isolation``)
                let own = isolation.view(view)
                let before = Diagnosis.redactions(view: own, route: route).filter { $0.lowerBound < restStart }
                details.redactions = before + (details.redactions ?? [])
                return details
            })
    }
}
