/// The routes a search came nearest to, best first, at most ``Search/keptAttempts``: the best
/// held where the search stands, the others in an array.
///
/// A miss usually reports one route, the one the link reached. Kept in an array, that one
/// attempt cost an allocation each miss, and moving it out for the error a second pass over
/// the array (`remove(at:)`); held apart, a miss with one near route makes no array.
///
/// The best is a plain value, not an optional, with a flag beside it: reading an optional's
/// tag for a structure holding an enum with payloads goes through the runtime's value witness
/// (measured on an evaluator's first problem kept apart the same way: 84 instructions a miss).
/// Until a route is remembered, it holds the placeholder the search was made with.
struct NearestAttempts {
    /// The best attempt, when ``hasBest``; else the placeholder. Read where it stands: moved
    /// out, it was copied three times over (a swap with another placeholder).
    private(set) var best: Search.Attempt
    /// Whether a route was remembered.
    private(set) var hasBest = false
    /// The others, best first.
    private(set) var others: [Search.Attempt] = []

    /// An empty list, whose best slot holds `placeholder` until a route is remembered.
    init(placeholder: consuming Search.Attempt) {
        best = placeholder
    }

    /// Keeps `attempt` among the best ones, in order: ahead of those it went further into the
    /// link than (ties go to the earlier declaration), replacing the same route's attempt when
    /// it went further, dropped when ``Search/keptAttempts`` others come before it.
    /// (Consumed, and moved into place: a copy would retain each text of its reasons.)
    mutating func remember(_ attempt: consuming Search.Attempt) {
        if hasBest, best.route == attempt.route {
            // Further than the best went, it goes further than every other: still the best.
            if attempt.progress > best.progress { best = attempt }
            return
        }
        if let existing = others.firstIndex(where: { $0.route == attempt.route }) {
            guard attempt.progress > others[existing].progress else { return }
            others.remove(at: existing)
        }
        guard hasBest else {
            best = attempt
            hasBest = true
            return
        }
        if NearestAttempts.ranks(attempt, before: best) {
            var displaced = attempt
            swap(&displaced, &best)
            others.insert(displaced, at: 0)
        } else {
            let position = others.firstIndex { NearestAttempts.ranks(attempt, before: $0) } ?? others.count
            guard position + 1 < Search.keptAttempts else { return }
            if position == others.count {
                others.append(attempt)
            } else {
                others.insert(attempt, at: position)
            }
        }
        if others.count >= Search.keptAttempts { others.removeLast() }
    }

    /// Puts `placeholder` in the best slot when no route was remembered: the search's view may
    /// have moved since the list was made (to the whole path, for the hosts a link from no
    /// origin is compared under), and the first-declared route is judged under the view the
    /// search ends with.
    mutating func replacePlaceholder(with placeholder: consuming Search.Attempt) {
        guard !hasBest else { return }
        best = placeholder
    }

    /// The best attempt's problems, moved out (not copied, which would retain each text of
    /// their reasons): `nil` when it was not evaluated.
    mutating func takeBestProblems() -> Problems? {
        best.problems.take()
    }

    /// Whether `attempt` comes before `other`: it went further into the link, or as far and
    /// its route was declared first.
    private static func ranks(_ attempt: borrowing Search.Attempt, before other: borrowing Search.Attempt) -> Bool {
        attempt.progress > other.progress || (attempt.progress == other.progress && attempt.route < other.route)
    }
}
