/// "Did you mean": the candidate nearest in spelling, when it is near enough. (Shared with
/// RouteMatch's own tool through SPI, so that its "did you mean" follows the same rule.)
@_spi(Tools) public enum Suggestions {
    /// The Levenshtein distance between two strings, by Unicode scalars.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `word` (ties go to the earlier one), if its distance is at
    /// most a third of the longer word's length, and at least 1 edit is allowed.
    public static func nearest<C: Collection>(to word: String, in candidates: C) -> String? where C.Element == String {
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let d = distance(word, candidate)
            let allowed = max(1, max(word.count, candidate.count) / 3)
            guard d <= allowed else { continue }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }
}
