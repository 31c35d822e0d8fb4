/// The path segments ``PlainHit``'s walk took a capture edge for, in the link's order: where
/// each is in the link and its offset in the routes' path, kept inline for the first
/// ``capacity`` (the route the walk reaches captures exactly these segments, so its texts are
/// bound without the path being read again). A link that captures more is the matcher's.
struct CapturedSegments {
    /// One captured segment: its offset in the routes' path (after an origin's prefix) and its
    /// bytes' range in the link.
    struct Segment {
        var offset = 0, start = 0, end = 0
    }

    /// How many segments are kept.
    static let capacity = 4

    private var first0 = Segment(), first1 = Segment(), first2 = Segment(), first3 = Segment()
    /// How many segments were appended.
    private(set) var count = 0

    /// Keeps a captured segment; `false`, keeping nothing, when ``capacity`` are kept.
    @inline(__always)
    mutating func append(offset: Int, start: Int, end: Int) -> Bool {
        let segment = Segment(offset: offset, start: start, end: end)
        switch count {
        case 0: first0 = segment
        case 1: first1 = segment
        case 2: first2 = segment
        case 3: first3 = segment
        default: return false
        }
        count += 1
        return true
    }

    /// The segment appended `position`th (below ``count``).
    @inline(__always)
    subscript(position: Int) -> Segment {
        switch position {
        case 0: return first0
        case 1: return first1
        case 2: return first2
        default: return first3
        }
    }
}
