/// Where a literal's UTF-8 stands in the bytes a ``RouteTrie`` keeps for its literal edges.
struct TextSpan: Sendable, Equatable {
    fileprivate let start: UInt32
    fileprivate let count: UInt32

    static let empty = TextSpan(start: 0, count: 0)

    init(start: Int, count: Int) {
        // A trie's literal text is its patterns' text: far below 2 GB.
        self.start = UInt32(start)
        self.count = UInt32(count)
    }

    fileprivate init(start: UInt32, count: UInt32) {
        (self.start, self.count) = (start, count)
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
    /// The edges in insertion order, four words each: where the text starts in the trie's
    /// bytes, its length, the node it leads to, and the text's hash (its low 32 bits, all a
    /// bucket reads: there are fewer than 2^32 buckets), kept so that the buckets place every
    /// edge again without hashing its text when they double. (One array of a type the runtime
    /// has ready made, unsigned as ``HashBuckets``' are, not an array of spans beside one of
    /// nodes: the runtime built `[TextSpan]`'s type from its mangled name on a process's first
    /// table, some 11,000 instructions, and a node of many edges kept two arrays.)
    private var words: [UInt32] = []
    private var buckets = HashBuckets()

    var count: Int { words.count / 4 }
    var isEmpty: Bool { words.isEmpty }

    // A position is one the edges gave out (wrapping arithmetic: the subscript checks the
    // bounds, a checked product would check again).
    @inline(__always)
    private func span(at position: Int) -> TextSpan {
        TextSpan(start: words[4 &* position], count: words[4 &* position &+ 1])
    }

    @inline(__always)
    private func target(at position: Int) -> Int { Int(words[4 &* position &+ 2]) }

    /// Calls `body` with every text and the node it leads to, in insertion order.
    func forEach(_ body: (TextSpan, Int) -> Void) {
        for position in 0..<count { body(span(at: position), target(at: position)) }
    }

    /// The node the text whose UTF-8 is `bytes` leads to, if any; `arena` holds the spans' bytes.
    /// `hash` is set to the text's hash, which a text then added takes (``set(_:to:hash:)``).
    @inline(__always)
    func child(literal bytes: UnsafeBufferPointer<UInt8>, arena: UnsafeBufferPointer<UInt8>, hashed hash: inout Int?) -> Int? {
        let textHash = LiteralIndex.hash(bytes)
        hash = textHash
        return buckets.position(hash: textHash) { span(at: $0).holds(bytes, in: arena) }.map { target(at: $0) }
    }

    /// Makes the text at `span` lead to `target` (a text not yet in the edges); `hash` is the
    /// text's (``LiteralIndex/hash(_:)-(UnsafeBufferPointer<UInt8>)``).
    mutating func set(_ span: TextSpan, to target: Int, hash: Int) {
        words.append(span.start)
        words.append(span.count)
        words.append(UInt32(target))
        words.append(UInt32(truncatingIfNeeded: hash))
        let (words, count) = (self.words, self.count)
        buckets.add(position: count - 1, count: count) { Int(words[4 &* $0 &+ 3]) }
    }

    /// Gives back the room left over from growing.
    mutating func trim() {
        words = words.trimmed()
    }
}
