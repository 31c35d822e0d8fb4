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
    typealias Fill = (_ label: LabelInfo, _ place: Place) -> Result<[String], RenderProblem>

    /// Renders route `route` of `table` with the encoded label texts.
    static func render(
        route: CompiledRoute, table: RouteTable, texts: Texts, scheme: String?, host: String?
    ) -> Result<String, RouteMatchError> {
        let link = walk(route: route, table: table, scheme: scheme ?? route.scheme ?? table.scheme, host: host) { info, place in
            guard let value = texts(info.name), let values = value else {
                // Absent, or nil: only an optional (or a list) may be left out of a query or fragment.
                if case .segment = place { return .failure(.missingValue) }
                return info.isOptional || info.isList ? .success([]) : .failure(.missingValue)
            }
            switch place {
            case .segment:
                guard let text = values.first else { return .failure(.missingValue) }
                if text.isEmpty { return .failure(.emptyPathSegment) }
                if text == "." || text == ".." { return .failure(.dotSegment) }
                return .success([text])
            case .query, .fragment:
                // `""` in an Optional, or `[]` in an optional list, would read back as `nil`.
                if info.isOptional, info.isList ? values.isEmpty : values.first == "" { return .failure(.emptyOptional) }
                return .success(values)
            }
        }
        return link.mapError { failure in
            let span = route.ast.captures.first { $0.name == failure.label }?.span
            return RouteMatchError(
                reason: .unrenderableValue(label: failure.label, problem: failure.problem),
                input: route.reference.pattern, subject: .render, span: span, closestRoute: route.reference)
        }
    }

    /// A link that would match `route`: the link's own values where they convert, samples
    /// elsewhere. Diagnostics offer it as help.
    static func example(route: CompiledRoute, view: LinkView, table: RouteTable) -> String {
        let scheme = view.link.scheme == nil ? "" : (route.scheme ?? view.link.scheme ?? table.scheme)
        let link = walk(route: route, table: table, scheme: scheme, host: nil) { info, place in
            switch place {
            case .segment(let offset):
                let found = offset < view.segments.count ? view.segment(offset).value : ""
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

    /// A placeholder that could not be filled.
    struct Unfilled: Error {
        let label: String
        let problem: RenderProblem
    }

    /// Writes the route's link: literals as declared, each placeholder as `fill` says.
    private static func walk(
        route: CompiledRoute, table: RouteTable, scheme: String, host: String?, fill: Fill
    ) -> Result<String, Unfilled> {
        func texts(_ label: Int?, _ name: String, _ place: Place) -> Result<[String], Unfilled> {
            guard let label else { return .failure(Unfilled(label: name, problem: .missingValue)) }
            return fill(route.labels[label], place).mapError { Unfilled(label: name, problem: $0) }
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
        return .success(assemble(route: route, table: table, scheme: scheme, host: host,
                                 segments: segments, query: query, fragment: fragment))
    }

    private static func assemble(
        route: CompiledRoute, table: RouteTable, scheme: String, host: String?,
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
        } else if table.hostFromFirstSegment {
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
