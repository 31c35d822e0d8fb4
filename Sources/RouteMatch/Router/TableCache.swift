/// One table per route type, built on first use. A race to build it builds it twice at worst
/// and keeps the first, so every caller sees the same table.
enum TableCache {
    private static let tables = Locked<[ObjectIdentifier: any Sendable]>([:])

    static func table<T: Sendable>(for key: Any.Type, as type: T.Type, build: () -> T) -> T {
        let id = ObjectIdentifier(key)
        if let cached = tables.withLock({ $0[id] }) as? T { return cached }
        let built = build()
        return tables.withLock { storage in
            if let existing = storage[id] as? T { return existing }
            storage[id] = built
            return built
        }
    }
}
