/// Objects kept by the identity of a type or object: the caches a table's first use fills
/// (tables by route type, probed values by value type).
///
/// An open-addressing table over arrays, not a `Dictionary`: the first `Dictionary` or `Set`
/// of a key type a process makes has the runtime check the key's `Hashable` conformance, by a
/// scan of every conformance record the process holds, which a first use at launch would pay
/// for each key type. Arrays need no conformance.
///
/// Its keys are `Int` and its values objects, whatever a cache keeps: the runtime builds an
/// array type on the first use of each element type, some 5,000 to 11,000 instructions
/// (measured with callgrind), and `[Int]` and `[AnyObject]` are built anyway.
struct IdentityTable {
    /// The keys' addresses (bit patterns), in insertion order.
    private var keys: [Int] = []
    /// The value of each key, by key position.
    private var values: [AnyObject] = []
    /// Key positions by hash bucket.
    private var buckets = HashBuckets()

    /// How many keys the table holds.
    var count: Int { keys.count }

    /// The value kept for `key`, if any.
    subscript(key: ObjectIdentifier) -> AnyObject? {
        self[address: UInt(bitPattern: key)]
    }

    /// The value kept for the key of this address, if any (an address may carry a tag in its
    /// low bits, which alignment leaves zero: ``TableCache`` keeps two kinds of entry a type).
    subscript(address address: UInt) -> AnyObject? {
        position(of: Int(bitPattern: address)).map { values[$0] }
    }

    /// Keeps `value` for `key`, replacing what was kept.
    mutating func set(_ value: AnyObject, for key: ObjectIdentifier) {
        set(value, forAddress: UInt(bitPattern: key))
    }

    /// Keeps `value` for the key of this address, replacing what was kept.
    mutating func set(_ value: AnyObject, forAddress address: UInt) {
        let address = Int(bitPattern: address)
        if let position = position(of: address) {
            values[position] = value
            return
        }
        keys.append(address)
        values.append(value)
        buckets.add(position: keys.count - 1, count: keys.count) { IdentityTable.hash(keys[$0]) }
    }

    @inline(__always)
    private func position(of address: Int) -> Int? {
        buckets.position(hash: IdentityTable.hash(address)) { keys[$0] == address }
    }

    /// Fibonacci hashing of an address: its high product bits, where every bit of the
    /// address counts (the low bits of an aligned address are always zero).
    @inline(__always)
    private static func hash(_ address: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(address)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
