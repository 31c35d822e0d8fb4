/// A route as declared, before compilation: its pattern, and how to learn its name and labels
/// by probing its type (on the route's first use).
struct RouteDefinition: Sendable {
    let pattern: String
    /// The enum case's coding key (equal to `pattern`), or `nil` for a struct route.
    let caseKey: CaseKey?
    let probe: any RouteProbing

    /// The separator between the patterns of one case: `"user/${id} | u/${id}"`. A link never
    /// holds a space, so no pattern does.
    static let patternSeparator = " | "

    /// Whether a coding key's raw value lists several patterns (it holds a space, which no
    /// pattern does): most cases have one, the raw value itself.
    static func listsSeveralPatterns(_ text: String) -> Bool {
        ByteText.withUTF8(of: text) { bytes in LinkReader.firstSpace(bytes) < bytes.count }
    }

    /// The patterns a coding key's raw value lists, in order (the raw value itself when it
    /// lists one; callers ask ``listsSeveralPatterns(_:)`` first, and make no array for it).
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

extension DefinitionProblem {
    /// The problem of a mounted table's route, named by the path of mounts from `route` (the
    /// route that mounts it): `settings › notifications`. A problem of no route stands at `span`.
    func mounted(under route: RouteReference, span: Range<Int>? = nil) -> DefinitionProblem {
        let inner = self.route.map { route.mounting($0) }
        return DefinitionProblem(
            route: inner ?? route, reason: reason, span: inner == nil ? span : self.span, alternatives: alternatives)
    }
}

/// Every route of one type compiled into one dispatch structure, with every definition problem
/// found while compiling it.
///
/// A table is immutable once built and safe to share between threads and tasks.
final class RouteTable: @unchecked Sendable {
    // Unchecked: every stored property is immutable but `validated`, which is read and
    // written only under `LockPool.withLock(for:)` (see ``validationError()``).
    let routes: [CompiledRoute]
    let trie: RouteTrie
    let defaults: TableDefaults
    /// Every problem the patterns show (found when the table is built), in declaration order.
    /// A table with any matches nothing.
    let problems: [DefinitionProblem]
    /// The same, by route; empty when no route has any (as in most tables: no array a route).
    private let patternProblems: [[DefinitionProblem]]
    /// The problems of no route: the origins' before the routes', and `noRoutes` after.
    private let tableProblems: (before: [DefinitionProblem], after: [DefinitionProblem])
    /// What the routes learned on their first use, and the index of case keys the table makes
    /// on its first render (``route(forCaseKey:)``).
    private let learnedSlots: LearnedSlots
    /// The schemes and hosts of the table's origins, which a link read for the table reuses.
    let knownTexts: KnownTexts
    /// The hosts links may carry: the origins', then those patterns give, in declaration order.
    /// Kept, not made on each miss that names them (a link from a host the table does not
    /// accept: two arrays joined and a third filled, some 3,800 instructions a miss).
    let acceptedHosts: [String]
    /// Every definition problem of the table, once ``validationError()`` has learned them:
    /// a table whose patterns have problems fails every match with it, found once.
    private var validated: Validated?

    /// What validating a table found, shared by reference.
    private final class Validated: Sendable {
        let error: RouteMatchError?
        init(_ error: RouteMatchError?) { self.error = error }
    }

    var options: MatchOptions { defaults.options }

    /// Whether a link may take ``PlainHit``'s path: the table has no definition problem, is
    /// not mounted, reads links from its origins, and has a pattern the plain path may read
    /// (``PlainHit/mayRead(_:)``).
    let plainHits: Bool
    /// Whether the rest of a plain link may take ``PlainHit``'s path in this table, mounted
    /// under a route of a table whose link took it: the table has no definition problem, is
    /// mounted, has no pattern that gives a host, and has a pattern the plain path may read.
    let plainMountedHits: Bool

    /// The route type's name, for diagnostics.
    var name: String { typeName.text }
    private let typeName: TypeName

    /// Compiles `definitions`. With `origins`, links come from those (and `scheme`/`host`
    /// must agree with the first); without, from `scheme` and `host`, or, when `host` is
    /// empty, from the host each pattern's first segment gives.
    /// Compiles `definitions` to be mounted under another table's route: their patterns are
    /// relative to the path where they are mounted.
    convenience init(name: TypeName, definitions: [RouteDefinition], mountedWith options: MatchOptions) {
        self.init(name: name, definitions: definitions, scheme: "", host: TableDefaults.mountHost, options: options, mounted: true)
    }

