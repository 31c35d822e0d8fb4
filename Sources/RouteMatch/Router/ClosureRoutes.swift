/// The patterns of a closure-built router, each with the closure that builds its value and the
/// closure that reads a value back for rendering, added in priority order.
///
/// For route values that are not `Codable` (a handler, a view model, a type from another
/// library):
///
/// ```swift
/// enum Screen { case profile(id: Int), search(query: String, page: Int?) }
///
/// let router = Router<Screen>(host: "app") { routes in
///     routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
///         if case .profile(let id) = $0 { ["id": id] } else { nil }
///     }
/// }
/// ```
public struct ClosureRoutes<Route> {
    /// One pattern and its closures, as ``add(_:name:_:render:)`` keeps them.
    @usableFromInline
    struct Entry {
        let pattern: String
        let name: String?
        let build: @Sendable (RouteCaptures) throws -> Route
        let render: @Sendable (Route) -> RouteValues?

        @usableFromInline
        init(
            pattern: String, name: String?, build: @escaping @Sendable (RouteCaptures) throws -> Route,
            render: @escaping @Sendable (Route) -> RouteValues?
        ) {
            (self.pattern, self.name, self.build, self.render) = (pattern, name, build, render)
        }
    }

    /// The patterns added, in order. Appended in the caller's code (``add(_:name:_:render:)``
    /// is inlinable), where the route type is known: appended in the library's generic code,
    /// each pattern had the runtime look up the array's and the entry's metadata, some 950
    /// instructions a route (by callgrind: a tenth of a first use of 1,000 closure routes).
    @usableFromInline
    var entries: [Entry] = []

    /// Adds a pattern, how its value is built, and how a value renders with it.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, e.g. `"user/${id}?tab=${tab}"`.
    ///   - name: The name diagnostics use for this route; the pattern by default.
    ///   - build: Builds the value from the captures; ``RouteCaptures/value(_:as:)-(_,T.Type)`` converts
    ///     each placeholder's text as a `Codable` route's would (a text that does not convert is
    ///     that label's `formatFailure`, with its caret). An error it throws is
    ///     ``RouteMatchError/Reason/rejectedByRoute(message:)``. It is not called for a link
    ///     whose integer or `Bool` placeholder's text cannot convert by its bytes alone (a
    ///     letter in an integer, a Boolean neither `true` nor `false`): that label's
    ///     `formatFailure` is reported without it.
    ///   - render: The placeholders' values when `route` renders with this pattern, or `nil`
    ///     when it does not (the next pattern is asked). Without it, the pattern only matches.
    @inlinable
    public mutating func add(
        _ pattern: String, name: String? = nil, _ build: @escaping @Sendable (RouteCaptures) throws -> Route,
        render: @escaping @Sendable (Route) -> RouteValues? = { _ in nil }
    ) {
        entries.append(Entry(pattern: pattern, name: name, build: build, render: render))
    }
}

/// What a closure route's pattern captured from a link, converted on request.
///
/// Read them in the closure they are handed to, on its thread: a mounted table's route read
/// from captures kept past the closure's return, or sent to another thread, throws (the
/// route the match found there is kept only while the match runs).
public struct RouteCaptures {
    // Where the values come from: what a match bound, read directly (no decoder or keyed
    // container is made on a hit), or the probe that learns the route's labels, which takes
    // precedence. (Two properties, not an enum: reading an enum's payload would copy what a
    // match bound on every value read.)
    private let bound: BoundValues
    private let probe: ShapeProbe?

    init(probe: ShapeProbe) {
        bound = BoundValues(labels: [], values: BoundValueList(absent: 0))
        self.probe = probe
    }

    init(bound: BoundValues) {
        self.bound = bound
        probe = nil
    }

    /// The value of placeholder `name`, converted to `T` as a `Codable` route's would be:
    /// `String`, integers, `Double`, `Bool`, `UUID`, raw-value enums, any
    /// `LosslessStringConvertible`, arrays (repeated query keys, or `${name...}`), or a
    /// ``Routable`` type under `${name...}`, whose own table reads the rest of the link (a
    /// feature module's routes, mounted).
    ///
    /// ```swift
    /// routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
    /// routes.add("settings/${rest...}") { try .settings($0.value("rest", as: SettingsRoute.self)) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The placeholder's name.
    ///   - type: The type to convert to.
    /// - Returns: The converted value.
    /// - Throws: An error the router reports as that label's `formatFailure` (with its caret)
    ///   when the text does not convert.
    public func value<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        if let probe { return try probe.record(T.self, label: name, isOptional: false) }
        return try bound.value(named: name, as: T.self)
    }

    /// The value of an optional placeholder: `nil` when the link leaves it out or empty.
    ///
    /// ```swift
    /// routes.add("search?q=${q}&page=${page}") {
    ///     try .search(query: $0.value("q", as: String.self), page: $0.value("page", as: Int?.self))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The placeholder's name.
    ///   - type: The optional type to convert to.
    /// - Returns: The converted value, or `nil`.
    /// - Throws: As ``value(_:as:)-(_,T.Type)``.
    public func value<T: Decodable>(_ name: String, as type: T?.Type) throws -> T? {
        if let probe { return try probe.record(T.self, label: name, isOptional: true) }
        return try bound.optionalValue(named: name, as: T.self)
    }
}

