/// Everything wrong between one link and one route, in the order it stands in the link:
/// scheme, host, each path segment, query items in the pattern's order, the fragment. Run
/// only for the routes a failed match names, never on the matching path.
enum Explanation {
    static func problems(
        of route: CompiledRoute, view: LinkView, table: RouteTable, hostFailed: Bool
    ) -> [Problem] {
        var problems: [Problem] = []
        let link = view.link

        if let found = link.scheme, let expected = route.scheme, found != expected {
            problems.append(Problem(reason: .schemeMismatch(expected: expected, found: found), span: link.schemeRange))
        }
        if hostFailed || view.host != route.host {
            problems.append(Problem(
                reason: .hostMismatch(expected: route.host, found: view.host),
                span: view.hostRange ?? link.pathRange.lowerBound..<link.pathRange.lowerBound))
        }

        // Path.
        for (offset, spec) in route.ast.segments.enumerated() {
            guard offset < view.segments.count else {
                problems.append(Problem(reason: .missingPathSegment(expected: display(spec.value)), span: view.endOfPath))
                break
            }
            let segment = view.segment(offset)
            switch spec.value {
            case .literal(let literal):
                if segment.value != literal {
                    problems.append(Problem(
                        reason: .literalMismatch(expected: literal, found: segment.value), span: segment.range))
                }
            case .capture(let name):
                if segment.value.isEmpty {
                    problems.append(Problem(reason: .emptyPathSegment(label: name), span: segment.range))
                } else if let label = route.segmentLabels[offset] {
                    check(route.labels[label], segment.value, span: segment.range, into: &problems)
                }
            }
        }
        if view.segments.count > route.ast.segments.count {
            let extra = view.segment(route.ast.segments.count)
            let last = view.segment(view.segments.count - 1)
            problems.append(Problem(
                reason: .extraPathSegment(found: extra.value), span: extra.range.lowerBound..<last.range.upperBound))
        }

        // Query.
        let items = link.queryItems
        for (offset, spec) in route.ast.queryItems.enumerated() {
            let matches = Array(link.queryItems(named: spec.key))
            let label = route.queryLabels[offset]
            if let label, route.labels[label].isList {
                for item in matches {
                    check(route.labels[label], item.value, span: item.valueRange ?? item.range, into: &problems)
                }
                continue
            }
            guard let first = matches.first else {
                if route.isRequired(queryItem: offset) {
                    problems.append(Problem(reason: .missingQueryItem(key: spec.key), span: view.endOfQuery))
                }
                continue
            }
            if matches.count > 1 {
                problems.append(Problem(
                    reason: .duplicateQueryItem(key: spec.key, count: matches.count), span: matches[1].range))
                continue
            }
            switch spec.value {
            case .literal(let literal):
                if first.value != literal {
                    problems.append(Problem(
                        reason: .literalMismatch(expected: literal, found: first.value),
                        span: first.valueRange ?? first.range))
                }
            case .capture:
                if let label {
                    let info = route.labels[label]
                    if !(info.isOptional && first.value.isEmpty) {
                        check(info, first.value, span: first.valueRange ?? first.range, into: &problems)
                    }
                }
            }
        }
        if table.options.strictQuery {
            for item in items where !route.uses(queryKey: item.key) {
                problems.append(Problem(reason: .unexpectedQueryItem(key: item.key), span: item.range))
            }
        }

        // Fragment.
        if let spec = route.ast.fragment {
            switch LinkReader.decodedFragment(of: link) {
            case .success(let text)?:
                switch spec.value {
                case .literal(let literal):
                    if text != literal {
                        problems.append(Problem(reason: .literalMismatch(expected: literal, found: text), span: link.fragmentRange))
                    }
                case .capture:
                    if let label = route.fragmentLabel {
                        check(route.labels[label], text, span: link.fragmentRange, into: &problems)
                    }
                }
            case .failure(let problem)?:
                problems.append(problem)
            case nil:
                if case .capture(let name) = spec.value,
                    !(route.fragmentLabel.map { route.labels[$0].isOptional } ?? false) {
                    let end = link.text.utf8.count
                    problems.append(Problem(reason: .missingFragment(label: name), span: end..<end))
                }
            }
        }
        return problems
    }