    init(
        name: TypeName, definitions: [RouteDefinition], origins declared: [String] = [], scheme: String, host: String,
        options: MatchOptions, mounted: Bool = false
    ) {
        self.typeName = name
        // Problems in declaration order: the origins', then each route's in the order they
        // stand in its pattern.
        var (origins, problems) = Origin.parseAll(declared) { "origins[\($0)]" }
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
        routes.reserveCapacity(definitions.count)
        var trie = RouteTrie()
        // Each route's problems, so that those found later (ambiguity) stand in declaration order.
        var found: [[DefinitionProblem]] = []
        let learnedSlots = LearnedSlots(count: definitions.count)
        // The definitions and routes are read in place, by index: a definition bound to a name
        // is a copy (a retain and a release of its pattern, key and probe, each route).
        for index in definitions.indices {
            var routeProblems: [DefinitionProblem] = []
            let route = RouteTable.compile(
                pattern: definitions[index].pattern, caseKey: definitions[index].caseKey, probe: definitions[index].probe,
                index: index, defaults: defaults, learnedSlots: learnedSlots,
                sharingWith: routes.suffix(RouteTable.routesSharedWith), problems: &routeProblems)
            found.append(routeProblems)
            routes.append(route)
        }
        trie.reserveCapacity(for: routes)
        for index in routes.indices { trie.insert(routes[index]) }
        trie.finish(routes)
        // Learned now, not on first use: the routes that end at the same node as another (only
        // they can accept the same links; ordering them needs their labels). A route that
        // mounts a table is learned on its first use like any other, and builds that table
        // then: a mounted enum's first decode instantiates every one of its cases' key types.
        // (A flag a route and a ``LiteralIndex``, not a `Set` and a `Dictionary`: a process's
        // first of each has the runtime scan every conformance record it holds, see
        // ``Swift/Array/appendIfAbsent(_:)``, for a first use that meets a shared end.)
        var learnedNow: [Bool] = []
        for group in trie.sharedEnds {
            if learnedNow.isEmpty { learnedNow = Array(repeating: false, count: routes.count) }
            for index in group { learnedNow[index] = true }
            // The first route of each signature.
            var firstOfSignature = LiteralIndex()
            for index in group.sorted() {
                let signature = routes[index].signature
                if let earlier = firstOfSignature[signature] {
                    let route = routes[index]
                    found[index].append(DefinitionProblem(
                        route: route.reference,
                        reason: .ambiguousRoutes(route: route.reference.name, other: routes[earlier].reference.name),
                        span: 0..<route.pattern.utf8.count))
                } else {
                    firstOfSignature.set(signature, to: index)
                }
            }
        }
        // Most routes have no problem: their empty lists are neither sorted nor appended (an
        // empty array appended to another still asked it for room, a route at a time), and most
        // tables learn no route now (their list of flags stays empty, and is not read).
        for index in found.indices where found[index].count > 1 { found[index] = RouteTable.inPatternOrder(found[index]) }
        let originProblems = problems
        for index in found.indices {
            if !learnedNow.isEmpty && learnedNow[index] {
                problems += RouteTable.inPatternOrder(found[index] + routes[index].learned.problems)
            } else if !found[index].isEmpty {
                problems += found[index]
            }
        }
        let noRoutes = definitions.isEmpty ? [DefinitionProblem(route: nil, reason: .noRoutes, span: nil)] : []
        problems += noRoutes
        self.routes = routes
        self.trie = trie
        acceptedHosts = RouteTable.acceptedHosts(origins: defaults.origins, patternHosts: trie.hosts)
        self.learnedSlots = learnedSlots
        knownTexts = KnownTexts(
            [defaults.scheme, defaults.host] + defaults.origins.flatMap { [$0.scheme ?? "", $0.host] })
        self.problems = problems
        let readable = problems.isEmpty && trie.originsRoot != nil && routes.contains { PlainHit.mayRead($0.ast) }
        plainHits = readable && !mounted && !defaults.origins.isEmpty
        plainMountedHits = readable && mounted && !trie.hasHostRoots
        self.patternProblems = found.allSatisfy({ $0.isEmpty }) ? [] : found
        self.tableProblems = (originProblems, noRoutes)
    }

    /// The index of the route an enum value whose case key is `text` renders with: the case's
    /// route (its first, for a case with several patterns). The index it is looked up in is
    /// made on the table's first call (``CaseKeyIndex``).
    func route(forCaseKey text: String) -> Int? {
        (learnedSlots.caseKeyIndex ?? madeCaseKeyIndex())._withUnsafeGuaranteedRef { $0.route(forCaseKey: text) }
    }

