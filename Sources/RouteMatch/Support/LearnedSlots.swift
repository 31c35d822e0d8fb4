/// What a table's routes learned on their first use, one slot a route, and after them one slot
/// for the table's own index of case keys, made on its first render (``CaseKeyIndex``): each
/// written once and then read without a lock (an ``OnceReference`` word).
///
/// A match reads its route's slot on every attempt: a mutex there (a lock and an unlock a
/// hit) cost more than the rest of choosing the route. Two threads learning the same route at
/// once both probe it, and both get what was stored first; so for the index.
///
/// The routes of a table share one `LearnedSlots` and keep it alive: a route may outlive its
/// table (a diagnostic refers to it).
final class LearnedSlots: @unchecked Sendable {
    // Unchecked: the words are written and read only through `OnceReference` (and released in
    // `deinit`, when no other reference is left).
    private let words: UnsafeMutablePointer<UInt>
    /// How many routes the slots are for.
    let count: Int

    /// Empty slots for `count` routes and the table's index.
    init(count: Int) {
        self.count = count
        words = UnsafeMutablePointer<UInt>.allocate(capacity: count + 1)
        words.initialize(repeating: 0, count: count + 1)
    }

    deinit {
        for index in 0..<count { OnceReference.release(words + index, as: LearnedBox.self) }
        OnceReference.release(words + count, as: CaseKeyIndex.self)
        words.deinitialize(count: count + 1)
        words.deallocate()
    }

    /// The table's index of case keys, unretained (the slots keep it as long as they live), or
    /// `nil` before the table's first render stored one.
    @inline(__always)
    var caseKeyIndex: Unmanaged<CaseKeyIndex>? { OnceReference.unretained(words + count, as: CaseKeyIndex.self) }

    /// Stores the table's index of case keys, unless another thread stored first; returns what
    /// is stored, unretained.
    func store(_ index: CaseKeyIndex) -> Unmanaged<CaseKeyIndex> {
        Unmanaged.passUnretained(OnceReference.publish(index, at: words + count))
    }

    /// What route `index` learned, or `nil` when it was never used.
    @inline(__always)
    func box(at index: Int) -> LearnedBox? { OnceReference.load(word(index), as: LearnedBox.self) }

    /// What route `index` learned, unretained (the slots keep it as long as they live), or
    /// `nil` when it was never used.
    @inline(__always)
    func unretainedBox(at index: Int) -> Unmanaged<LearnedBox>? { OnceReference.unretained(word(index), as: LearnedBox.self) }

    /// Stores what route `index` learned, unless another thread stored first; returns what is
    /// stored.
    func store(_ box: LearnedBox, at index: Int) -> LearnedBox { OnceReference.publish(box, at: word(index)) }

    /// Route `index`'s word. The index is a route's declaration order in the table that made the
    /// slots (``CompiledRoute/index``), never a link's; the check is the one `Array` makes.
    @inline(__always)
    private func word(_ index: Int) -> UnsafeMutablePointer<UInt> {
        precondition(index >= 0 && index < count, "route index out of range")
        return words + index
    }
}
