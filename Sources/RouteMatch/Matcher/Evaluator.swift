/// The one place that decides whether a link matches a route, and says why not.
///
/// Every rule of a match lives here, once: the scheme, the host, each path segment, query
/// items (absent, repeated, literal, optional, list), strict query mode and the fragment. The
/// matcher runs it in ``Mode/firstProblem`` on the routes whose path the trie found (the hit
/// path: it stops at the first problem and allocates nothing for an explanation); a diagnostic
/// runs it in ``Mode/allProblems`` on the routes it names, to list every problem in the order
/// it stands in the link, value conversions included, and in ``Mode/firstExplained`` where it
/// needs only the first of them (a failed match's reason, another near route's problem).
struct Evaluator {
    enum Mode {
        /// Stop at the first problem; leave value conversion to the route's decoder (a text
        /// whose bytes alone refute its type excepted).
        case firstProblem
        /// Collect every problem, checking that each bound value converts to its type.
        case allProblems
        /// Stop at the first problem, found and built as in ``allProblems`` (each bound value
        /// converted): the first problem ``allProblems`` finds, for less when there are more.
        /// The progress is then only as far as that problem.
        case firstExplained
    }

    /// What evaluating one route found, and how far the link got into it. (A structure, not a
    /// tuple: a tuple of these is destroyed through the runtime's generic tuple witness.)
    struct Evaluation {
        let verdict: Verdict
        let progress: Progress
    }

    /// What evaluating one route found.
    enum Verdict {
        /// The link fits the route; these are the texts its labels bind.
        case fits(BoundValueList)
        /// The link does not fit: the problems found, at least one.
        case fails(Problems)
    }

    // The link, the route and its labels (learned on the route's first use) are passed to each
    // step rather than stored: evaluating copies nothing of the link, and retains nothing.
    let strictQuery: Bool
    let mode: Mode

    private var values: BoundValueList
    /// Whether a problem was found; in ``Mode/firstProblem`` none is built.
    private var failed = false
    /// Whether the route's literal segments are known to match (see ``evaluate(_:view:options:mode:labels:literalsWalked:)``).
    private var literalsWalked = false
    // The first problem held apart, with a flag (not an optional: its tag would be read
    // through the reason's value witness), the others in an array made only when there are
    // others: a route that fails once, as most near misses do, allocates no array.
    /// The first problem found, when ``hasProblem`` (in ``Mode/allProblems`` and
    /// ``Mode/firstExplained``).
    private var firstProblem = Evaluator.noProblem
    private var hasProblem = false
    /// The problems after the first, in the order found.
    private var moreProblems: [RouteMatchError.Problem] = []
    private(set) var progress: Progress

    /// Evaluates `route` against `view`. A route that does not fit is always reported as in
    /// ``Mode/allProblems`` (every problem, the whole progress) when ``Mode/firstProblem`` was
    /// asked, and with its first problem only in ``Mode/firstExplained``.
    ///
    /// - Parameter literalsWalked: Whether the trie walk reached the route through its literal
    ///   segments, each matched by its text: in ``Mode/firstProblem`` they are not compared
    ///   again (the walk's edges are the route's own literals). Its values are still bound here.
    static func evaluate(
        _ route: CompiledRoute, view: LinkView, options: MatchOptions, mode: Mode, labels: [LabelInfo]? = nil,
        literalsWalked: Bool = false
    ) -> Evaluation {
        // The labels passed are borrowed as they are: `labels ?? route.labels` would retain them.
        if let labels {
            return evaluate(route, view: view, options: options, mode: mode, with: labels, literalsWalked: literalsWalked)
        }
        return evaluate(route, view: view, options: options, mode: mode, with: route.labels, literalsWalked: literalsWalked)
    }

    private static func evaluate(
        _ route: CompiledRoute, view: LinkView, options: MatchOptions, mode: Mode, with labels: [LabelInfo],
        literalsWalked: Bool
    ) -> Evaluation {
        var evaluator = Evaluator(strictQuery: options.strictQuery, mode: mode, labelCount: labels.count)
        evaluator.literalsWalked = literalsWalked && mode == .firstProblem
        evaluator.run(route, labels, view)
        guard evaluator.failed else { return Evaluation(verdict: .fits(evaluator.takeValues()), progress: evaluator.progress) }
        if evaluator.hasProblem {
            return Evaluation(verdict: .fails(evaluator.takeProblems()), progress: evaluator.progress)
        }
        // In `firstProblem` mode the problem itself is not built: evaluate again to name it.
        return evaluate(route, view: view, options: options, mode: .allProblems, with: labels, literalsWalked: false)
    }

