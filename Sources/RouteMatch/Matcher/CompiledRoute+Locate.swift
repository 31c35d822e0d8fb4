extension DecodeFailure {
    /// The problem a failed decode of `route` names, with its span in the link.
    func problem(route: CompiledRoute, view: LinkView) -> Problem {
        switch self {
        case .rejected(let message):
            return Problem(reason: .rejectedByRoute(message: message), span: nil)
        case .mounted(_, let error):
            return Problem(reason: error.reason, span: error.span)
        case .label(let label, let element, let expected):
            let located = route.locate(label: label, element: element, in: view)
            return Problem(
                reason: .formatFailure(label: route.labels[label].name, found: located.text, expected: expected),
                span: located.span)
        }
    }
}

extension CompiledRoute {
    /// The text label `label` bound from the link (element `element` of a list), and where it stands.
    func locate(label: Int, element: Int, in view: LinkView) -> (text: String, span: Range<Int>?) {
        switch source(of: label) {
        case .segment(let offset):
            let segment = view.segment(offset)
            let text = view.text(of: segment)
            if case .affixed(let prefix, _, let suffix) = ast.segments[offset].value,
                let inner = Affixes.inner(of: text, prefix: prefix, suffix: suffix) {
                let span = Affixes.capturedRange(
                    in: view.link.text, segment.range, prefixCount: prefix.utf8.count, suffixCount: suffix.utf8.count)
                return (inner, span)
            }
            return (text, segment.range)
        case .rest(let offset):
            guard offset < view.segmentCount else { return ("", view.endOfPath) }
            if labels[label].isList {
                let segment = view.segment(min(offset + element, view.segmentCount - 1))
                return (view.text(of: segment), segment.range)
            }
            let last = view.segment(view.segmentCount - 1)
            let texts = (offset..<view.segmentCount).map { view.text(of: view.segment($0)) }
            return (TextJoin.join(texts, separator: "/"), view.segment(offset).range.lowerBound..<last.range.upperBound)
        case .query(let offset):
            let key = ast.queryItems[offset].key
            let link = view.link
            let matches = link.queryItemPositions(named: key)
            guard !matches.isEmpty else { return ("", view.endOfQuery) }
            let item = link.queryItems[matches[min(element, matches.count - 1)]]
            if case .affixed(let prefix, _, let suffix) = ast.queryItems[offset].value, let range = item.valueRange,
                let inner = Affixes.inner(of: link.value(of: item), prefix: prefix, suffix: suffix) {
                let span = Affixes.capturedRange(
                    in: view.link.text, range, prefixCount: prefix.utf8.count, suffixCount: suffix.utf8.count)
                return (inner, span)
            }
            return (link.value(of: item), item.valueRange ?? item.range)
        case .fragment:
            if case .text(let text) = LinkReader.decodedFragment(of: view.link) { return (text, view.link.fragmentRange) }
            return ("", view.link.fragmentRange)
        case .none:
            return ("", nil)
        }
    }
}
