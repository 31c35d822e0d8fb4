internal import CRouteMatchAtomics

/// A thread's spare buffer for a link's query items: a link with a query is read into the
/// buffer of the last link that ended on the thread, so that reading it allocates no array for
/// its items (the allocation and its release cost about 300 instructions of a hit).
///
/// Each thread keeps one object of this class for good, in a C11 thread-local word (see
/// `routematch_spare_install`), released at the thread's exit. A link's buffer is kept when its
/// last view ends (its match, or an error that kept it) and emptied when the next link takes
/// it: until then it holds the ended link's items, as the link's own text is held by whoever
/// passed it, and nothing reads them.
final class SpareQueryItems {
    /// The spare buffer, with the items of the link that left it.
    @exclusivity(unchecked)
    private var items: [LinkComponents.QueryItem] = []

    /// The largest buffer kept: a link with more items leaves its buffer for nothing.
    static let keptCapacity = 16

    /// The thread's spare buffer, emptied, or an empty array when it has none.
    @inline(__always)
    static func take() -> [LinkComponents.QueryItem] {
        guard let object = routematch_spare_object() else { return [] }
        var items: [LinkComponents.QueryItem] = []
        Unmanaged<SpareQueryItems>.fromOpaque(object)._withUnsafeGuaranteedRef { spare in
            swap(&items, &spare.items)
        }
        // One by one: `removeAll(keepingCapacity:)` goes through a generic `replaceSubrange`.
        while !items.isEmpty { items.removeLast() }
        return items
    }

    /// Keeps `items` (a buffer of an ended link) for the thread's next link to be read into; a
    /// buffer of more than ``keptCapacity`` items, or smaller than the one kept, is dropped.
    static func keep(_ items: [LinkComponents.QueryItem]) {
        guard items.capacity <= keptCapacity else { return }
        if let object = routematch_spare_object() {
            Unmanaged<SpareQueryItems>.fromOpaque(object)._withUnsafeGuaranteedRef { spare in
                if spare.items.capacity < items.capacity { spare.items = items }
            }
            return
        }
        let spare = SpareQueryItems()
        spare.items = items
        let retained = Unmanaged.passRetained(spare)
        if routematch_spare_install(retained.toOpaque(), { Unmanaged<SpareQueryItems>.fromOpaque($0).release() }) == 0 {
            retained.release()
        }
    }
}