    /// Evaluates only the query items of `route`, never strictly: the items every route of a
    /// table shares, read beside the route.
    static func evaluateQuery(_ route: CompiledRoute, view: LinkView) -> Verdict {
        let labels = route.labels
        var evaluator = Evaluator(strictQuery: false, mode: .allProblems, labelCount: labels.count)
        evaluator.evaluateQuery(route, labels, view)
        guard evaluator.hasProblem else { return .fits(evaluator.values) }
        return .fails(evaluator.takeProblems())
    }

    private init(strictQuery: Bool, mode: Mode, labelCount: Int) {
        self.strictQuery = strictQuery
        self.mode = mode
        values = BoundValueList(absent: labelCount)
        self.progress = Progress(scheme: true, host: true, depth: 0, pathComplete: false, query: 0)
    }

    private var stopped: Bool { failed && mode != .allProblems }

    /// The bound values, moved out (the evaluator is done): not retained for the verdict and
    /// released with the evaluator.
    private mutating func takeValues() -> BoundValueList {
        var taken = BoundValueList(absent: 0)
        swap(&taken, &values)
        return taken
    }

    /// The problems found, moved out, not copied (a copy retains each text of their
    /// reasons); at least one (``hasProblem``).
    private mutating func takeProblems() -> Problems {
        var first = Evaluator.noProblem, more: [RouteMatchError.Problem] = []
        swap(&first, &firstProblem)
        swap(&more, &moreProblems)
        hasProblem = false
        return Problems(first: first, more: more)
    }

    /// What ``firstProblem`` holds until a problem is found: no text to retain or release.
    private static var noProblem: RouteMatchError.Problem {
        RouteMatchError.Problem(reason: .extraPathSegment(found: ""), span: nil)
    }

    private mutating func report(_ reason: @autoclosure () -> RouteMatchError.Reason, _ span: Range<Int>?) {
        failed = true
        guard mode != .firstProblem else { return }
        if hasProblem {
            moreProblems.append(RouteMatchError.Problem(reason: reason(), span: span))
        } else {
            firstProblem = RouteMatchError.Problem(reason: reason(), span: span)
            hasProblem = true
        }
    }

    /// Reports `text` if it does not convert to the label's type: in ``Mode/allProblems`` and
    /// ``Mode/firstExplained`` converted, in ``Mode/firstProblem`` only when its bytes refute it
    /// (``LabelInfo/read(_:)``, `reading` when the caller asked it; the route's decoder
    /// converts the rest), so that a route is not built only to refuse, on the plain path and
    /// here alike.
    private mutating func check(
        _ labels: [LabelInfo], _ label: Int, _ text: String, reading: TextConversion.Standard.Reading? = nil,
        span: @autoclosure () -> Range<Int>?
    ) {
        let info = labels[label]
        let reading = reading ?? info.read(text)
        guard mode != .firstProblem else {
            if case .refuted = reading { failed = true }
            return
        }
        if let failure = info.check(text, reading: reading) {
            report(.formatFailure(label: info.name, found: text, expected: failure.expected), span())
        }
    }

    /// Binds one text to `label` and, when `checked`, reports it if it does not convert
    /// (``check(_:_:_:reading:span:)``), its bytes read once for both: a text they spell as an
    /// `Int` or `Bool` is bound as that value (``BoundValue/int(_:)``), which the route's decoder
    /// takes without parsing it, as on the plain path.
    private mutating func bindOne(
        _ labels: [LabelInfo], _ label: Int, _ text: String, checked: Bool = true, span: @autoclosure () -> Range<Int>?
    ) {
        let reading = labels[label].read(text)
        values[label] = BoundValue(reading, text: text)
        if checked { check(labels, label, text, reading: reading, span: span()) }
    }

    private mutating func run(_ route: CompiledRoute, _ labels: [LabelInfo], _ view: LinkView) {
        evaluateOrigin(route, view)
        if !stopped { evaluatePath(route, labels, view) }
        if !stopped { evaluateQuery(route, labels, view) }
        if !stopped { evaluateFragment(route, labels, view) }
    }

    // MARK: Scheme and host

