/// What a failed match's diagnostic shows beyond its reason: the closest route's other
/// problems (the notes, when the match found only the first), the other near routes' first
/// problems, an example link, the literals the table offers where the link left it, and the
/// parts of the link to redact. It states no matching rule of its own: every problem comes
/// from the ``Evaluator``.
enum Diagnosis {
    /// A near route other than the closest, with the view it was compared under (a structure,
    /// not a tuple: see ``RenderedValues/LabelTexts``).
    struct Other: Sendable {
        let route: CompiledRoute
        let view: LinkView
    }

    /// Everything the details are computed from; it holds the routes it names, never the table.
    struct Input: Sendable {
        let view: LinkView
        let defaults: TableDefaults
        let route: CompiledRoute
        /// The other near routes, each with the view it was compared under.
        let others: [Other]
        /// The declared hosts, when the link's host is not one of them.
        let hosts: [String]
        /// The literal segments the table offers where the link's path left it, the
        /// earliest-declared (at most ``RouteTrie/offeredLiterals``): empty for none.
        ///
        /// Stored in place, an array and a count, not an optional structure (copied through
        /// its type's value witness, which had the runtime build the optional's type on a
        /// process's first diagnostic, some 9,000 instructions) nor an object (an allocation
        /// and a release each miss that reaches a literal edge).
        let expected: [String]
        /// How many literal segments more than ``expected`` the table offers there.
        let moreExpected: Int
        /// Whether the error holds the closest route's first problem only: its others (the
        /// notes) are found with the details.
        let findsNotes: Bool
    }

    /// The details of a failed match, computed once when a diagnostic is first asked for: whole,
    /// or (`whole: false`, for a one-line summary or the redacted link) only the parts of the
    /// link to redact; the whole, asked for after them, takes them from `cheap`.
    static func details(_ input: Input, whole: Bool, cheap: RouteMatchError.Details?) -> RouteMatchError.Details {
        // Views of their own: this may run on any thread, on several at once (see
        // ``LinkView/Isolation``).
        var isolation = LinkView.Isolation()
        let view = isolation.view(input.view)
        guard whole else { return RouteMatchError.Details(redactions: redactions(view: view, route: input.route)) }
        // The texts handed to the initializer, not assigned to a field: copied from the input
        // field to field, the array of expected literals was copied through its type's value
        // witness, which had the runtime build `[String]` on a process's first diagnostic.
        var details = RouteMatchError.Details(
            notes: input.findsNotes ? notes(of: input.route, view: view, options: input.defaults.options) : [],
            hosts: input.hosts, expectedSegments: input.expected, moreExpectedSegments: input.moreExpected)
        for other in input.others {
            let view = isolation.view(other.view)
            // A near route is shown with its first problem only.
            let verdict = Evaluator.evaluate(other.route, view: view, options: input.defaults.options, mode: .firstExplained).verdict
            if case .fails(let problems) = verdict {
                details.candidates.append(RouteMatchError.Candidate(route: other.route.reference, problem: problems.first))
            }
        }
        details.example = LinkRenderer.example(route: input.route, view: view, defaults: input.defaults)
        details.redactions = cheap?.redactions ?? redactions(view: view, route: input.route)
        return details
    }

    /// `route`'s problems after the first (the notes of an error that holds the first only),
    /// in the order they stand in the link.
    private static func notes(of route: CompiledRoute, view: LinkView, options: MatchOptions) -> [RouteMatchError.Problem] {
        switch Evaluator.evaluate(route, view: view, options: options, mode: .allProblems).verdict {
        case .fails(let problems): return problems.more
        case .fits: return []
        }
    }

    /// The parts of the link that can carry a secret: the userinfo, every path segment that is
    /// not the route's literal at its place, every query value, every query key the route does
    /// not name, and the fragment.
    ///
    /// (Read by index: `enumerated()` over the link's segments would have the runtime build
    /// an `EnumeratedSequence` of them from its mangled name, checking their `Sequence`
    /// conformance by a scan of every conformance record on a process's first diagnostic.)
    ///
    /// (The link is read where the view holds it, `view.link.…` each time: bound to a local,
    /// its components were copied, each of their strings and arrays retained and released,
    /// some 500 instructions a redacted summary. Its segments and query keys are compared by
    /// lending it, as the matcher does: `view` is a view of the caller's own, made by a
    /// ``LinkView/Isolation``, as every caller's is.)
    static func redactions(view: LinkView, route: CompiledRoute) -> [ByteRange] {
        var ranges: [ByteRange] = []
        // Room for all the ranges there can be, made once, where appending grew the array
        // three times or more (some 700 instructions).
        ranges.reserveCapacity(view.link.segments.count + 2 * view.link.queryItems.count + 2)
        if let userinfo = view.link.userinfoRange { ranges.append(ByteRange(userinfo)) }
        let hostSegment = view.segmentStart
        for offset in view.link.segments.indices where offset >= hostSegment {
            let segment = view.link.segments[offset]
            let place = offset - hostSegment
            let isLiteral = if place < route.ast.segments.count, case .literal(let literal) = route.ast.segments[place].value {
                view.segment(segment, is: literal)
            } else {
                false
            }
            if !isLiteral { ranges.append(ByteRange(segment.range)) }
        }
        for index in view.link.queryItems.indices {
            if !route.uses(queryItem: index, of: view) { ranges.append(ByteRange(view.link.queryItems[index].keyRange)) }
            if let range = view.link.queryItems[index].valueRange { ranges.append(ByteRange(range)) }
        }
        if let fragment = view.link.fragmentRange { ranges.append(ByteRange(fragment)) }
        return ranges
    }
}
