internal import CRouteMatchAtomics

/// One table per route type, built on first use. A race to build it builds it twice at worst
/// and keeps the first, so every caller sees the same table.
///
/// Each key type is used with one table type only (`Route` → `Router<Route>`,
/// `MountedTable<Route>` → `Router<Route>`, `SharedTable<Items>` → `SharedItems`), so the entry
/// stored under a key is always an `Entry<T>` of the caller's `T`: a hit reads it back with no
/// dynamic cast (a cast from an existential costs more than the rest of a small match). The
/// entries of the other ``Kind`` (`Route` → ``MountedMatcher``) are kept apart by a tag.
///
/// ``table(for:as:build:)`` is inlined into its caller (``Routable/router`` among them), where
/// the table type is known, and what it calls is not generic: reading the cache asks the
/// runtime for no generic metadata (`Router<Route>`'s and `Entry<Router<Route>>`'s lookups cost
/// a typed hit some 750 instructions when the getter was generic).
@usableFromInline
enum TableCache {
    /// A cached table, by reference.
    @usableFromInline
    final class Entry<T: Sendable>: Sendable {
        @usableFromInline let value: T
        @usableFromInline init(_ value: T) { self.value = value }
    }

    /// Every entry, by key: what the writers keep (under the lock), and what a reader asks when
    /// the published table is full.
    private static let tables = StaticLocked(IdentityTable())

    /// How many key and entry pairs are published for reading without a lock: an app has a few
    /// route types, and a type past half of them is read under the lock.
    private static let publishedCapacity = 256
    // Unsafe: the pointer is written once, here; its words are written once each, through
    // `routematch_store_once` (`OnceReference` for the entries), and read atomically.
    /// Pairs of words (a key's address, its entry's address), open-addressed by the key.
    nonisolated(unsafe) private static let published: UnsafeMutablePointer<UInt> = {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: 2 * publishedCapacity)
        words.initialize(repeating: 0, count: 2 * publishedCapacity)
        return words
    }()

    /// What an entry kept for a key type is: a key has at most one entry of each kind.
    @usableFromInline
    enum Kind: UInt {
        /// A table (an ``Entry``).
        case table = 0
        /// How a route that mounts the key type reads the rest of a link (a ``MountedMatcher``):
        /// kept under the type itself, which its mounting route's decode has at hand, so that
        /// finding it looks up no generic type's metadata.
        case mountedMatcher = 1
    }

    /// The entry kept for `key` (an ``Entry`` for a table), made by `build` on the key's first
    /// use.
    ///
    /// A match reads its table here: the entry is read without a lock, from a table of
    /// published pairs (each word written once, from zero, and never again). An entry lives as
    /// long as the process.
    @usableFromInline
    static func entry(for key: Any.Type, kind: Kind = .table, build: () -> AnyObject) -> AnyObject {
        let id = address(of: key, kind)
        if let entry = existingEntry(id) { return entry.takeUnretainedValue() }
        let built = build()
        return tables.withLock { storage in
            if let existing = storage[address: id] { return existing }
            storage.set(built, forAddress: id)
            if storage.count <= publishedCapacity / 2 { publish(built, for: id) }
            return built
        }
    }

    /// The entry of this kind kept for `key`, if one was made, unretained (the table keeps it
    /// for good).
    static func existingEntry(for key: Any.Type, kind: Kind) -> Unmanaged<AnyObject>? {
        existingEntry(address(of: key, kind))
    }

    @inline(__always)
    private static func existingEntry(_ id: UInt) -> Unmanaged<AnyObject>? {
        if let entry = publishedUnretained(id) { return entry }
        return tables.withLock { $0[address: id] }.map { Unmanaged.passUnretained($0) }
    }

    /// The key's address, tagged with the entry's kind in its low bits (zero in an address,
    /// which is aligned).
    @inline(__always)
    private static func address(of key: Any.Type, _ kind: Kind) -> UInt {
        UInt(bitPattern: ObjectIdentifier(key)) | kind.rawValue
    }

    /// The first slot of `id`'s probe sequence.
    @inline(__always)
    private static func firstSlot(_ id: UInt) -> Int {
        // Fibonacci hashing: the product's high bits, where every bit of the id counts (the
        // kind's tag in the low bits among them).
        Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 56) & (publishedCapacity - 1)
    }

    /// The entry published for `id`, unretained (the table keeps it for good), if any: its
    /// probe sequence, up to an empty slot.
    @inline(__always)
    private static func publishedUnretained(_ id: UInt) -> Unmanaged<AnyObject>? {
        var slot = firstSlot(id)
        for _ in 0..<publishedCapacity {
            let key = routematch_load_once(published + 2 * slot)
            if key == 0 { return nil }
            // The entry's word was stored before the key's: not zero once the key is seen.
            if key == id { return OnceReference.unretained(published + 2 * slot + 1, as: AnyObject.self) }
            slot = (slot + 1) & (publishedCapacity - 1)
        }
        return nil
    }

    /// The entry kept for `key` (made by `build` on the key's first use), unretained: an entry
    /// lives as long as the process, so it is lent without a retain and a release (an atomic
    /// operation each, on every match).
    @usableFromInline
    static func unretainedEntry(for key: Any.Type, build: () -> AnyObject) -> Unmanaged<AnyObject> {
        if let entry = publishedUnretained(address(of: key, .table)) { return entry }
        // Past the published pairs (or on the first use): read under the lock, retained
        // here; the table keeps it after this reference ends.
        return Unmanaged.passUnretained(entry(for: key, build: build))
    }

    /// Publishes `entry` for `id` (called under the lock, so writers never race): the entry's
    /// word first, then the key's, each with release ordering. The table keeps the entry for
    /// good.
    private static func publish(_ entry: AnyObject, for id: UInt) {
        var slot = firstSlot(id)
        while routematch_load_once(published + 2 * slot) != 0 { slot = (slot + 1) & (publishedCapacity - 1) }
        _ = OnceReference.publish(entry, at: published + 2 * slot + 1)
        _ = routematch_store_once(published + 2 * slot, id)
    }

    /// Calls `body` with the table of type `T` kept for `key` (built by `build` on the key's
    /// first use), lent: neither the entry nor the table's parts are retained for the call.
    @inlinable
    static func withTable<T: Sendable, Result>(
        for key: Any.Type, as type: T.Type, build: () -> T, _ body: (T) -> Result
    ) -> Result {
        let entry = unretainedEntry(for: key) { Entry(build()) }
        assert(entry.takeUnretainedValue() is Entry<T>, "TableCache: key \(key) used with two table types")
        return Unmanaged<Entry<T>>.fromOpaque(entry.toOpaque())._withUnsafeGuaranteedRef { body($0.value) }
    }

    /// The table of type `T` kept for `key`, built by `build` on the key's first use.
    @inlinable
    static func table<T: Sendable>(for key: Any.Type, as type: T.Type, build: () -> T) -> T {
        withTable(for: key, as: T.self, build: build) { $0 }
    }
}
