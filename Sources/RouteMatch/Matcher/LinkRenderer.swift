/// Route → link: the origin, the pattern's literals and the values' text, each component
/// percent-encoded on its own, query items in the pattern's order, `nil` left out.
enum LinkRenderer {
    /// The text of each label, as the route's `encode(to:)` gave it (`nil` for `nil`).
    typealias Texts = (String) -> [String]??

    /// Where a placeholder stands in the pattern.
    enum Place {
        /// The path segment at this offset (after the host): takes exactly one text.
        case segment(Int)
        /// `${name...}` from this offset: one text per segment, none for an absent Optional
        /// or an empty list.
        case rest(Int)
        /// The pattern's query item at this offset: any number of texts, none to leave it out.
        case query(Int)
        /// The fragment: one text, or none to leave it out.
        case fragment
    }

    /// A link's path segments (decoded), query items and fragment, before they are encoded and
    /// put after an origin: what a mounted table gives the table that mounts it.
    struct Parts {
        var segments: [String] = []
        /// The query items, decoded: each key followed by its value. (Texts in one array, not
        /// an array of pairs: an array of a structure of RouteMatch's own is one more type the
        /// runtime builds on a process's first render, some 11,000 instructions.)
        var query: [String] = []
        var fragment: String?
    }

    /// The texts a placeholder renders as, or why it cannot.
    typealias Fill = (_ label: LabelInfo, _ place: Place) -> Result<[String], Refused<RouteMatchError.RenderProblem>>

    /// Renders `route` with the encoded label texts, under origin `origin` of the table (for a
    /// route under the table's origins).
    static func render(
        route: CompiledRoute, defaults: TableDefaults, texts: Texts, mounted: Parts? = nil, scheme: String?, host: String?,
        origin: Int = 0
    ) throws(RouteMatchError) -> String {
        let chosenScheme = scheme ?? (route.usesOrigins ? defaults.origins[origin].scheme : route.scheme) ?? defaults.scheme
        let target = Target(scheme: chosenScheme, host: host, origin: origin)
        return assemble(route: route, defaults: defaults, target: target, parts: try parts(route: route, texts: texts, mounted: mounted))
    }

    /// The parts of `route`'s link with the encoded label texts (and a mounted table's parts,
    /// whose query items and fragment follow the route's own).
    static func parts(route: CompiledRoute, texts: Texts, mounted: Parts? = nil) throws(RouteMatchError) -> Parts {
        var parts: Parts
        do throws(RenderFailure) {
            parts = try walk(route: route) { info, place in filled(info, place, texts: texts) }
        } catch {
            throw error.error(route: route)
        }
        guard let mounted else { return parts }
        parts.query += mounted.query
        parts.fragment = parts.fragment ?? mounted.fragment
        return parts
    }

