extension CaseIterable {
    /// The type's cases in their declaration order.
    ///
    /// RouteMatch reads `allCases` in code generic over the type (a raw-value enum's values; a
    /// route type's coding keys are an array by ``Routable/CodingKeys``' own constraint, and
    /// read as one). Iterating it there, with `for` or `map`, makes the runtime build the
    /// iterator type of the unknown `AllCases` on the type's first use, checking on the way
    /// that it is a `Collection` by scanning every conformance record of the process.
    /// An array, as synthesized `allCases` is, is handed over (a cast to its own type, no copy);
    /// another collection is read by index, which needs no such type. (Read by index, the
    /// array cost about 490 instructions a case, through the collection's witnesses.)
    static var casesInOrder: [Self] {
        let all = allCases
        if let array = all as? [Self] { return array }
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
