/// What probing a route's type found: its name, its values' labels in declaration order, and
/// what stopped the probe. A route definition gives a closure that probes on demand.
struct ProbedRoute: Sendable {
    var name: RouteName
    /// The labels in the order the type declares them.
    var labels: [LabelInfo]
    var problem: ProbeProblem?
    /// The value of a case without associated values, boxed (see ``ConstantRoute``).
    var constant: (any AnyObject & Sendable)? = nil
    /// An enum case's case-level keys (see ``CaseKeyList``); ``CaseKeyList/empty`` when none
    /// were kept.
    var caseKeys: CaseKeyList = .empty
}

/// How a route definition learns its route: probes that run on the route's first use. (Each
/// is a value, not a closure: a closure that names a route type cannot be `Sendable` in Swift
/// 6.0 unless the type is.)
///
/// A probe is an object: a route keeps two words for it, and every case of an enum shares one.
protocol RouteProbing: AnyObject, Sendable {
    /// Probes the route whose case key (for an enum case) is `caseKey`.
    func probe(caseKey: CaseKey?) -> ProbedRoute
    /// The name of the route whose case key is `caseKey`, found now (probing an enum case
    /// again): what a learned route's ``RouteName`` that does not say it defers to.
    func name(caseKey: CaseKey?) -> String
    /// The ``Routable`` type whose cases the routes are, if they are: a mount that leads back
    /// to it is a definition problem.
    var owner: RouteOwner? { get }
}

extension RouteProbing {
    var owner: RouteOwner? { nil }
}

/// Probes the enum cases of `Route`; one serves every case of a table (each route keeps its
/// case key).
final class CaseProbe<Route: Routable>: RouteProbing, @unchecked Sendable {
    // Unchecked: it stores nothing.
    var owner: RouteOwner? { RouteOwner(type: Route.self) }

    func probe(caseKey: CaseKey?) -> ProbedRoute {
        let shape = ShapeProbe.probe(Route.self, caseKey: caseKey)
        // A case without values is one value: kept, so that its hits decode nothing. (Not for
        // a class, whose instance a hit must not share.)
        var constant: ConstantRoute<Route>?
        if shape.labels.isEmpty, shape.problem == nil, !(Route.self is AnyClass), case .made(let sample) = shape.sample {
            constant = ConstantRoute(sample: sample)
        }
        return ProbedRoute(
            name: shape.caseKeyType.map(RouteName.caseKeyType) ?? .given,
            labels: shape.labels, problem: shape.problem, constant: constant, caseKeys: shape.caseKeys)
    }

    /// Asked by ``RouteName`` only once the key type's name has not said it: the sample's part
    /// of the rule (``Router/caseName(sample:keyTypeName:)``), not the key type's again.
    func name(caseKey: CaseKey?) -> String {
        let shape = ShapeProbe.probe(Route.self, caseKey: caseKey)
        let keyType = shape.caseKeyType
        return Router<Route>.caseName(sample: shape.sample, keyTypeName: keyType.map { _typeName($0, qualified: false) })
    }
}

/// Probes the struct route type `Route`, for a pattern named `name`.
final class StructProbe<Route: Decodable>: RouteProbing, @unchecked Sendable {
    // Unchecked: a name, immutable.
    let name: String
    init(name: String) { self.name = name }

    func probe(caseKey: CaseKey?) -> ProbedRoute {
        let shape = ShapeProbe.probe(Route.self, caseKey: nil)
        return ProbedRoute(name: .given, labels: shape.labels, problem: shape.problem)
    }

    func name(caseKey: CaseKey?) -> String { name }
}

/// Probes a closure route's build closure.
final class ClosureProbe<Route>: RouteProbing, @unchecked Sendable {
    // Unchecked: a name and the user's `@Sendable` closure.
    let name: String
    let build: @Sendable (RouteCaptures) throws -> Route
    init(name: String, build: @escaping @Sendable (RouteCaptures) throws -> Route) { (self.name, self.build) = (name, build) }

