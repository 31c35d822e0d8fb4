/// How a router builds route values from what a match binds, and reads a value back into the
/// route it renders with and its labels' texts: through the type's `Codable` conformance, or
/// through closures given with each pattern.
struct RouteCodec<Route>: @unchecked Sendable {
    // Unchecked: the closures capture only immutable values (a flag, the route type, the
    // user's `@Sendable` closures); a route type's metatype cannot be spelled `Sendable` in
    // Swift 6.0.
    /// A value read back for rendering: its route and each label's texts (`nil` for `nil`).
    struct Encoded {
        let index: Int
        let texts: LinkRenderer.Texts
        /// The parts of a mounted table's route, when the value holds one.
        var mounted: LinkRenderer.Parts? = nil
    }

    /// Builds route `route`'s value from the texts its labels bind, or says which label refused.
    let build: (_ route: CompiledRoute, _ values: consuming BoundValueList) throws(DecodeFailure) -> Route
    /// The route `value` renders with, or why it renders with none.
    let encode: (_ value: Route, _ table: RouteTable) -> Result<Encoded, RouteMatchError>
}

extension RouteCodec where Route: Codable {
    /// Through `Codable`: enum cases chosen by their coding key, or one struct type whose
    /// patterns are tried in order.
    ///
    /// A case without associated values keeps its value (the probe made it): a hit on it
    /// returns it and runs no `Codable` at all.
    static func codable(isEnum: Bool) -> RouteCodec {
        // The table's one case-level container for its learned routes' decodes (for struct
        // routes, its labels' container).
        let caseLevels = KeptCaseLevels(ofStructs: !isEnum)
        return RouteCodec(
            build: { route, values throws(DecodeFailure) in
                // Only a route of this table's type keeps a constant, a `ConstantRoute<Route>`.
                // (A route whose pattern names no value is the only kind that can have one.)
                // What the route learned, lent for the decode (the route's slots keep it).
                let learned = route.unretainedLearnedBox
                if route.labelNames.isEmpty, let constant = learned._withUnsafeGuaranteedRef({ $0.value.constant }) {
                    return unsafeDowncast(constant, to: ConstantRoute<Route>.self).value
                }
                return try RouteDecoder.decode(
                    Route.self, route: route, learned: learned, caseLevels: caseLevels, values: consume values)
            },
            encode: { value, table in
                let encoder = RouteEncoder(isEnum: isEnum, table: table)
                var encodingFailed = false
                do { try value.encode(to: encoder) } catch { encodingFailed = true }
                guard let index = routeIndex(for: encoder, isEnum: isEnum, table: table), table.routes.indices.contains(index) else {
                    return .failure(RouteMatchError(
                        reason: .unrenderableRoute(encodingFailed ? .encodingFailed : .notARoute),
                        input: "", subject: .render, span: nil, closestRoute: nil))
                }
                let compiled = table.routes[index]
                let rendered = encoder.rendered
                if let error = rendered.error(for: compiled) { return .failure(error) }
                if encodingFailed {
                    return .failure(RouteMatchError(
                        reason: .unrenderableRoute(.encodingFailed),
                        input: compiled.reference.pattern, subject: .render, span: nil, closestRoute: compiled.reference))
                }
                return .success(Encoded(index: index, texts: rendered.texts(for:), mounted: rendered.mounted))
            })
    }

    /// The route a value renders with: its case's, or for a struct type with several patterns
    /// the first whose placeholders all have values.
    private static func routeIndex(for encoder: RouteEncoder, isEnum: Bool, table: RouteTable) -> Int? {
        if isEnum { return encoder.caseKey.flatMap { table.route(forCaseKey: $0) } }
        let complete = table.routes.first { route in
            route.labels.allSatisfy { label in
                label.isOptional || label.isList || (encoder.rendered.texts(for: label.name) ?? nil) != nil
            }
        }
        return complete?.index ?? table.routes.first?.index
    }
}
