/// Literal texts (a node's literal segments, the trie's hosts) mapped to node indices, looked
/// up by a link's text on every match; and, while a table is built, the signatures of routes
/// that end together mapped to the first route of each (its ambiguity check).
///
/// An open-addressing table hashed with FNV-1a over the text's UTF-8 bytes: a lookup hashes a
/// short segment in a few dozen instructions, where `Dictionary`'s per-process seeded SipHash
/// costs some three hundred. A seeded hash defends a table against keys chosen to collide;
/// here every key comes from the table's own patterns, and a link only looks up, so a link
/// cannot lengthen a probe sequence.
struct LiteralIndex: Sendable {
    /// The texts, in insertion order.
    private(set) var keys: [String] = []
    /// The node each key leads to, by key position (32 bits each, unsigned: see ``HashBuckets``).
    private var targets: [UInt32] = []
    /// Key positions by hash bucket.
    private var buckets = HashBuckets()

    /// An empty index.
    init() {}

    /// An empty index with room for `capacity` texts: they are added without the buckets
    /// growing (each growth places every text again, hashed anew).
    init(minimumCapacity capacity: Int) {
        keys.reserveCapacity(capacity)
        targets.reserveCapacity(capacity)
        buckets = HashBuckets(minimumCapacity: capacity)
    }

    /// How many texts the index holds.
    var count: Int { keys.count }

    var isEmpty: Bool { keys.isEmpty }

    /// Every text with the node it leads to, in insertion order.
    var entries: Zip2Sequence<[String], LazyMapSequence<[UInt32], Int>> {
        zip(keys, targets.lazy.map { Int($0) })
    }

    /// The node `text` leads to, if any.
    subscript(text: String) -> Int? {
        position(of: text).map { Int(targets[$0]) }
    }

    /// The node the text whose UTF-8 is `bytes` leads to, if any (a link's text, compared in place).
    subscript(bytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let position = keys.count == 1
            ? (ByteText.equals(keys[0], bytes) ? 0 : nil)
            : buckets.position(hash: LiteralIndex.hash(bytes)) { ByteText.equals(keys[$0], bytes) }
        return position.map { Int(targets[$0]) }
    }

    /// Makes `text` lead to `target`, replacing what it led to.
    mutating func set(_ text: String, to target: Int) {
        add(text, to: target, replacing: true)
    }

    /// Makes `text` lead to `target` unless it leads somewhere already: a table's first case
    /// with a key keeps it. (One lookup, where asking first and then setting looked up twice.)
    mutating func setIfAbsent(_ text: String, to target: Int) {
        add(text, to: target, replacing: false)
    }

    /// ``set(_:to:)`` and ``setIfAbsent(_:to:)``: the text is hashed once, for its lookup and
    /// its bucket.
    private mutating func add(_ text: String, to target: Int, replacing: Bool) {
        var textHash: Int?
        if let found = position(of: text, hashed: &textHash) {
            if replacing { targets[found] = UInt32(target) }
            return
        }
        keys.append(text)
        targets.append(UInt32(target))
        let added = keys.count - 1
        buckets.add(position: added, count: keys.count) { position in
            if position == added, let textHash { return textHash }
            return LiteralIndex.hash(keys[position])
        }
    }

    /// Gives back the room left over from growing: the trie keeps its indices for as long as
    /// the table lives.
    mutating func trim() {
        keys = keys.trimmed()
        targets = targets.trimmed()
    }

    /// The position of `text` among the keys: its bucket's probe sequence, up to an empty bucket.
    @inline(__always)
    private func position(of text: String) -> Int? {
        var hash: Int?
        return position(of: text, hashed: &hash)
    }

    /// ``position(of:)``, setting `hash` to the text's hash when the lookup computed it.
    @inline(__always)
    private func position(of text: String, hashed hash: inout Int?) -> Int? {
        // Most trie nodes (and most tables' hosts) have one text: compared, not hashed.
        if keys.count == 1 { return keys[0] == text ? 0 : nil }
        let textHash = LiteralIndex.hash(text)
        hash = textHash
        return buckets.position(hash: textHash) { keys[$0] == text }
    }

    /// FNV-1a over the UTF-8 bytes, folded so the low bits (the bucket) depend on every byte.
    @inline(__always)
    static func hash(_ text: String) -> Int {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash($0) }) { return hash }
        return fold(text.utf8.reduce(basis) { step($0, $1) })
    }

    /// The hash of the text whose UTF-8 is `bytes` (the same as ``hash(_:)-(String)`` of it).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = basis
        for byte in bytes { hash = step(hash, byte) }
        return fold(hash)
    }

    private static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    @inline(__always)
    private static func fold(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