    /// Whether a link's scheme and host fit `route`: for a route under the table's origins,
    /// whether the link comes from one; for a route whose pattern gives its host, that host.
    static func originFits(_ route: CompiledRoute, _ view: LinkView) -> (scheme: Bool, host: Bool) {
        if route.isMounted { return (true, true) }
        if route.usesOrigins, let origin = view.origin { return (origin.schemeFits, origin.hostFits) }
        let scheme = route.scheme.map { view.link.schemeText.isEmpty || view.link.schemeText == $0 } ?? true
        return (scheme, view.hostKey == route.host)
    }

    private mutating func evaluateOrigin(_ route: CompiledRoute, _ view: LinkView) {
        // A mounted table's route: the mounting table has judged the scheme and host (the
        // progress starts with both fitting).
        if route.isMounted { return }
        if route.usesOrigins, let origin = view.origin {
            progress.scheme = origin.schemeFits
            progress.host = origin.hostFits
            for problem in origin.problems {
                report(problem.reason, problem.span)
                if stopped { return }
            }
            return
        }
        // The link is read in place: a copy of it would retain each of its strings.
        let host = route.host
        if !view.link.schemeText.isEmpty, let expected = route.scheme, view.link.schemeText != expected {
            progress.scheme = false
            report(.schemeMismatch(expected: expected, found: view.link.schemeText), view.link.schemeRange)
            if stopped { return }
        }
        if view.hostKey != host {
            progress.host = false
            let start = view.link.pathRange.lowerBound
            report(.hostMismatch(expected: host.isEmpty ? nil : host, found: view.host),
                   view.hostRange ?? start..<start)
        }
    }

    // MARK: Path

    private mutating func evaluatePath(_ route: CompiledRoute, _ labels: [LabelInfo], _ view: LinkView) {
        var fits = true
        // The pattern's segments are read in place, by index: binding a segment or its text to
        // a name would copy it (a retain and a release of its text, each segment).
        let specs = route.ast.segments
        for offset in specs.indices {
            if case .rest = specs[offset].value {
                evaluateRest(route, labels, view, from: offset, name: specs[offset].value.captureName ?? "", fits: fits)
                return
            }
            guard offset < view.segmentCount else {
                report(.missingPathSegment(expected: specs[offset].value.patternText), view.endOfPath)
                return
            }
            let segment = view.segment(offset)
            if let bad = segment.badEscape {
                // The escape breaks this segment: a literal is not reached, a value still is.
                report(.malformedPercentEncoding(found: view.escapeText(bad), label: specs[offset].value.captureName), bad)
                if !specs[offset].value.isCapture { fits = false }
                if stopped { return }
                if fits { progress.depth += 1 }
                continue
            }
            switch specs[offset].value {
            case .literal(let literal):
                // Compared in place: the segment's text is made only to be quoted.
                if !literalsWalked, !view.segment(segment, is: literal) {
                    report(.literalMismatch(expected: literal, found: view.text(of: segment)), segment.range)
                    fits = false
                }
            case .capture:
                if view.isEmpty(segment) {
                    report(.emptyPathSegment(label: specs[offset].value.captureName ?? ""), segment.range)
                    fits = false
                } else if let label = route.segmentLabels[offset] {
                    bindOne(labels, label, view.text(of: segment), span: segment.range)
                }
            case .affixed(let prefix, _, let suffix):
                let text = view.text(of: segment)
                if let inner = Affixes.inner(of: text, prefix: prefix, suffix: suffix) {
                    if let label = route.segmentLabels[offset] {
                        bindOne(labels, label, inner, span: Affixes.capturedRange(
                            in: view.link.text, segment.range, prefixCount: prefix.utf8.count, suffixCount: suffix.utf8.count))
                    }
                } else {
                    report(.literalMismatch(expected: specs[offset].value.patternText, found: text), segment.range)
                    fits = false
                }
            case .rest:
                break // handled above
            }
            if stopped { return }
            if fits { progress.depth += 1 }
        }
        if view.segmentCount > route.ast.segments.count {
            let extra = view.segment(route.ast.segments.count)
            let last = view.segment(view.segmentCount - 1)
            if let bad = extra.badEscape {
                // The route ends before it, but what stops the link is the escape.
                report(.malformedPercentEncoding(found: view.escapeText(bad), label: nil), bad)
            } else {
                report(.extraPathSegment(found: view.text(of: extra)), extra.range.lowerBound..<last.range.upperBound)
            }
            return
        }
        progress.pathComplete = fits
    }