    /// The texts label `info`'s placeholder at `place` renders as, from the route's encoded
    /// `texts`, or why it renders as none.
    private static func filled(
        _ info: LabelInfo, _ place: Place, texts: Texts
    ) -> Result<[String], Refused<RouteMatchError.RenderProblem>> {
        guard let value = texts(info.name), let values = value else {
            // Absent, or nil: only an optional (or a list) may be left out.
            if case .segment = place { return .failure(Refused(.missingValue)) }
            return info.isOptional || info.isList ? .success([]) : .failure(Refused(.missingValue))
        }
        switch place {
        case .segment:
            // One text: the first (the texts as they are when they are one, no array made).
            guard let text = values.first else { return .failure(Refused(.missingValue)) }
            return .success(values.count == 1 ? values : [text])
        case .rest where info.mount != nil:
            return .success(values)
        case .rest:
            if readsAsNil(info, values) { return .failure(Refused(.emptyOptional)) }
            if info.isList { return .success(values) }
            guard let text = values.first else { return .failure(Refused(.missingValue)) }
            return .success(text.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        case .query, .fragment:
            if readsAsNil(info, values) { return .failure(Refused(.emptyOptional)) }
            return .success(values)
        }
    }

    /// Whether an optional label's `values` would read back as `nil`: `[]` in an optional list,
    /// `""` in an `Optional` (a rest, a query item or a fragment left empty).
    private static func readsAsNil(_ info: LabelInfo, _ values: [String]) -> Bool {
        info.isOptional && (info.isList ? values.isEmpty : values.first == "")
    }

    /// A link that would match `route`: the link's own values where they convert, samples
    /// elsewhere, under the origin the link comes from (or the nearest). Diagnostics offer it
    /// as help.
    static func example(route: CompiledRoute, view: LinkView, defaults: TableDefaults) -> String {
        // (A mounted table has one origin; its view keeps the mounting table's.)
        let origin = defaults.isMounted ? 0 : view.origin?.index ?? 0
        let scheme: String
        if view.link.scheme == nil {
            scheme = ""
        } else if route.usesOrigins {
            scheme = defaults.origins[origin].scheme ?? view.link.scheme ?? ""
        } else {
            scheme = route.scheme ?? view.link.scheme ?? defaults.scheme
        }
        let shift = alignment(of: route, in: view)
        let target = Target(scheme: defaults.isMounted ? "" : scheme, host: nil, origin: origin)
        let link = try? walk(route: route) { info, place in
            func usable(_ text: String) -> Bool { !text.isEmpty && info.check(text) == nil }
            switch place {
            case .segment(let offset):
                let at = shift.map { $0 + offset } ?? view.segmentCount
                var found = at < view.segmentCount && view.segment(at).badEscape == nil ? view.text(of: view.segment(at)) : ""
                if case .affixed(let prefix, _, let suffix) = route.ast.segments[offset].value {
                    found = Affixes.inner(of: found, prefix: prefix, suffix: suffix) ?? ""
                }
                return .success([usable(found) ? found : info.sample])
            case .rest(let offset):
                let at = shift.map { $0 + offset } ?? view.segmentCount
                let found = at < view.segmentCount
                    ? (at..<view.segmentCount).filter { view.segment($0).badEscape == nil }.map { view.text(of: view.segment($0)) } : []
                let fits = !found.isEmpty && (info.isList ? found.allSatisfy(usable) : usable(TextJoin.join(found, separator: "/")))
                if fits { return .success(found) }
                return .success(info.isOptional || info.isList ? [] : [info.sample])
            case .query(let offset):
                let spec = route.ast.queryItems[offset]
                let link = view.link
                if let position = link.queryItemPositions(named: spec.key).first(where: { link.queryItems[$0].badEscape == nil }) {
                    var found = link.value(of: link.queryItems[position])
                    if case .affixed(let prefix, _, let suffix) = spec.value {
                        found = Affixes.inner(of: found, prefix: prefix, suffix: suffix) ?? ""
                    }
                    if usable(found) { return .success([found]) }
                }
                return .success(route.isRequired(queryItem: offset) ? [info.sample] : [])
            case .fragment:
                return .success(info.isOptional ? [] : [info.sample])
            }
        }
        guard let parts = link else { return route.reference.pattern }
        return assemble(route: route, defaults: defaults, target: target, parts: parts)
    }

    /// How many of the link's segments come before the route's path where they line up: the
    /// first shift at which every literal segment of the route that the link reaches equals
    /// the link's, so that a
    /// link with an extra leading segment (`intl-de/track/123`) lends its values to the
    /// example at the right places. `nil` when no shift lines them up.
    static func alignment(of route: CompiledRoute, in view: LinkView) -> Int? {
        let extra = max(0, view.segmentCount - route.ast.segments.count)
        shifts: for shift in 0...extra {
            for (offset, spec) in route.ast.segments.enumerated() {
                guard case .literal(let literal) = spec.value, shift + offset < view.segmentCount else { continue }
                if !view.segment(view.segment(shift + offset), is: literal) { continue shifts }
            }
            return shift
        }
        return nil
    }

    /// Where a link is written: its scheme (`""` for a raw `path?query`), a host override, and
    /// the origin a route under the table's origins is written under.
    struct Target {
        let scheme: String
        let host: String?
        let origin: Int
    }

    /// Writes the route's link: literals as declared, each placeholder as `fill` says; throws the
    /// first placeholder that does not render, and why.
    private static func walk(route: CompiledRoute, fill: Fill) throws(RenderFailure) -> Parts {
        func texts(_ label: Int?, _ name: String, _ place: Place) throws(RenderFailure) -> [String] {
            guard let label else { throw RenderFailure(label: name, problem: .missingValue) }
            switch fill(route.labels[label], place) {
            case .success(let texts): return texts
            case .failure(let refused): throw RenderFailure(label: name, problem: refused.why)
            }
        }
        // Room made once (an array grown one element at a time is made again at its second
        // and third): a segment for each of the pattern's (more for a rest), a query item for each.
        var segments: [String] = []
        segments.reserveCapacity(route.ast.segments.count)
        /// Appends `text`, a value of placeholder `value` (named `name`), as a segment.
        func append(_ text: String, _ value: PatternAST.Value, _ name: String) throws(RenderFailure) {
            if text.isEmpty {
                let isAffixed = if case .affixed = value { true } else { false }
                throw RenderFailure(label: name, problem: isAffixed ? .emptyInsideText : .emptyPathSegment)
            }
            let segment = wrap(text, in: value)
            if segment == "." || segment == ".." { throw RenderFailure(label: name, problem: .dotSegment) }
            segments.append(segment)
        }
        for (offset, spec) in route.ast.segments.enumerated() {
            switch spec.value {
            case .literal(let literal):
                segments.append(literal)
            case .capture(let name), .affixed(_, let name, _):
                // One text (its first; no array made of it).
                if let text = try texts(route.segmentLabels[offset], name, .segment(offset)).first {
                    try append(text, spec.value, name)
                }
            case .rest(let name):
                for text in try texts(route.segmentLabels[offset], name, .rest(offset)) { try append(text, spec.value, name) }
            }
        }
        var query: [String] = []
        query.reserveCapacity(2 * route.ast.queryItems.count)
        for (offset, spec) in route.ast.queryItems.enumerated() {
            switch spec.value {
            case .literal(let literal):
                query.append(spec.key)
                query.append(literal)
            case .capture(let name), .affixed(_, let name, _), .rest(let name):
                for text in try texts(route.queryLabels[offset], name, .query(offset)) {
                    if text.isEmpty, case .affixed = spec.value { throw RenderFailure(label: name, problem: .emptyInsideText) }
                    query.append(spec.key)
                    query.append(wrap(text, in: spec.value))
                }
            }
        }
        var fragment: String?
        if let spec = route.ast.fragment {
            switch spec.value {
            case .literal(let literal): fragment = literal
            case .capture(let name), .affixed(_, let name, _), .rest(let name):
                let values = try texts(route.fragmentLabel, name, .fragment)
                if let text = values.first, text.isEmpty, case .affixed = spec.value {
                    throw RenderFailure(label: name, problem: .emptyInsideText)
                }
                fragment = values.first.map { wrap($0, in: spec.value) }
            }
        }
        return Parts(segments: segments, query: query, fragment: fragment)
    }

    /// A value's text with the literal text its placeholder stands between.
    private static func wrap(_ text: String, in value: PatternAST.Value) -> String {
        if case .affixed(let prefix, _, let suffix) = value { return prefix + text + suffix }
        return text
    }

    /// The link of `parts` for `target`, written as UTF-8 into one buffer and made a string once
    /// (a diagnostic's example link is one of these: made of strings concatenated, it took a
    /// tenth of a rendered miss).
    private static func assemble(route: CompiledRoute, defaults: TableDefaults, target: Target, parts: Parts) -> String {
        var link: [UInt8] = []
        link.reserveCapacity(64)
        func write(_ text: String) { ByteText.append(text, to: &link) }
        /// `segments` percent-encoded, a `/` before each but a path's first (`written` counts
        /// the path's segments so far).
        func path(_ segments: [String], after written: inout Int) {
            // By index: a `for` loop's iterator holds its own reference to the array, retained
            // and released each call (`./instructions.sh enum-render`: 113 instructions more).
            var index = 0
            while index < segments.count {
                if written > 0 { link.append(UInt8(ascii: "/")) }
                PercentEncoding.encode(segments[index], into: &link)
                written += 1
                index += 1
            }
        }
        /// `/` and the path of `prefix` and `segments`, unless that path is empty: what follows
        /// a host. (Written in place: a concatenated array, or a variadic head, is one more
        /// allocation a render.)
        func hostPath(_ segments: [String], under prefix: [String] = []) {
            let slash = link.count
            link.append(UInt8(ascii: "/"))
            var written = 0
            path(prefix, after: &written)
            path(segments, after: &written)
            if link.count == slash + 1 { link.removeLast() }
        }
        let segments = parts.segments
        var written = 0
        if route.usesOrigins, !target.scheme.isEmpty || target.host != nil {
            let origin = defaults.origins[target.origin]
            if target.scheme.isEmpty {
                write("//")
            } else {
                write(target.scheme)
                write("://")
            }
            write(target.host ?? origin.host)
            hostPath(segments, under: origin.prefix)
        } else if route.usesOrigins {
            path(segments, after: &written)
        } else if !target.scheme.isEmpty {
            write(target.scheme)
            write("://")
            write(target.host ?? route.host)
            hostPath(segments)
        } else if let host = target.host {
            write("//")
            write(host)
            hostPath(segments)
        } else if defaults.hostFromFirstSegment, !route.host.isEmpty {
            write(route.host)
            hostPath(segments)
        } else {
            path(segments, after: &written)
        }
        var key = 0
        while key + 1 < parts.query.count {
            link.append(key == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            PercentEncoding.encode(parts.query[key], into: &link)
            link.append(UInt8(ascii: "="))
            PercentEncoding.encode(parts.query[key + 1], into: &link)
            key += 2
        }
        if let fragment = parts.fragment {
            link.append(UInt8(ascii: "#"))
            PercentEncoding.encode(fragment, into: &link)
        }
        return String(decoding: link, as: UTF8.self)
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
