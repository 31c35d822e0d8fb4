/// The values a link binds to one route's labels, found on the matching path: path captures
/// by position, query items by key, the fragment.
struct Binding {
    /// One entry per label.
    var values: [BoundValue]
    /// How many of the route's query items the link satisfies.
    var satisfied = 0
    /// Whether every required item is present, once, with the right literal value.
    var isComplete = true

    init(route: CompiledRoute, view: LinkView, strict: Bool) {
        values = [BoundValue](repeating: .absent, count: route.labels.count)
        for (offset, label) in route.segmentLabels.enumerated() {
            if let label { values[label] = .one(view.segment(offset).value) }
        }
        let items = view.link.queryItems
        WorkMeter.add(items.count * max(1, route.ast.queryItems.count))
        for (offset, item) in route.ast.queryItems.enumerated() {
            let label = route.queryLabels[offset]
            let matches = view.link.queryItems(named: item.key)
            if let label, route.labels[label].isList {
                values[label] = .many(matches.map(\.value))
                satisfied += 1
                continue
            }
            var found: String?
            var count = 0
            for candidate in matches {
                count += 1
                if found == nil { found = candidate.value }
            }
            guard let found else {
                if route.isRequired(queryItem: offset) { isComplete = false } else { satisfied += 1 }
                continue
            }
            guard count == 1 else {
                isComplete = false
                continue
            }
            switch item.value {
            case .literal(let literal):
                if found == literal { satisfied += 1 } else { isComplete = false }
            case .capture:
                if let label { values[label] = .one(found) }
                satisfied += 1
            }
        }
        if strict {
            if items.contains(where: { !route.uses(queryKey: $0.key) }) { isComplete = false }
        }
        if let fragment = route.ast.fragment {
            switch LinkReader.decodedFragment(of: view.link) {
            case .success(let text)?:
                switch fragment.value {
                case .literal(let literal): if text != literal { isComplete = false }
                case .capture: if let label = route.fragmentLabel { values[label] = .one(text) }
                }
            case .failure?:
                isComplete = false
            case nil:
                if let label = route.fragmentLabel, route.labels[label].isOptional {} else { isComplete = false }
            }
        }
    }

    /// The problem for a label whose value did not convert.
    func problem(for failure: RouteDecoder.Failure, route: CompiledRoute, view: LinkView) -> Problem {
        if failure.label == RouteDecoder.Failure.wholeRoute {
            return Problem(reason: .rejectedByRoute(message: failure.expected), span: nil)
        }
        let label = route.labels.indices.contains(failure.label) ? route.labels[failure.label].name : ""
        let located = Explanation.locate(label: failure.label, element: failure.element, route: route, view: view)
        return Problem(
            reason: .formatFailure(label: label, found: located.text, expected: failure.expected),
            span: located.span)
    }
}
