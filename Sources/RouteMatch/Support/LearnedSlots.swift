internal import CRouteMatchAtomics

/// What a table's routes learned on their first use, one slot a route, each written once and
/// then read without a lock.
///
/// A match reads its route's slot on every attempt: a lock there (two calls into the
/// mutex a hit) cost more than the rest of choosing the route. A slot is a word that goes
/// once from zero to a ``LearnedBox``'s address, published with release ordering and read with
/// acquire ordering (C11 atomics: `Synchronization.Atomic` is not available before macOS 15
/// and iOS 18). Two threads learning the same route at once both probe it, and both get what
/// was stored first.
///
/// The routes of a table share one `LearnedSlots` and keep it alive: a route may outlive its
/// table (a diagnostic refers to it).
final class LearnedSlots: @unchecked Sendable {
    // Unchecked: the words are written only through `routematch_store_once`, and read through
    // `routematch_load_once` (or in `deinit`, when no other reference is left).
    private let words: UnsafeMutablePointer<UInt>
    /// How many routes the slots are for.
    let count: Int

    /// Empty slots for `count` routes.
    init(count: Int) {
        self.count = count
        words = UnsafeMutablePointer<UInt>.allocate(capacity: max(count, 1))
        words.initialize(repeating: 0, count: max(count, 1))
    }

    deinit {
        for index in 0..<count {
            if let address = UnsafeRawPointer(bitPattern: words[index]) {
                Unmanaged<LearnedBox>.fromOpaque(address).release()
            }
        }
        words.deinitialize(count: max(count, 1))
        words.deallocate()
    }

    /// What route `index` learned, or `nil` when it was never used. The index is a route's
    /// declaration order in the table that made the slots, never a link's.
    @inline(__always)
    func box(at index: Int) -> LearnedBox? {
        precondition(index >= 0 && index < count, "route index out of range")
        guard let address = UnsafeRawPointer(bitPattern: routematch_load_once(words + index)) else { return nil }
        return Unmanaged<LearnedBox>.fromOpaque(address).takeUnretainedValue()
    }

    /// Stores what route `index` learned, unless another thread stored first; returns what is
    /// stored.
    func store(_ box: LearnedBox, at index: Int) -> LearnedBox {
        precondition(index >= 0 && index < count, "route index out of range")
        let retained = Unmanaged.passRetained(box)
        let word = UInt(bitPattern: retained.toOpaque())
        let stored = routematch_store_once(words + index, word)
        if stored == word { return box }
        retained.release()
        // Not zero: the store failed only because another thread stored first.
        return Unmanaged<LearnedBox>.fromOpaque(UnsafeRawPointer(bitPattern: stored).unsafelyUnwrapped).takeUnretainedValue()
    }
}
