/// A link's path segments: the first four kept inline, the others in an array (the shape of
/// ``BoundValueList``).
///
/// Most links have four segments or fewer, and a ``LinkComponents/Segment`` holds no text (only
/// where it stands), so reading such a link allocates nothing for its path, and releasing it
/// releases nothing segment by segment.
struct LinkSegments: Sendable, RandomAccessCollection {
    typealias Segment = LinkComponents.Segment

    /// How many segments are kept inline.
    static let inlineCount = 4

    private static let none = Segment(range: 0..<0, decoded: -1)
    private var first0 = LinkSegments.none
    private var first1 = LinkSegments.none
    private var first2 = LinkSegments.none
    private var first3 = LinkSegments.none
    /// The segments after the first four.
    private var more: [Segment] = []
    /// How many segments the link has.
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The segment at `position`. Every caller reads a position below ``count`` it has checked
    /// (a link cannot choose one); the check is the one `Array` makes, kept for the inline places.
    @inline(__always)
    subscript(position: Int) -> Segment {
        precondition(position >= 0 && position < count, "segment index out of range")
        switch position {
        case 0: return first0
        case 1: return first1
        case 2: return first2
        case 3: return first3
        default: return more[position - LinkSegments.inlineCount]
        }
    }

    /// Adds `segment` after the others.
    mutating func append(_ segment: Segment) {
        switch count {
        case 0: first0 = segment
        case 1: first1 = segment
        case 2: first2 = segment
        case 3: first3 = segment
        default: appendMore(segment)
        }
        count += 1
    }

    /// Adds a segment past the inline ones. (A function of its own: inlined, the array's
    /// uniqueness check is hoisted out of the `switch` and paid for every segment.)
    @inline(never)
    private mutating func appendMore(_ segment: Segment) {
        if more.isEmpty { more.reserveCapacity(8) }
        more.append(segment)
    }
}
