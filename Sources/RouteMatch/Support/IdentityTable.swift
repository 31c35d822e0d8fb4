/// Values kept by the identity of a type or object: the caches a table's first use fills
/// (tables by route type, probed values by value type).
///
/// An open-addressing table over arrays, not a `Dictionary`: the first `Dictionary` or `Set`
/// of a key type a process makes has the runtime check the key's `Hashable` conformance, by a
/// scan of every conformance record the process holds, which a first use at launch would pay
/// for each key type. Arrays need no conformance.
struct IdentityTable<Value> {
    /// The keys' addresses, in insertion order.
    private var keys: [UInt] = []
    /// The value of each key, by key position.
    private var values: [Value] = []
    /// Key positions by hash bucket.
    private var buckets = HashBuckets()

    /// How many keys the table holds.
    var count: Int { keys.count }

    /// The value kept for `key`, if any.
    subscript(key: ObjectIdentifier) -> Value? {
        position(of: key).map { values[$0] }
    }

    /// Keeps `value` for `key`, replacing what was kept.
    mutating func set(_ value: Value, for key: ObjectIdentifier) {
        if let position = position(of: key) {
            values[position] = value
            return
        }
        keys.append(UInt(bitPattern: key))
        values.append(value)
        buckets.add(position: keys.count - 1, count: keys.count) { IdentityTable.hash(keys[$0]) }
    }

    @inline(__always)
    private func position(of key: ObjectIdentifier) -> Int? {
        let address = UInt(bitPattern: key)
        return buckets.position(hash: IdentityTable.hash(address)) { keys[$0] == address }
    }

    /// Fibonacci hashing of an address: its high product bits, where every bit of the
    /// address counts (the low bits of an aligned address are always zero).
    @inline(__always)
    private static func hash(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