    func probe(caseKey: CaseKey?) -> ProbedRoute {
        let shape = ShapeProbe.probe(named: name) { probe in
            try build(RouteCaptures(probe: probe))
        }
        return ProbedRoute(name: .given, labels: shape.labels, problem: shape.problem)
    }

    func name(caseKey: CaseKey?) -> String { name }
}

/// One probe several definitions share (the patterns of one enum case), run once.
final class SharedProbe: RouteProbing {
    private let inner: any RouteProbing
    private let found = Locked<ProbedRoute?>(nil)

    init(_ inner: any RouteProbing) { self.inner = inner }

    var owner: RouteOwner? { inner.owner }

    func name(caseKey: CaseKey?) -> String { inner.name(caseKey: caseKey) }

    func probe(caseKey: CaseKey?) -> ProbedRoute {
        if let known = found.withLock({ $0 }) { return known }
        let probed = inner.probe(caseKey: caseKey)
        return found.withLock { stored in
            if let stored { return stored }
            stored = probed
            return probed
        }
    }
}

/// A learned route, shared by reference: a route keeps one word until it is learned. An enum
/// case with values has a subclass that also keeps its case-level keys and its labels'
/// container (see ``CaseKeyList`` and ``KeptCaseLevel``).
class LearnedBox: @unchecked Sendable {
    // Unchecked: immutable; the subclasses add an immutable array of coding-key values, a type's
    // identity and a container that holds no decode's state.
    let value: LearnedRoute

    init(_ value: LearnedRoute) { self.value = value }

    /// Whether the box keeps its case's case-level keys and labels' container (``caseKeys(as:)``,
    /// ``labels(caseKey:keyedBy:)``): an enum case with values, learned.
    var keepsCaseLevel: Bool { false }

    /// The box of a route learned from `probed`: one that keeps the probe's case-level keys and
    /// a labels' container for an enum case with values.
    static func learning(
        _ probed: ProbedRoute, route: CompiledRoute, hasSyntaxProblem: Bool, owner: RouteOwner?
    ) -> LearnedBox {
        let learned = LearnedRoute.learn(probed, route: route, hasSyntaxProblem: hasSyntaxProblem, owner: owner)
        guard !learned.declaredLabels.isEmpty else { return LearnedBox(learned) }
        return probed.caseKeys.box(learned)
    }
}

/// A ``Routable`` type whose table a route belongs to.
struct RouteOwner: @unchecked Sendable {
    // Unchecked: a metatype, immutable.
    let type: any Routable.Type
}

/// The value of an enum case without associated values, kept so that its hits decode nothing.
final class ConstantRoute<Route>: @unchecked Sendable {
    // Unchecked: immutable; a case without values holds no state (a class is never kept).
    let value: Route
    init(_ value: Route) { self.value = value }

    /// The constant a probe's sample is, if the sample is a `Route`.
    ///
    /// Cast in a `switch`: `as?`, and `if case let … as Route`, cast through a `Route?`, whose
    /// type the runtime builds on a table's first learned route (this code is not specialized
    /// for the route type), some 32,000 instructions of a new process's first use.
    convenience init?(sample: Any) {
        switch sample {
        case let value as Route: self.init(value)
        default: return nil
        }
    }
}

/// What a route's type says of its values, learned the first time the route is used (a link
/// reaches it, a value renders with it, a diagnostic names it) or by `validate()`: the table
/// is built from the patterns alone, so that a table of many routes costs little at launch.
///
/// The definition problems that need the type (an unknown placeholder, an unused label, an
/// unsupported type, a mount) are found here; a route that has any matches nothing, and a link
/// that reaches it gets them as a definition error.
struct LearnedRoute: Sendable {
    /// What names the route, read when asked (``CompiledRoute/name``).
    let name: RouteName
    /// Each label's information, by slot (see ``CompiledRoute/labelNames``).
    let labels: [LabelInfo]
    /// What few routes have, kept apart so that the others keep one word for it (a learned
    /// route's box then weighs 16 bytes less).
    private let rare: Rare?

