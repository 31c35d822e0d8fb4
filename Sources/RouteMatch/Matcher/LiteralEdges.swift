/// Where a literal's UTF-8 stands in the bytes a ``RouteTrie`` keeps for its literal edges.
struct TextSpan: Sendable, Equatable {
    private let start: Int32
    private let count: Int32

    static let empty = TextSpan(start: 0, count: 0)

    init(start: Int, count: Int) {
        // A trie's literal text is its patterns' text: far below 2 GB.
        self.start = Int32(start)
        self.count = Int32(count)
    }

    var range: Range<Int> { Int(start)..<Int(start) + Int(count) }

    /// Whether the span's bytes in `arena` are `bytes`.
    @inline(__always)
    func holds(_ bytes: UnsafeBufferPointer<UInt8>, in arena: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(count) == bytes.count && ByteText.equal(ByteText.part(of: arena, start: Int(start), count: Int(count)), bytes)
    }
}

/// A trie node's literal edges after its first: texts (as spans of the trie's bytes) mapped to
/// child nodes, hashed with ``LiteralIndex``'s FNV-1a over the bytes, so that a link's segment
/// is looked up without a `String` made of it.
struct LiteralEdges: Sendable {
    /// The texts, in insertion order.
    private var spans: [TextSpan] = []
    /// The node each text leads to, by position.
    private var targets: [Int32] = []
    private var buckets = HashBuckets()

    var count: Int { spans.count }
    var isEmpty: Bool { spans.isEmpty }

    /// Calls `body` with every text and the node it leads to, in insertion order.
    func forEach(_ body: (TextSpan, Int) -> Void) {
        for position in spans.indices { body(spans[position], Int(targets[position])) }
    }

    /// The node the text whose UTF-8 is `bytes` leads to, if any; `arena` holds the spans' bytes.
    @inline(__always)
    func child(literal bytes: UnsafeBufferPointer<UInt8>, arena: UnsafeBufferPointer<UInt8>) -> Int? {
        buckets.position(hash: LiteralIndex.hash(bytes)) { spans[$0].holds(bytes, in: arena) }
            .map { Int(targets[$0]) }
    }

    /// Makes the text at `span` of `arena` lead to `target` (a text not yet in the edges).
    mutating func set(_ span: TextSpan, to target: Int, arena: [UInt8]) {
        spans.append(span)
        targets.append(Int32(target))
        arena.withUnsafeBufferPointer { bytes in
            buckets.add(position: spans.count - 1, count: spans.count) { position in
                let range = spans[position].range
                return LiteralIndex.hash(ByteText.part(of: bytes, start: range.lowerBound, count: range.count))
            }
        }
    }

    /// Gives back the room left over from growing.
    mutating func trim() {
        spans = spans.map { $0 }
        targets = targets.map { $0 }
    }
}