    /// The index of case keys, made now (on the table's first render) and stored. Out of line:
    /// a render that finds it made does not hold the routes for it.
    @inline(never)
    private func madeCaseKeyIndex() -> Unmanaged<CaseKeyIndex> {
        learnedSlots.store(CaseKeyIndex(routes))
    }

    /// A route's problems in the order they stand in its pattern (a stable sort).
    static func inPatternOrder(_ problems: [DefinitionProblem]) -> [DefinitionProblem] {
        problems.count < 2 ? problems : problems.sorted { ($0.span?.lowerBound ?? 0) < ($1.span?.lowerBound ?? 0) }
    }

    /// How many of the routes declared just before a route it compares its arrays with, to
    /// share their storage (``CompiledRoute/Slots/share(with:)``): enough for tables whose
    /// routes alternate a few shapes, few enough that building stays linear.
    static let routesSharedWith = 8

    /// Compiles one definition (its pattern, case key and probe) from its pattern alone,
    /// appending the pattern's problems; what the route's type says is learned on the route's
    /// first use. Its arrays of label names and slots are those of an `earlier` route when
    /// equal.
    ///
    /// The definition comes apart, so that its case key is handed on as a value: read from a
    /// definition in memory, the optimized build copied it through the value witnesses of
    /// `Optional<CaseKey>`, a type the runtime built from its mangled name on a table's first
    /// build, some 220 instructions a route (`./instructions.sh build-1000`: 9.91 M → 9.68 M).
    private static func compile(
        pattern: String, caseKey: CaseKey?, probe: any RouteProbing, index: Int, defaults: TableDefaults,
        learnedSlots: LearnedSlots, sharingWith earlier: ArraySlice<CompiledRoute>, problems: inout [DefinitionProblem]
    ) -> CompiledRoute {
        // Taken apart, not copied out of the parser's output (each copy of a syntax tree
        // retains its every array).
        let (ast, syntaxProblems) = PatternParser.parse(pattern, firstSegmentIsHost: defaults.hostFromFirstSegment)
        var slots: CompiledRoute.Slots
        if let previous = earlier.last, let same = CompiledRoute.Slots(ast, sameAs: previous) {
            slots = same
        } else {
            slots = CompiledRoute.Slots(ast)
            slots.share(with: earlier)
        }
        // A label looks unused when its placeholder is malformed: the syntax problem says it.
        let hasSyntaxProblem = syntaxProblems.contains { if case .patternSyntax = $0.reason { return true }; return false }
        var spans = syntaxProblems
        if defaults.isMounted, let hostSpan = ast.origin.hostSpan, ast.origin.scheme != nil {
            // Mounted, the table reads paths: a host here could never be matched.
            spans.append(Problem(
                reason: .patternSyntax(.hostWhenMounted),
                span: (ast.origin.schemeSpan?.lowerBound ?? hostSpan.lowerBound)..<hostSpan.upperBound))
        }
        let usesOrigins = !defaults.origins.isEmpty && ast.origin.host == nil
        let route = CompiledRoute(
            index: index, ast: ast, slots: slots, caseKey: caseKey, usesOrigins: usesOrigins,
            defaults: defaults, probe: probe, learnedSlots: learnedSlots,
            hasSyntaxProblem: hasSyntaxProblem)
        if !spans.isEmpty {
            // A pattern with a problem is named in it: its route is learned now (it matches nothing).
            let reference = route.reference
            problems += spans.map { DefinitionProblem(route: reference, reason: $0.reason, span: $0.span) }
        }
        return route
    }

    /// The hosts links may carry, `origins`' then those patterns give (`patternHosts`, the
    /// trie's root keys, each once already), in declaration order, each once: what
    /// ``acceptedHosts`` holds. A pattern's host is compared with the origins' only, so that a
    /// table of many hosts is built in time linear in them.
    private static func acceptedHosts(origins: [Origin], patternHosts: [String]) -> [String] {
        var hosts: [String] = []
        for origin in origins where !origin.host.isEmpty && !hosts.contains(origin.host) { hosts.append(origin.host) }
        let originHosts = hosts.count
        for host in patternHosts where !host.isEmpty && host != CompiledRoute.originsKey {
            if !hosts[..<originHosts].contains(host) { hosts.append(host) }
        }
        return hosts
    }

    /// The error every match returns while the table's patterns have problems: every problem
    /// of the table (its routes' types' too), all at once.
    func definitionError() -> RouteMatchError? {
        problems.isEmpty ? nil : validationError()
    }