/// A placeholder's name as a coding key, for a closure route's captures.
struct LabelKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The placeholders' values a closure route renders with: `["id": 42, "tab": tab]`; `nil`
/// (an `Optional`'s, or a value that encodes as nil) leaves an optional placeholder out.
public struct RouteValues: ExpressibleByDictionaryLiteral {
    /// The values, read as a route type's `encode(to:)` hands them: a ``Routable`` value (a
    /// mounted table's route) renders with its own table.
    var rendered = RenderedValues()

    /// Creates the values from `name: value` pairs.
    ///
    /// - Parameter elements: Each placeholder's name and value.
    public init(dictionaryLiteral elements: (String, any Encodable)...) {
        for (label, value) in elements { add(value, label: label) }
    }

    /// Reads `value`, the value of label `label`: `nil` leaves it out. An `Optional` is told by
    /// its own `encode(to:)` (``OptionalProbe``), and a standard scalar, known by identity, is
    /// none: the runtime is not asked whether the value's type conforms to a protocol (a scan
    /// of every conformance record on the first value of each type; an `Int?` was asked three
    /// times, and its `Int` twice).
    mutating func add<T: Encodable>(_ value: T, label: String) {
        if let standard = TextConversion.Standard.of(T.self) {
            return rendered.add(text: standard.text(of: value), label: label)
        }
        let probe = OptionalProbe<T>()
        try? value.encode(to: probe)
        switch probe.found {
        case .absent: rendered.addAbsent(label: label)
        case .wrapped(let add): add(&self, label)
        case .other: rendered.add(value, label: label)
        }
    }
}

extension RouteCodec {
    /// Through closures: each route's own build and render closures.
    static func closures(_ entries: [ClosureRoutes<Route>.Entry]) -> RouteCodec {
        RouteCodec(
            build: { route, values throws(DecodeFailure) in
                // Made before the closure, which would otherwise copy the values it captures.
                let captures = RouteCaptures(bound: BoundValues(labels: route.labelNames, values: consume values))
                // The route's probe holds its build closure: read there, a hit looks up no
                // metadata for an array of this table's entries. (Every route of a closure
                // table is probed by a `ClosureProbe<Route>` of its own.) Lent, not retained:
                // the route, which the match holds, keeps its probe.
                let probe = Unmanaged.passUnretained(unsafeDowncast(route.probe, to: ClosureProbe<Route>.self))
                return try RouteDecoder.translatingErrors { try probe._withUnsafeGuaranteedRef { try $0.build(captures) } }
            },
            encode: { value, table in
                // By index: `enumerated()` would have the runtime build the enumerated
                // sequence's iterator, looking up the entries' `Collection` conformance by a
                // scan of every conformance record on a process's first render.
                for index in entries.indices {
                    guard let values = entries[index].render(value)?.rendered, table.routes.indices.contains(index) else { continue }
                    if let error = values.error(for: table.routes[index]) { return .failure(error) }
                    return .success(Encoded(index: index, texts: values.texts(for:), mounted: values.mounted))
                }
                return .failure(RouteMatchError(
                    reason: .unrenderableRoute(.notARoute), input: "", subject: .render, span: nil, closestRoute: nil))
            })
    }
}

extension Router {
    /// Builds a router from patterns and closures, for route values of any type.
    ///
    /// ```swift
    /// let router = Router<Screen>(host: "app") { routes in
    ///     routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
    ///         if case .profile(let id) = $0 { ["id": id] } else { nil }
    ///     }
    /// }
    /// let screen = try router.route(for: "myapp://app/user/42")
    /// ```
    ///
    /// Each build closure runs once on its route's first use (or in ``validate()``), with
    /// sample values, to learn which placeholders it reads and as which types: a placeholder it
    /// never reads is an `unusedLabel`, one it reads that the pattern lacks an
    /// `unknownPlaceholder`, found with every other definition problem by ``validate()``. (For a route type that is also
    /// `Codable`, pass the closure as `closures:`, not as a trailing closure.)
    ///
    /// - Parameters:
    ///   - origins: Where links come from, each `scheme://host[:port][/path-prefix]`.
    ///   - scheme: The scheme links must have, without `origins`; `""` accepts any.
    ///   - host: The host links must have, without `origins`; `""` makes each pattern's first
    ///     segment its host.
    ///   - options: Limits and strictness.
    ///   - name: The table's name in diagnostics ("the route table of …"); the route type's
    ///     name by default.
    ///   - declare: Adds the routes, most specific or earliest first.
    @_disfavoredOverload
    public init(
        origins: [String] = [], scheme: String = "", host: String = "", options: MatchOptions = MatchOptions(),
        name: String? = nil, closures declare: (inout ClosureRoutes<Route>) -> Void
    ) {
        var routes = ClosureRoutes<Route>()
        declare(&routes)
        var definitions: [RouteDefinition] = []
        for entry in routes.entries {
            let probe = ClosureProbe(name: entry.name ?? entry.pattern, build: entry.build)
            definitions.append(RouteDefinition(pattern: entry.pattern, caseKey: nil, probe: probe))
        }
        self.table = RouteTable(
            name: name.map(TypeName.given) ?? .of(Route.self), definitions: definitions, origins: origins, scheme: scheme,
            host: host, options: options)
        self.codec = .closures(routes.entries)
    }
}
