internal import CRouteMatchAtomics

/// The route of a mounted table that ``PlainHit`` found in the rest of a plain link, with the
/// texts its labels bind: what the mounting route's label binds on the plain path (through a
/// ``MountedHitReference``), so that the mounted value is built with no walk of the mounted
/// table and no view of the link made.
///
/// Should the route's build refuse its texts, the mounted table's matcher goes on as its walk
/// would have, from that route on (it is not built again): for that it reads the link as the
/// mounting table does and takes the rest from the segment where this route's path starts
/// (``rest()``).
///
/// Kept in the thread's ``MountedHits`` while the plain path's attempt that found it runs,
/// not in an object of its own: the object a hit allocated, retained on each copy of the bound
/// value and freed after the build, with the references it held, cost a nested hit some 400
/// instructions (`Benchmarks/instructions.sh flagged-nested-closure-hit-1000`: 7,771 with it,
/// 7,397 without).
struct MountedHit {
    /// The mounted type's matcher, whose table the route is one of. (Unretained: matchers are
    /// kept for the process's life, ``TableCache``.)
    let matcher: Unmanaged<MountedMatcher>
    /// The route's index in the matcher's table.
    let route: Int
    /// What the route's labels bind; `nil` once its build took them.
    var values: BoundValueList?
    /// The link's bytes, the table that read it (the outermost), and the segment of that
    /// table's view of it where the mounted table's path starts. Unretained, all three: the
    /// plain path's attempt reads the link in place and its caller holds the table, and the
    /// record lives no longer than that attempt (``MountedHits``); a retain of the link and its
    /// release cost a nested hit some 45 instructions.
    let link: UnsafeBufferPointer<UInt8>
    unowned(unsafe) let linkTable: RouteTable
    let offset: Int
    /// Which record this is: set when the record is kept (``MountedHits/add(_:)``).
    fileprivate(set) var generation: UInt = 0

    /// The rest of the link, read again as the mounting table reads it, from the segment where
    /// the mounted table's path starts: what the mounted table's walk reads when the plain
    /// path's route is not built. (The link's text made again from its bytes: a build refused,
    /// not a hit.)
    func rest() throws(RouteMatchError) -> LinkView {
        try linkTable.view(of: String(decoding: link, as: UTF8.self)).mounted(from: offset)
    }
}

/// The records of the mounted routes the plain path found (``MountedHit``), one a level of
/// mounted tables, for each plain path attempt running on the thread
/// (``PlainHit/attempt(_:in:_:)``): a stack in a block of the thread's own, made on its first
/// mounted route and freed at its exit (eight records of 144 bytes: 1,168 bytes a thread). The
/// attempt's outermost level takes off the records its levels made once the route it found has
/// been built (or not found): the records live as long as any build that reads them. (An
/// attempt inside a build, a closure that matches another link, takes off its own before that
/// build goes on.)
///
/// A bound value names a record by a ``MountedHitReference``, read only through
/// ``live(_:)``: a reference kept past its build (captures a closure route kept), or read on
/// another thread, finds none and its read throws, and a record made later in the same place
/// is told apart by its generation.
enum MountedHits {
    /// How many records a thread keeps at once; a link whose mounts would need more is the
    /// matcher's.
    static let capacity = 8

    /// Where the records start in the block, after its count.
    private static let recordsOffset = max(MemoryLayout<Int>.stride, MemoryLayout<MountedHit>.alignment)

    /// How many records the thread keeps: where an attempt's own will start, and what it
    /// truncates the stack to when its route is built.
    @inline(__always)
    static func depth() -> Int {
        guard let block = routematch_mounted_hits_get() else { return 0 }
        return block.load(as: Int.self)
    }

    /// Takes off the thread's records past `depth`, when the attempt that made them no longer
    /// needs them.
    @inline(__always)
    static func truncate(to depth: Int) {
        guard let block = routematch_mounted_hits_get(), block.load(as: Int.self) > depth else { return }
        drop(block, to: depth)
    }

    @inline(never)
    private static func drop(_ block: UnsafeMutableRawPointer, to depth: Int) {
        let count = block.load(as: Int.self)
        (records(block) + depth).deinitialize(count: count - depth)
        block.storeBytes(of: depth, as: Int.self)
    }

    private static func records(_ block: UnsafeMutableRawPointer) -> UnsafeMutablePointer<MountedHit> {
        (block + recordsOffset).assumingMemoryBound(to: MountedHit.self)
    }

    /// Keeps `hit` on the thread's stack of records, with a generation no other record of the
    /// process has: the reference a bound value holds, or `nil` when the stack is full (or its
    /// block cannot be made).
    static func add(_ hit: consuming MountedHit) -> MountedHitReference? {
        // The thread's block, made on its first record.
        guard let block = routematch_mounted_hits_get()
            ?? routematch_mounted_hits_make(recordsOffset + capacity * MemoryLayout<MountedHit>.stride)
        else { return nil }
        let index = block.load(as: Int.self)
        guard index < capacity else { return nil }
        let generation = UInt(routematch_mounted_hits_generation())
        let record = records(block) + index
        // Set in place once the record is made there (set on `hit` first, the record was
        // copied: 31 instructions more a nested hit).
        record.initialize(to: consume hit)
        record.pointee.generation = generation
        block.storeBytes(of: index + 1, as: Int.self)
        return MountedHitReference(index: index, generation: generation)
    }

    /// The record `reference` names, if the thread keeps it.
    static func live(_ reference: MountedHitReference) -> UnsafeMutablePointer<MountedHit>? {
        guard let block = routematch_mounted_hits_get(), reference.index < block.load(as: Int.self) else { return nil }
        let record = records(block) + reference.index
        return record.pointee.generation & (UInt.max >> 3) == reference.generation ? record : nil
    }
}

/// Which record of ``MountedHits`` a bound value names (``BoundValue/mountedHit(_:)``): its
/// place on the thread's stack and its generation, in one word (and a second, below): the
/// bound value is no larger for it. A key, read only through ``MountedHits/live(_:)``, which
/// finds the record on the current thread's stack or not at all.
struct MountedHitReference: Sendable {
    /// The generation above, the place in the low bits (``MountedHits/capacity`` is 8).
    private let key: UInt
    /// Always `nil`, and never read: with a reference in it, ``BoundValue``'s destroy stays
    /// one jump over its four cases that hold one, where a reference of two integers made it a
    /// chain of tests, 15 instructions more a hit of any table, mounted or not (counted by
    /// `Benchmarks/instructions.sh closure-hit`: 1,683 against 1,668 with it). A copy of the
    /// nested hit's bound value retains the `nil`: some 50 instructions a nested hit.
    private let layout: (any AnyObject & Sendable)? = nil

    init(index: Int, generation: UInt) {
        key = generation << 3 | UInt(truncatingIfNeeded: index) & 7
    }

    var index: Int { Int(truncatingIfNeeded: key & 7) }
    /// The record's generation, less its top three bits (a count that never reaches 2⁶¹).
    var generation: UInt { key >> 3 }
}
