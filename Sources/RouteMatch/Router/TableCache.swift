/// One table per route type, built on first use. A race to build it builds it twice at worst
/// and keeps the first, so every caller sees the same table.
///
/// Each key type is used with one table type only (`Route` → `Router<Route>`,
/// `MountedTable<Route>` → `Router<Route>`, `SharedTable<Items>` → `SharedItems`), so the entry
/// stored under a key is always an `Entry<T>` of the caller's `T`: a hit reads it back with no
/// dynamic cast (a cast from an existential costs more than the rest of a small match).
enum TableCache {
    final class Entry<T: Sendable>: Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }

    private static let tables = Locked(IdentityTable<AnyObject>())

    static func table<T: Sendable>(for key: Any.Type, as type: T.Type, build: () -> T) -> T {
        let id = ObjectIdentifier(key)
        if let cached = tables.withLock({ $0[id] }) {
            assert(cached is Entry<T>, "TableCache: key \(key) used with two table types")
            return unsafeDowncast(cached, to: Entry<T>.self).value
        }
        let built = Entry(build())
        let kept = tables.withLock { storage in
            if let existing = storage[id] { return existing }
            storage.set(built, for: id)
            return built
        }
        return unsafeDowncast(kept, to: Entry<T>.self).value
    }
}