    /// What few routes learn: a declaration order of their own, definition problems, a
    /// constant value (a case without values), or that ``PlainHit`` does not read them.
    private final class Rare: Sendable {
        let declaredOrder: [LabelInfo]?
        let problems: [DefinitionProblem]
        let constant: (any AnyObject & Sendable)?
        let isPlain: Bool

        init(declaredOrder: [LabelInfo]?, problems: [DefinitionProblem], constant: (any AnyObject & Sendable)?, isPlain: Bool) {
            self.declaredOrder = declaredOrder
            self.problems = problems
            self.constant = constant
            self.isPlain = isPlain
        }
    }

    init(
        name: RouteName, labels: [LabelInfo], declaredLabels: [LabelInfo], problems: [DefinitionProblem],
        constant: (any AnyObject & Sendable)?, isPlain: Bool = false
    ) {
        self.name = name
        self.labels = LearnedRoute.shared(labels)
        // Most types declare their values in the order the pattern names them: kept once.
        let sameOrder = declaredLabels.count == labels.count
            && zip(declaredLabels, labels).allSatisfy { $0.name == $1.name && $0.type === $1.type }
        let declaredOrder = sameOrder ? nil : declaredLabels
        let plain = isPlain && problems.isEmpty
        rare = declaredOrder == nil && problems.isEmpty && constant == nil && plain
            ? nil : Rare(declaredOrder: declaredOrder, problems: problems, constant: constant, isPlain: plain)
    }

    /// Whether ``PlainHit`` may hand the route a link's texts: its pattern is plain and each
    /// label its query items bind is one text (``PlainHit/reads(_:labels:)``), and it has no
    /// definition problem. Learned with the route, so that a table's build pays nothing for it.
    var isPlain: Bool { rare?.isPlain ?? true }

    /// The labels in the order the type declares them.
    var declaredLabels: [LabelInfo] { rare?.declaredOrder ?? labels }
    /// The definition problems the type shows, in the order they stand in the pattern.
    var problems: [DefinitionProblem] { rare?.problems ?? [] }
    /// The value of a case without values (a ``ConstantRoute``), kept so that its hits decode nothing.
    var constant: (any AnyObject & Sendable)? { rare?.constant }

    /// Label lists already kept, by their names, types and optionality: the routes of a large
    /// table repeat a few (`section{i}/item/${id}` a thousand times), so they share one array.
    /// A kept list keeps its types alive, so a type's identity in a key is never reused.
    private static let keptLabels = StaticLocked(KeptLabels())

    /// The kept label lists by key: a literal index to each list's place (see ``IdentityTable``
    /// for why not a `Dictionary`).
    private struct KeptLabels {
        var places = LiteralIndex()
        var lists: [[LabelInfo]] = []
    }

    private static func shared(_ labels: [LabelInfo]) -> [LabelInfo] {
        // A mount's type information is made anew for each table that mounts it: not kept.
        guard !labels.isEmpty, !labels.contains(where: { $0.mount != nil }) else { return labels }
        // Each label's name, its type's address in hexadecimal, `?` when optional, each
        // followed by a zero byte, written as UTF-8 into one buffer (a string grown piece by
        // piece, with the address made by `String(_:radix:)`, cost some 1,500 instructions a
        // route learned). The type's address, not its hash: two types never share one while
        // the kept list keeps both alive, where two hashes may be equal.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(labels.reduce(0) { $0 + $1.name.utf8.count + UInt.bitWidth / 4 + 3 })
        for label in labels {
            var name = label.name
            name.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(0)
            ByteText.appendHex(UInt(bitPattern: ObjectIdentifier(label.type)), minimumDigits: UInt.bitWidth / 4, to: &bytes)
            if label.isOptional { bytes.append(UInt8(ascii: "?")) }
            bytes.append(0)
        }
        let key = String(decoding: bytes, as: UTF8.self)
        return keptLabels.withLock { kept in
            if let place = kept.places[key] { return kept.lists[place] }
            kept.places.set(key, to: kept.lists.count)
            kept.lists.append(labels)
            return labels
        }
    }

