/// Route → link: the pattern's literals and the values' text, each component percent-encoded
/// on its own, query items in the pattern's order, `nil` left out.
enum LinkRenderer {
    /// The text of each label, as the route's `encode(to:)` gave it (`nil` for `nil`).
    typealias Texts = (String) -> [String]??

    /// Where a placeholder stands in the pattern.
    enum Place {
        /// The path segment at this offset (after the host): takes exactly one text.
        case segment(Int)
        /// The pattern's query item at this offset: any number of texts, none to leave it out.
        case query(Int)
        /// The fragment: one text, or none to leave it out.
        case fragment
    }

    /// The texts a placeholder renders as, or why it cannot.
    typealias Fill = (_ label: LabelInfo, _ place: Place) -> Result<[String], Refused<RouteMatchError.RenderProblem>>

    /// Renders `route` with the encoded label texts.
    static func render(
        route: CompiledRoute, defaults: TableDefaults, texts: Texts, scheme: String?, host: String?
    ) -> Result<String, RouteMatchError> {
        let link = walk(route: route, defaults: defaults, scheme: scheme ?? route.scheme ?? defaults.scheme, host: host) { info, place in
            guard let value = texts(info.name), let values = value else {
                // Absent, or nil: only an optional (or a list) may be left out of a query or fragment.
                if case .segment = place { return .failure(Refused(.missingValue)) }
                return info.isOptional || info.isList ? .success([]) : .failure(Refused(.missingValue))
            }
            switch place {
            case .segment:
                guard let text = values.first else { return .failure(Refused(.missingValue)) }
                if text.isEmpty { return .failure(Refused(.emptyPathSegment)) }
                if text == "." || text == ".." { return .failure(Refused(.dotSegment)) }
                return .success([text])
            case .query, .fragment:
                // `""` in an Optional, or `[]` in an optional list, would read back as `nil`.
                if info.isOptional, info.isList ? values.isEmpty : values.first == "" { return .failure(Refused(.emptyOptional)) }
                return .success(values)
            }
        }
        return link.mapError { $0.error(route: route) }
    }

    /// A link that would match `route`: the link's own values where they convert, samples
    /// elsewhere. Diagnostics offer it as help.
    static func example(route: CompiledRoute, view: LinkView, defaults: TableDefaults) -> String {
        let scheme = view.link.scheme == nil ? "" : (route.scheme ?? view.link.scheme ?? defaults.scheme)
        let shift = alignment(of: route, in: view)
        let link = walk(route: route, defaults: defaults, scheme: scheme, host: nil) { info, place in
            switch place {
            case .segment(let offset):
                let at = shift.map { $0 + offset } ?? view.segments.count
                let found = at < view.segments.count ? view.segment(at).value : ""
                return .success([!found.isEmpty && info.check(found) == nil ? found : info.sample])
            case .query(let offset):
                let key = route.ast.queryItems[offset].key
                if let found = view.link.queryItems(named: key).first?.value, !found.isEmpty, info.check(found) == nil {
                    return .success([found])
                }
                return .success(route.isRequired(queryItem: offset) ? [info.sample] : [])
            case .fragment:
                return .success(info.isOptional ? [] : [info.sample])
            }
        }
        return (try? link.get()) ?? route.reference.pattern
    }

    /// How many of the link's segments come before the route's path where they line up: the
    /// first shift at which every literal segment of the route that the link reaches equals
    /// the link's, so that a
    /// link with an extra leading segment (`intl-de/track/123`) lends its values to the
    /// example at the right places. `nil` when no shift lines them up.
    static func alignment(of route: CompiledRoute, in view: LinkView) -> Int? {
        let extra = max(0, view.segments.count - route.ast.segments.count)
        shifts: for shift in 0...extra {
            for (offset, spec) in route.ast.segments.enumerated() {
                guard case .literal(let literal) = spec.value, shift + offset < view.segments.count else { continue }
                if view.segment(shift + offset).value != literal { continue shifts }
            }
            return shift
        }
        return nil
    }

    /// Writes the route's link: literals as declared, each placeholder as `fill` says.
    private static func walk(
        route: CompiledRoute, defaults: TableDefaults, scheme: String, host: String?, fill: Fill
    ) -> Result<String, RenderFailure> {
        func texts(_ label: Int?, _ name: String, _ place: Place) -> Result<[String], RenderFailure> {
            guard let label else { return .failure(RenderFailure(label: name, problem: .missingValue)) }
            return fill(route.labels[label], place).mapError { RenderFailure(label: name, problem: $0.why) }
        }
        var segments: [String] = []
        for (offset, spec) in route.ast.segments.enumerated() {
            switch spec.value {
            case .literal(let literal): segments.append(literal)
            case .capture(let name):
                switch texts(route.segmentLabels[offset], name, .segment(offset)) {
                case .success(let values): segments.append(values.first ?? "")
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        var query: [(String, String)] = []
        for (offset, spec) in route.ast.queryItems.enumerated() {
            switch spec.value {
            case .literal(let literal): query.append((spec.key, literal))
            case .capture(let name):
                switch texts(route.queryLabels[offset], name, .query(offset)) {
                case .success(let values): query += values.map { (spec.key, $0) }
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        var fragment: String?
        if let spec = route.ast.fragment {
            switch spec.value {
            case .literal(let literal): fragment = literal
            case .capture(let name):
                switch texts(route.fragmentLabel, name, .fragment) {
                case .success(let values): fragment = values.first
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        return .success(assemble(route: route, defaults: defaults, scheme: scheme, host: host,
                                 segments: segments, query: query, fragment: fragment))
    }

    private static func assemble(
        route: CompiledRoute, defaults: TableDefaults, scheme: String, host: String?,
        segments: [String], query: [(String, String)], fragment: String?
    ) -> String {
        var link = ""
        let path = segments.map(PercentEncoding.encode).joined(separator: "/")
        if !scheme.isEmpty {
            link = scheme + "://" + (host ?? route.host)
            if !path.isEmpty { link += "/" + path }
        } else if let host {
            link = "//" + host
            if !path.isEmpty { link += "/" + path }
        } else if defaults.hostFromFirstSegment {
            link = route.host
            if !path.isEmpty { link += (link.isEmpty ? "" : "/") + path }
        } else {
            link = path
        }
        if !query.isEmpty {
            link += "?" + query.map { PercentEncoding.encode($0.0) + "=" + PercentEncoding.encode($0.1) }.joined(separator: "&")
        }
        if let fragment { link += "#" + PercentEncoding.encode(fragment) }
        return link
    }
}

/// A value that cannot be rendered: its label and why. The route encoder and the renderer
/// both report it.
struct RenderFailure: Error {
    let label: String
    let problem: RouteMatchError.RenderProblem

    /// The error a render of `route` throws for it, with a caret under the placeholder.
    func error(route: CompiledRoute) -> RouteMatchError {
        RouteMatchError(
            reason: .unrenderableValue(label: label, problem: problem), input: route.reference.pattern,
            subject: .render, span: route.ast.span(ofCapture: label), closestRoute: route.reference)
    }
}
