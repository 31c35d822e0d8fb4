/// Route → link: the pattern's literals and the values' text, each component percent-encoded
/// on its own, query items in the pattern's order, `nil` left out.
enum LinkRenderer {
    /// The text of each label, as the route's `encode(to:)` gave it (`nil` for `nil`).
    typealias Texts = (String) -> [String]??

    /// Renders route `route` of `table` with the encoded label texts.
    static func render(
        route: CompiledRoute, table: RouteTable, texts: Texts, scheme: String?, host: String?
    ) -> Result<String, RouteMatchError> {
        func failure(_ label: String, _ problem: RenderProblem) -> Result<String, RouteMatchError> {
            let span = route.ast.captures.first { $0.name == label }?.span
            return .failure(RouteMatchError(
                reason: .unrenderableValue(label: label, problem: problem), input: route.reference.pattern,
                subject: .render, span: span, closestRoute: route.reference))
        }
        var segments: [String] = []
        for (offset, spec) in route.ast.segments.enumerated() {
            switch spec.value {
            case .literal(let literal):
                segments.append(literal)
            case .capture(let name):
                guard let label = route.segmentLabels[offset], let value = texts(route.labels[label].name),
                    let text = value?.first
                else { return failure(name, .missingValue) }
                if text.isEmpty { return failure(name, .emptyPathSegment) }
                if text == "." || text == ".." { return failure(name, .dotSegment) }
                segments.append(text)
            }
        }
        var query: [(String, String)] = []
        for (offset, spec) in route.ast.queryItems.enumerated() {
            switch spec.value {
            case .literal(let literal):
                query.append((spec.key, literal))
            case .capture(let name):
                guard let label = route.queryLabels[offset] else { return failure(name, .missingValue) }
                let info = route.labels[label]
                guard let value = texts(info.name), let values = value else {
                    if info.isOptional || info.isList { continue }
                    return failure(name, .missingValue)
                }
                // `""` in an Optional, or `[]` in an optional list, would read back as `nil`.
                if info.isOptional, info.isList ? values.isEmpty : values.first == "" { return failure(name, .emptyOptional) }
                for text in values { query.append((spec.key, text)) }
            }
        }
        var fragment: String?
        if let spec = route.ast.fragment {
            switch spec.value {
            case .literal(let literal): fragment = literal
            case .capture(let name):
                if let label = route.fragmentLabel, let value = texts(route.labels[label].name), let text = value?.first {
                    if text.isEmpty, route.labels[label].isOptional { return failure(name, .emptyOptional) }
                    fragment = text
                } else if let label = route.fragmentLabel, !route.labels[label].isOptional {
                    return failure(name, .missingValue)
                }
            }
        }
        return .success(assemble(
            route: route, table: table, scheme: scheme ?? route.scheme ?? table.scheme, host: host,
            segments: segments, query: query, fragment: fragment))
    }

    /// A link that would match `route`: the link's own values where they convert, samples
    /// elsewhere. Diagnostics offer it as help.
    static func example(route: CompiledRoute, view: LinkView, table: RouteTable) -> String {
        var segments: [String] = []
        for (offset, spec) in route.ast.segments.enumerated() {
            switch spec.value {
            case .literal(let literal): segments.append(literal)
            case .capture:
                let info = route.segmentLabels[offset].map { route.labels[$0] }
                if offset < view.segments.count, !view.segment(offset).value.isEmpty,
                    info?.check(view.segment(offset).value) == nil {
                    segments.append(view.segment(offset).value)
                } else {
                    segments.append(info?.sample ?? "value")
                }
            }
        }
        var query: [(String, String)] = []
        for (offset, spec) in route.ast.queryItems.enumerated() {
            let found = view.link.queryItems.first { $0.key == spec.key }?.value
            switch spec.value {
            case .literal(let literal): query.append((spec.key, literal))
            case .capture:
                guard let label = route.queryLabels[offset] else { continue }
                let info = route.labels[label]
                if let found, !found.isEmpty, info.check(found) == nil {
                    query.append((spec.key, found))
                } else if route.isRequired(queryItem: offset) {
                    query.append((spec.key, info.sample))
                }
            }
        }
        var fragment: String?
        if let spec = route.ast.fragment {
            switch spec.value {
            case .literal(let literal): fragment = literal
            case .capture:
                if let label = route.fragmentLabel, !route.labels[label].isOptional { fragment = route.labels[label].sample }
            }
        }
        let scheme = view.link.scheme == nil ? "" : (route.scheme ?? view.link.scheme ?? table.scheme)
        return assemble(route: route, table: table, scheme: scheme, host: nil,
                        segments: segments, query: query, fragment: fragment)
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