    /// Learns what `probed` says of `route`, whose slots come from its pattern.
    ///
    /// - Parameters:
    ///   - owner: The route type, for a table of a ``Routable`` type: a mount that leads back
    ///     to it is a definition problem.
    ///   - hasSyntaxProblem: Whether the pattern is malformed: its labels are then not called
    ///     unused (the syntax problem says why).
    static func learn(
        _ probed: ProbedRoute, route: CompiledRoute, hasSyntaxProblem: Bool, owner: RouteOwner?
    ) -> LearnedRoute {
        let (pattern, ast, names) = (route.pattern, route.ast, route.labelNames)
        // Named only for a problem: most routes have none (see ``RouteName``).
        var named: RouteReference?
        func reference() -> RouteReference {
            if let named { return named }
            let made = RouteReference(name: route.name(as: probed.name), pattern: pattern)
            named = made
            return made
        }
        var problems: [DefinitionProblem] = []
        func report(_ reason: Reason, _ span: Range<Int>?, alternatives: [String] = []) {
            problems.append(DefinitionProblem(route: reference(), reason: reason, span: span, alternatives: alternatives))
        }
        let declared = probed.labels
        let declaredNames = declared.map(\.name)
        let wholePattern = 0..<pattern.utf8.count
        var checkedMounts: [Int] = []  // Not a `Set` (``Swift/Array/appendIfAbsent(_:)``).
        route.forEachPlaceholderSite { site in
            let name = names[site.slot]
            guard let label = declared.first(where: { $0.name == name }) else {
                // With a probe that stopped early, later labels are unknown: no verdict.
                if probed.problem == nil {
                    report(.unknownPlaceholder(name: name), site.span, alternatives: declaredNames)
                }
                return
            }
            if label.isList, !site.source.isQuery, !site.source.isRest {
                report(.unsupportedType(label: name, type: label.typeName, problem: .listOutsideQuery), site.span)
            }
            guard let mount = label.mount else { return }
            if !site.source.isRest {
                report(.unsupportedType(label: name, type: label.typeName, problem: .routesNeedRestCapture), site.span)
            } else if checkedMounts.appendIfAbsent(site.slot) {
                problems += Mounting.problems(of: mount, label: name, type: label.typeName, span: site.span, under: reference(), owner: owner)
            }
        }
        switch probed.problem {
        case .label(let name, let type, let problem)?:
            report(.unsupportedType(label: name, type: type, problem: problem), ast.span(ofCapture: name) ?? wholePattern)
        case .samplesRejected(let type, let message)?:
            report(.samplesRejected(type: type, message: message), wholePattern)
        case nil:
            break
        }
        // A misspelled placeholder already names the label it was meant for. (Arrays, not
        // sets: a route has a few labels, and a process's first `Set<String>` has the runtime
        // build its storage type, which scans the conformance records for `String`'s
        // `Hashable`: ``Swift/Array/appendIfAbsent(_:)``.)
        let meant = names.compactMap { name in
            declaredNames.contains(name) ? nil : Suggestions.nearest(to: name, in: declaredNames)
        }
        let end = wholePattern.upperBound
        for label in declared where !names.contains(label.name) && !hasSyntaxProblem && !meant.contains(label.name) {
            report(.unusedLabel(label: label.name), end..<end, alternatives: names)
        }
        // A slot the type does not declare reads any text (the route has a problem and matches nothing).
        let labels = names.map { name in
            declared.first { $0.name == name }
                ?? LabelInfo(
                    name: name, isOptional: false, isList: false, sample: "a", checker: AcceptsAnyText(typeName: "String"))
        }
        return LearnedRoute(
            name: probed.name, labels: labels, declaredLabels: declared,
            problems: RouteTable.inPatternOrder(problems),
            constant: problems.isEmpty && declared.isEmpty ? probed.constant : nil,
            isPlain: !hasSyntaxProblem && PlainHit.reads(route, labels: labels))
    }
}