    /// Every definition problem of the table, learning every route, or `nil` when it has none.
    func validationError() -> RouteMatchError? {
        let id = ObjectIdentifier(self)
        if let known = LockPool.withLock(for: id, { validated }) { return known.error }
        // Learned outside the lock: learning a route may validate a mounted table.
        var visited: [ObjectIdentifier] = []  // Not a `Set` (``Swift/Array/appendIfAbsent(_:)``).
        let all = tableProblems.before + allProblems(visited: &visited, withPatternProblems: true) + tableProblems.after
        let found = Validated(error(for: all))
        return LockPool.withLock(for: id) {
            if let stored = validated { return stored.error }
            validated = found
            return found.error
        }
    }

    /// The error that names `problems`, or `nil` for none. `firstUse` says they were found when
    /// a route was first used, not when the table was built.
    func error(for problems: [DefinitionProblem], firstUse: Bool = false) -> RouteMatchError? {
        guard let first = problems.first else { return nil }
        let name = self.name
        return RouteMatchError(
            reason: first.reason, input: first.route?.pattern ?? "", subject: .pattern, span: first.span,
            closestRoute: first.route, definitionProblems: problems,
            details: Memo { _, _, _ in RouteMatchError.Details(tableName: name, foundOnFirstUse: firstUse) })
    }

    /// A mounted table's definition error, found when one of its routes was first used, as
    /// this table reports it: each problem named by the path of mounts from `route`.
    func mountedDefinitionError(_ error: RouteMatchError, under route: CompiledRoute) -> RouteMatchError? {
        self.error(for: error.definitionProblems.map { $0.mounted(under: route.reference) }, firstUse: true)
    }

    /// The problems a route's type shows, learned now if the route was never used: the error a
    /// link that reaches it (or a value that renders with it) gets.
    func firstUseError(_ route: CompiledRoute) -> RouteMatchError? {
        // Asked of the learned route in place first: a copy of it retains and releases each
        // of its parts, on every miss, for a list that is nearly always empty.
        guard !route.withLearnedBox({ $0.value.problems.isEmpty }) else { return nil }
        return error(for: route.learned.problems, firstUse: true)
    }

    /// Does now what the table's first uses would do first, so that they find it done: learns
    /// its first route (whose probe runs the route type's first decode, where the runtime
    /// resolves the types it needs) and each route that captures the rest of the path, or
    /// (`.everyRoute`) every route, and prepares the tables those mount (each type once, to the
    /// same extent) and their matchers. A table with pattern problems learns every route, as
    /// its first match does to name them all.
    ///
    /// Learning is what a route's first use does (``CompiledRoute/learnedBox``): what a match,
    /// a render or ``validationError()`` answers does not change, only when the work is done.
    func prepare(_ extent: RoutePreparation = .firstRoute) {
        var visited: [ObjectIdentifier] = []  // Not a `Set` (``Swift/Array/appendIfAbsent(_:)``).
        prepare(extent, visited: &visited)
    }

    private func prepare(_ extent: RoutePreparation, visited: inout [ObjectIdentifier]) {
        guard definitionError() == nil, let first = routes.first else { return }
        _ = first.learnedBox
        // The least preparation learns, after the first, the routes that capture the rest of the
        // path: only those mount a table.
        for route in routes where extent == .everyRoute || route.ast.restSegment != nil {
            let learned = route.learned
            // A route with problems matches nothing: no link reaches what it mounts.
            guard learned.problems.isEmpty else { continue }
            for label in learned.labels {
                guard let mount = label.mount, visited.appendIfAbsent(ObjectIdentifier(mount.type)) else { continue }
                mount.table.prepare(extent, visited: &visited)
                _ = mount.type.mountedMatcher
            }
        }
    }

    /// Every route's problems in declaration order, learning each, then those of the tables
    /// mounted under them (each table once), named by the path of mounts that leads to them.
    private func allProblems(visited: inout [ObjectIdentifier], withPatternProblems: Bool) -> [DefinitionProblem] {
        var result: [DefinitionProblem] = []
        for route in routes {
            let learned = route.learned
            result += RouteTable.inPatternOrder((withPatternProblems && !patternProblems.isEmpty ? patternProblems[route.index] : []) + learned.problems)
            for label in learned.labels {
                guard let mount = label.mount, visited.appendIfAbsent(ObjectIdentifier(mount.type)) else { continue }
                let mountsItself = learned.problems.contains {
                    $0.reason == .unsupportedType(label: label.name, type: label.typeName, problem: .mountsItself)
                }
                guard !mountsItself else { continue }
                // The mounted table's pattern problems are the mounting route's own already.
                result += mount.table.allProblems(visited: &visited, withPatternProblems: false).map {
                    $0.mounted(under: route.reference)
                }
            }
        }
        return result
    }
}
