/// What one match bound to a route's labels, by slot: the first three kept inline, the others
/// in an array.
///
/// Most routes have three labels or fewer, so evaluating one allocates nothing for its values,
/// and handing them to the route's decoder or closure copies no array. (The same shape as
/// ``LinkSegments``, not one generic type: each keeps the inline count that measured best for
/// its element, and Swift 6.0 has no integer generic parameters to say it.)
struct BoundValueList: Sendable, RandomAccessCollection, MutableCollection {
    /// How many values are kept inline.
    static let inlineCount = 3

    private var first0 = BoundValue.absent
    private var first1 = BoundValue.absent
    private var first2 = BoundValue.absent
    /// The values after the first three.
    private var more: [BoundValue] = []
    /// How many labels the route has.
    private(set) var count: Int

    /// `count` values, each ``BoundValue/absent``.
    init(absent count: Int) {
        self.count = count
        if count > BoundValueList.inlineCount {
            more.reserveCapacity(count - BoundValueList.inlineCount)
            for _ in BoundValueList.inlineCount..<count { more.append(.absent) }
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The value of slot `position`. Slots come from the route's compiled pattern, never from
    /// a link; the check is the one `Array` makes, kept for the inline places.
    @inline(__always)
    subscript(position: Int) -> BoundValue {
        get {
            precondition(position >= 0 && position < count, "label slot out of range")
            switch position {
            case 0: return first0
            case 1: return first1
            case 2: return first2
            default: return more[position - BoundValueList.inlineCount]
            }
        }
        set {
            precondition(position >= 0 && position < count, "label slot out of range")
            switch position {
            case 0: first0 = newValue
            case 1: first1 = newValue
            case 2: first2 = newValue
            default: setMore(position - BoundValueList.inlineCount, newValue)
            }
        }
    }

    /// Sets a value past the inline ones. (A function of its own: inlined, the array's
    /// uniqueness check is hoisted out of the `switch` and paid for every slot.)
    @inline(never)
    private mutating func setMore(_ position: Int, _ value: BoundValue) {
        more[position] = value
    }
}