    /// `${name...}` from segment `offset` to the end: one segment or more (none for an
    /// Optional or a list), each a value of its own for a list, joined with `/` for one value.
    private mutating func evaluateRest(
        _ route: CompiledRoute, _ labels: [LabelInfo], _ view: LinkView, from offset: Int, name: String, fits: Bool
    ) {
        let label = route.segmentLabels[offset]
        let info = label.map { labels[$0] }
        if let label, let mount = info?.mount {
            // The rest of the link is the mounted table's to judge, when the value is built.
            let rest = view.mounted(from: offset)
            values[label] = .mounted(rest)
            if mode != .firstProblem, let error = mount.type.mountedMatcher.error(for: rest) {
                report(error.reason, error.span)
            }
            if fits { progress.depth += max(0, view.segmentCount - offset) }
            progress.pathComplete = fits
            return
        }
        guard offset < view.segmentCount else {
            if let info, info.isOptional || info.isList {
                if let label { values[label] = info.isList ? .many([]) : .absent }
                progress.pathComplete = fits
            } else {
                let expected = route.ast.segments[offset].value.patternText
                report(.missingPathSegment(expected: expected), view.endOfPath)
            }
            return
        }
        var texts: [String] = []
        var fitsAll = fits
        for index in offset..<view.segmentCount {
            let segment = view.segment(index)
            if let bad = segment.badEscape {
                report(.malformedPercentEncoding(found: view.escapeText(bad), label: name), bad)
            } else if view.isEmpty(segment) {
                report(.emptyPathSegment(label: name), segment.range)
                fitsAll = false
            } else {
                let text = view.text(of: segment)
                if let label, info?.isList == true { check(labels, label, text, span: segment.range) }
                texts.append(text)
            }
            if stopped { return }
            if fitsAll { progress.depth += 1 }
        }
        if let label, let info {
            if info.isList {
                values[label] = .many(texts)
            } else {
                let first = view.segment(offset).range.lowerBound
                bindOne(labels, label, TextJoin.join(texts, separator: "/"),
                    span: first..<view.segment(view.segmentCount - 1).range.upperBound)
            }
        }
        progress.pathComplete = fitsAll
    }

    // MARK: Query

    private mutating func evaluateQuery(_ route: CompiledRoute, _ labels: [LabelInfo], _ view: LinkView) {
        WorkMeter.add(view.link.queryItems.count * max(1, route.ast.queryItems.count))
        // The pattern's items and the link's are read in place, by index: binding an item to
        // a name would copy it (a retain and a release of each of its texts).
        let specs = route.ast.queryItems
        for offset in specs.indices {
            let label = route.queryLabels[offset]
            if let label, labels[label].isList {
                var texts: [String] = []
                for index in view.link.queryItems.indices
                where view.queryItem(index, hasKey: specs[offset].key, tag: specs[offset].keyTag) {
                    if let bad = view.link.queryItems[index].badEscape {
                        report(.malformedPercentEncoding(found: view.escapeText(bad), label: specs[offset].value.captureName), bad)
                        if stopped { return }
                        continue
                    }
                    let text = view.value(ofQueryItem: index)
                    texts.append(text)
                    check(labels, label, text, span: view.link.queryItems[index].valueRange ?? view.link.queryItems[index].range)
                    if stopped { return }
                }
                values[label] = .many(texts)
                progress.query += 1
                if stopped { return }
                continue
            }
            // The first item with the key, and the second if the key is repeated.
            var firstIndex: Int?
            var secondIndex: Int?
            var count = 0
            for index in view.link.queryItems.indices
            where view.queryItem(index, hasKey: specs[offset].key, tag: specs[offset].keyTag) {
                count += 1
                if firstIndex == nil { firstIndex = index } else if secondIndex == nil { secondIndex = index }
            }
            guard let firstIndex else {
                if route.isRequired(queryItem: offset, labels: labels) {
                    report(.missingQueryItem(key: specs[offset].key), view.endOfQuery)
                } else {
                    progress.query += 1
                }
                if stopped { return }
                continue
            }
            if let secondIndex {
                report(.duplicateQueryItem(key: specs[offset].key, count: count), view.link.queryItems[secondIndex].range)
                if stopped { return }
                continue
            }
            let span = view.link.queryItems[firstIndex].valueRange ?? view.link.queryItems[firstIndex].range
            if let bad = view.link.queryItems[firstIndex].badEscape {
                let name = specs[offset].value.captureName
                report(.malformedPercentEncoding(found: view.escapeText(bad), label: name), bad)
                if name != nil { progress.query += 1 }
                if stopped { return }
                continue
            }
            let found = view.value(ofQueryItem: firstIndex)
            switch specs[offset].value {
            case .literal(let literal):
                if found == literal {
                    progress.query += 1
                } else {
                    report(.literalMismatch(expected: literal, found: found), span)
                }
            case .capture, .rest:
                progress.query += 1
                if let label {
                    bindOne(labels, label, found, checked: !(labels[label].isOptional && found.isEmpty), span: span)
                }
            case .affixed(let prefix, _, let suffix):
                if let label, labels[label].isOptional, found.isEmpty {
                    progress.query += 1
                    values[label] = .one("")
                } else if let inner = Affixes.inner(of: found, prefix: prefix, suffix: suffix) {
                    progress.query += 1
                    if let label {
                        bindOne(labels, label, inner, span: view.link.queryItems[firstIndex].valueRange.map {
                            Affixes.capturedRange(in: view.link.text, $0, prefixCount: prefix.utf8.count, suffixCount: suffix.utf8.count)
                        } ?? span)
                    }
                } else {
                    report(.literalMismatch(expected: specs[offset].value.patternText, found: found), span)
                }
            }
            if stopped { return }
        }
        // A bad escape in an item no pattern item read is still an error, never dropped.
        if view.link.hasBadEscape {
            for index in view.link.queryItems.indices {
                guard let bad = view.link.queryItems[index].badEscape, Evaluator.noOneReads(index, route, view) else { continue }
                report(.malformedPercentEncoding(found: view.escapeText(bad), label: nil), bad)
                if stopped { return }
            }
        }
        // A mounted table reads the query too, and judges it.
        if strictQuery && !labels.contains(where: { $0.mount != nil }) {
            // Keys compared in place: a text is made only for an item reported.
            for index in view.link.queryItems.indices
            where view.link.queryItems[index].badEscape == nil && Evaluator.noOneReads(index, route, view) {
                report(.unexpectedQueryItem(key: view.key(ofQueryItem: index)), view.link.queryItems[index].range)
                if stopped { return }
            }
        }
    }