    private static func check(_ label: LabelInfo, _ text: String, span: Range<Int>?, into problems: inout [Problem]) {
        if let failure = label.check(text) {
            problems.append(Problem(
                reason: .formatFailure(label: label.name, found: text, expected: failure.expected), span: span))
        }
    }

    /// How a pattern value reads in a diagnostic: the literal, or `${name}`.
    static func display(_ value: PatternAST.Value) -> String {
        switch value {
        case .literal(let text): return text
        case .capture(let name): return "${\(name)}"
        }
    }

    /// The text and span a label's value came from.
    static func locate(
        label: Int, element: Int, route: CompiledRoute, view: LinkView
    ) -> (text: String, span: Range<Int>?) {
        guard route.sources.indices.contains(label) else { return ("", nil) }
        switch route.sources[label] {
        case .segment(let offset):
            let segment = view.segment(offset)
            return (segment.value, segment.range)
        case .query(let offset):
            let key = route.ast.queryItems[offset].key
            let matches = Array(view.link.queryItems(named: key))
            guard !matches.isEmpty else { return ("", view.endOfQuery) }
            let item = matches[min(element, matches.count - 1)]
            return (item.value, item.valueRange ?? item.range)
        case .fragment:
            let text = (try? LinkReader.decodedFragment(of: view.link)?.get()) ?? ""
            return (text, view.link.fragmentRange)
        case .none:
            return ("", nil)
        }
    }

    /// The literal segments the table offers where the link's path first leaves it (following
    /// literal edges before captures): the five earliest-declared, and how many more there
    /// are. `nil` when the link's path does not leave the table there. Linear in the number of
    /// literals at that node, and run only when a diagnostic's text is asked for.
    static func expectedLiterals(view: LinkView, table: RouteTable, hostFailed: Bool) -> (first: [String], more: Int)? {
        guard !hostFailed, var node = table.trie.roots[view.host] else { return nil }
        for offset in 0..<view.segments.count {
            let current = table.trie.nodes[node]
            if let next = current.literals[view.segment(offset).value] ?? current.capture {
                node = next
                continue
            }
            guard !current.literals.isEmpty else { return nil }
            // The five earliest by declaration, kept sorted while scanning once.
            var best: [(order: Int, text: String)] = []
            for (text, child) in current.literals {
                let entry = (order: table.trie.nodes[child].firstRoute, text: text)
                guard best.count < 5 || entry.order < best[best.count - 1].order else { continue }
                let position = best.firstIndex { entry.order < $0.order } ?? best.count
                best.insert(entry, at: position)
                if best.count > 5 { best.removeLast() }
            }
            return (best.map(\.text), current.literals.count - best.count)
        }
        return nil
    }

    /// Notes, other candidates and an example link, for a failed match's diagnostic.
    static func details(
        text: String, table: RouteTable, closest: Int, others: [Int], hostFailed: Bool
    ) -> LazyDetails.Details {
        guard case .success(let link) = LinkReader.read(text, limits: table.options.limits) else {
            return LazyDetails.Details()
        }
        let view = LinkView(link, table: table)
        var details = LazyDetails.Details()
        let route = table.routes[closest]
        details.notes = Array(problems(of: route, view: view, table: table, hostFailed: hostFailed).dropFirst())
        for other in others {
            let otherRoute = table.routes[other]
            if let first = problems(of: otherRoute, view: view, table: table, hostFailed: hostFailed).first {
                details.candidates.append(Candidate(route: otherRoute.reference, problem: first))
            }
        }
        details.example = LinkRenderer.example(route: route, view: view, table: table)
        details.hosts = hostFailed ? table.trie.hosts.filter { !$0.isEmpty } : []
        var redactions: [Range<Int>] = []
        for (offset, segment) in view.segments.enumerated() {
            let spec = offset < route.ast.segments.count ? route.ast.segments[offset].value : nil
            if spec != .literal(segment.value) { redactions.append(segment.range) }
        }
        for item in link.queryItems { if let range = item.valueRange { redactions.append(range) } }
        if let fragment = link.fragmentRange { redactions.append(fragment) }
        details.redactions = redactions
        if let literals = expectedLiterals(view: view, table: table, hostFailed: hostFailed) {
            details.expectedSegments = literals.first
            details.moreExpectedSegments = literals.more
        }
        return details
    }
}
