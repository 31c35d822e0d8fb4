/// The buckets of an open-addressing hash table whose keys live elsewhere, in insertion order
/// (``LiteralIndex``'s texts, ``IdentityTable``'s addresses): each bucket holds a key's position
/// or ``empty``; their number is a power of two, kept at most half full, and a probe moves to
/// the next bucket.
struct HashBuckets: Sendable {
    /// 32 bits a bucket, unsigned: the runtime has `[UInt32]`'s type ready made, where it
    /// builds `[Int32]`'s on a process's first table (some 5,000 instructions more).
    private var slots: [UInt32] = []

    /// A bucket that holds no key.
    private static var empty: UInt32 { .max }

    /// No buckets: the first key makes them.
    init() {}

    /// Buckets for `capacity` keys, at most half full with them.
    init(minimumCapacity capacity: Int) {
        var count = 8
        while count < capacity * 2 { count *= 2 }
        slots = Array(repeating: HashBuckets.empty, count: count)
    }

    /// The position of the key whose hash is `hash` and which `isKey` accepts, if any.
    @inline(__always)
    func position(hash: Int, isKey: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var bucket = hash & mask
        while true {
            let slot = slots[bucket]
            if slot == HashBuckets.empty { return nil }
            let position = Int(slot)
            if isKey(position) { return position }
            bucket = (bucket + 1) & mask
        }
    }

    /// Places the key at `position`, the last of `count` keys; when the buckets would be more
    /// than half full, they double and every key is placed again (`hash` gives a position's).
    mutating func add(position: Int, count: Int, hash: (Int) -> Int) {
        if count * 2 > slots.count {
            slots = Array(repeating: HashBuckets.empty, count: max(8, slots.count * 2))
            for other in 0..<count { place(other, hash: hash(other)) }
        } else {
            place(position, hash: hash(position))
        }
    }

    private mutating func place(_ position: Int, hash: Int) {
        let mask = slots.count - 1
        var bucket = hash & mask
        while slots[bucket] != HashBuckets.empty { bucket = (bucket + 1) & mask }
        slots[bucket] = UInt32(position)
    }
}
