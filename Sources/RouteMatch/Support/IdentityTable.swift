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
        self[address: UInt(bitPattern: key)]
    }

    /// The value kept for the key of this address, if any (an address may carry a tag in its
    /// low bits, which alignment leaves zero: ``TableCache`` keeps two kinds of entry a type).
    subscript(address address: UInt) -> Value? {
        position(of: address).map { values[$0] }
    }

    /// Keeps `value` for `key`, replacing what was kept.
    mutating func set(_ value: Value, for key: ObjectIdentifier) {
        set(value, forAddress: UInt(bitPattern: key))
    }

    /// Keeps `value` for the key of this address, replacing what was kept.
    mutating func set(_ value: Value, forAddress address: UInt) {
        if let position = position(of: address) {
            values[position] = value
            return
        }
        keys.append(address)
        values.append(value)
        buckets.add(position: keys.count - 1, count: keys.count) { IdentityTable.hash(keys[$0]) }
    }

    @inline(__always)
    private func position(of address: UInt) -> Int? {
        buckets.position(hash: IdentityTable.hash(address)) { keys[$0] == address }
    }

    /// Fibonacci hashing of an address: its high product bits, where every bit of the
    /// address counts (the low bits of an aligned address are always zero).
    @inline(__always)
    private static func hash(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