    /// Whether neither `route` nor the items every route shares read the link's query item
    /// `index` (a key with a bad escape, `""`, is no one's).
    private static func noOneReads(_ index: Int, _ route: CompiledRoute, _ view: LinkView) -> Bool {
        !route.uses(queryItem: index, of: view) && !view.sharesQueryItem(index)
    }

    // MARK: Fragment

    private mutating func evaluateFragment(_ route: CompiledRoute, _ labels: [LabelInfo], _ view: LinkView) {
        guard let spec = route.ast.fragment else { return }
        let link = view.link
        switch LinkReader.decodedFragment(of: link) {
        case .text(let text):
            switch spec.value {
            case .literal(let literal):
                if text != literal {
                    report(.literalMismatch(expected: literal, found: text), link.fragmentRange)
                }
            case .capture, .rest:
                if let label = route.fragmentLabel {
                    bindOne(labels, label, text, checked: !(labels[label].isOptional && text.isEmpty), span: link.fragmentRange)
                }
            case .affixed(let prefix, _, let suffix):
                if let label = route.fragmentLabel, labels[label].isOptional, text.isEmpty {
                    values[label] = .one("")
                } else if let inner = Affixes.inner(of: text, prefix: prefix, suffix: suffix) {
                    if let label = route.fragmentLabel {
                        bindOne(labels, label, inner, span: link.fragmentRange.map {
                            Affixes.capturedRange(in: link.text, $0, prefixCount: prefix.utf8.count, suffixCount: suffix.utf8.count)
                        })
                    }
                } else {
                    report(.literalMismatch(expected: spec.value.patternText, found: text), link.fragmentRange)
                }
            }
        case .malformed(let problem):
            if case .malformedPercentEncoding(let found, _) = problem.reason {
                report(.malformedPercentEncoding(found: found, label: spec.value.captureName), problem.span)
            } else {
                report(problem.reason, problem.span)
            }
        case .absent:
            if let label = route.fragmentLabel, labels[label].isOptional { return }
            let end = link.text.utf8.count
            report(.missingFragment(expected: spec.value.patternText), end..<end)
        }
    }
}

/// The problems of a route that does not fit a link: never empty, by construction.
struct Problems: Sendable {
    let first: RouteMatchError.Problem
    let more: [RouteMatchError.Problem]
}
