/// A read link seen from one table: its host resolved (from the authority, the origin it comes
/// from, or the first path segment of a raw string) and the path segments a route's pattern is
/// compared with.
struct LinkView: Sendable {
    /// What every view of one read link shares, held once: copying a view (the walk and each
    /// attempt keep one) retains one object instead of every string and array of the link.
    private final class Shared: Sendable {
        let link: LinkComponents
        /// The host, or `""` for none (see ``LinkView/host``): a text, not an optional, so
        /// that the matcher compares it in place.
        let hostKey: String
        let hasHost: Bool
        let hostRange: Range<Int>?
        let origin: OriginMatch?

        init(link: consuming LinkComponents, host: String?, hostRange: Range<Int>?, origin: OriginMatch?) {
            self.hostKey = host ?? ""
            self.hasHost = host != nil
            self.hostRange = hostRange
            self.origin = origin
            self.link = link
        }

        /// The last view of the link has ended (its match, a mounted table's, or the error
        /// that kept one): the buffer of its query items goes back to the thread, for the next
        /// link to be read into (``SpareQueryItems``).
        deinit {
            if link.queryItems.capacity > 0 { SpareQueryItems.keep(link.queryItems) }
        }
    }

    private let shared: Shared

    /// The link as read.
    var link: LinkComponents { _read { yield shared.link } }
    /// The host the link is matched under, lower-cased (with `:port` when the port is not the
    /// scheme's default); `nil` for a link that has a scheme but no host (`myapp:/user/42`,
    /// `myapp:///user/42`), which no host check lets through, and for a raw string with no
    /// first segment under a table whose patterns give their hosts.
    var host: String? { shared.hasHost ? shared.hostKey : nil }
    /// The host as it stands in the link; for a link without a host, the empty range where
    /// its host belongs; `nil` when the host came from the table's origin.
    var hostRange: Range<Int>? { shared.hostRange }
    /// For a table with origins: the origin the link comes from, or the nearest and why not.
    /// (A mounted table's view keeps the mounting table's: the mounted table's routes do not
    /// read it, ``CompiledRoute/isMounted``.)
    var origin: OriginMatch? { shared.origin }
    /// How many of the link's path segments come before the view's: the segment a raw
    /// string's host is read from, an origin's path prefix, a mounting route's segments.
    let segmentStart: Int
    /// How many path segments a pattern's path is compared with: after the host, and after
    /// the origin's path prefix in a view for the table's origins.
    var segmentCount: Int { link.segments.count - segmentStart }
    /// The query keys every route shares (read beside the route), which strict query mode accepts.
    var sharedKeys: Set<String> {
        get { sharedKeysIfAny ?? [] }
        set { sharedKeysIfAny = newValue }
    }
    /// `nil` for none, as in most views: an empty set would still be released with each view.
    private var sharedKeysIfAny: Set<String>?

    /// A view of `link` (taken, not copied) from a table with `defaults` (borrowed: an
    /// initializer's parameter is otherwise handed over retained).
    init(_ link: consuming LinkComponents, defaults: borrowing TableDefaults) {
        let host: String?, hostRange: Range<Int>?, origin: OriginMatch?
        (host, hostRange, origin, segmentStart) = LinkView.resolve(link, defaults: defaults)
        shared = Shared(link: link, host: host, hostRange: hostRange, origin: origin)
    }

    /// The host, where it stands, the origin and how many segments come before the path a
    /// table reads in `link`.
    private static func resolve(
        _ link: LinkComponents, defaults: TableDefaults
    ) -> (String?, Range<Int>?, OriginMatch?, Int) {
        // Where the link's host stands (with its port), and where a missing host belongs.
        var hostSpan: Range<Int>? {
            link.hostRange.map { range in link.portRange.map { range.lowerBound..<$0.upperBound } ?? range }
        }
        var missingHost: Range<Int> {
            let place = link.authorityRange?.lowerBound ?? (link.schemeRange?.upperBound ?? 0) + 1
            return place..<place
        }
        if !defaults.origins.isEmpty {
            let origin = OriginMatch.resolve(link, origins: defaults.origins, order: defaults.originOrder, options: defaults.options)
            let segments = min(origin.prefixCount, link.segments.count)
            if !link.hostText.isEmpty {
                return (link.hostAndPort, hostSpan, origin, segments)
            } else if link.schemeText.isEmpty || (origin.accepted && defaults.options.allowsLinksWithoutHost) {
                return (defaults.origins[origin.index].host, nil, origin, segments)
            } else {
                return (nil, missingHost, origin, segments)
            }
        }
        if !link.hostText.isEmpty {
            return (link.hostAndPort, hostSpan, nil, 0)
        } else if !link.schemeText.isEmpty, !defaults.options.allowsLinksWithoutHost {
            // A scheme and no host: never read as a raw string, never a segment promoted.
            return (nil, missingHost, nil, 0)
        } else if let first = link.segments.first {
            // A raw string under a table without a default host: its first segment is the host.
            return (link.text(of: first).asciiLowercased, first.range, nil, 1)
        } else {
            return (nil, link.pathRange.lowerBound..<link.pathRange.lowerBound, nil, 0)
        }
    }

    private init(_ other: LinkView, segmentStart: Int) {
        shared = other.shared
        self.segmentStart = segmentStart
        self.sharedKeysIfAny = other.sharedKeysIfAny
    }

    /// The view a mounted table reads: the segments from `offset` on, the link's query and
    /// fragment (the same link, shared, not copied).
    func mounted(from offset: Int) -> LinkView {
        LinkView(self, segmentStart: min(segmentStart + offset, link.segments.count))
    }

    /// The view for routes whose pattern gives its own `scheme://host`: the whole path.
    var wholePath: LinkView { LinkView(self, segmentStart: 0) }

    /// The key of the host's trie root: a link without a host looks for routes without one.
    var hostKey: String { shared.hostKey }

    /// Where the path ends: the place a missing segment would go.
    var endOfPath: Range<Int> { link.pathRange.upperBound..<link.pathRange.upperBound }

    /// Where the query ends: the place a missing query item would go.
    var endOfQuery: Range<Int> {
        let end = link.queryRange?.upperBound ?? link.pathRange.upperBound
        return end..<end
    }

    /// The view's segment `offset` (the link's segment `segmentStart + offset`).
    @inline(__always)
    func segment(_ offset: Int) -> LinkComponents.Segment {
        link.segments[segmentStart + offset]
    }

    /// The child of trie node `node` whose literal is the text of the view's segment
    /// `offset`, looked up in place. (Read through the shared part, not ``link``: the walk
    /// would copy the whole link out of the view to lend it to a closure.)
    @inline(__always)
    func child(of node: Int, in trie: borrowing RouteTrie, literal offset: Int) -> Int? {
        shared.link.withText(of: segment(offset)) { trie.child(of: node, literal: $0) }
    }

    /// The (decoded) text of `segment`, made now (read through the shared part, as all
    /// of these: a method of ``link`` that takes a closure would have the link copied).
    func text(of segment: LinkComponents.Segment) -> String { shared.link.text(of: segment) }

    /// Whether `segment`'s text is empty.
    @inline(__always)
    func isEmpty(_ segment: LinkComponents.Segment) -> Bool { shared.link.isEmpty(segment) }

    /// Whether `segment`'s (decoded) text is `literal`, compared in place.
    func segment(_ segment: LinkComponents.Segment, is literal: String) -> Bool {
        shared.link.segment(segment, is: literal)
    }

    /// The text of a bad escape, as a reason quotes it.
    func escapeText(_ range: Range<Int>) -> String { LinkReader.escapeText(link, range) }
}
