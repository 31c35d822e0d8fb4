extension CaseIterable {
    /// The type's cases in their declaration order, read by index.
    ///
    /// RouteMatch reads `allCases` in code generic over the type (a route type's coding keys, a
    /// raw-value enum's values). Iterating it there, with `for` or `map`, makes the runtime
    /// build the iterator type of the unknown `AllCases` on the type's first use, checking on
    /// the way that it is a `Collection` by scanning every conformance record of the process;
    /// indices need no such type.
    static var casesInOrder: [Self] {
        let all = allCases
        var cases: [Self] = []
        cases.reserveCapacity(all.count)
        var index = all.startIndex
        while index != all.endIndex {
            cases.append(all[index])
            all.formIndex(after: &index)
        }
        return cases
    }
}
