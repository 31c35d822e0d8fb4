extension Array where Element: Equatable {
    /// Appends `element` unless the array holds it already; returns whether it was appended.
    ///
    /// For the few elements a table's first use, `prepare()` or `validate()` meets once each
    /// (the types a walk of mounts has visited, a route's mounted slots): an array, not a
    /// `Set`. A process's first `Set` of an element type has the runtime check the element's
    /// `Hashable` conformance by scanning every conformance record the process holds, some
    /// 0.8 M instructions in the benchmark's process and 36 more for each record an app adds
    /// (`Benchmarks/conformance-records.py`); an array's `==` is the element's, known when
    /// compiled. Each call compares `element` with every element held: for a walk of *t*
    /// elements, *t*²/2 comparisons of a word each (an identity, an index), once.
    ///
    /// ```swift
    /// var visited: [ObjectIdentifier] = []
    /// visited.appendIfAbsent(ObjectIdentifier(Int.self))   // true
    /// visited.appendIfAbsent(ObjectIdentifier(Int.self))   // false
    /// ```
    @discardableResult
    mutating func appendIfAbsent(_ element: Element) -> Bool {
        if contains(element) { return false }
        append(element)
        return true
    }
}
