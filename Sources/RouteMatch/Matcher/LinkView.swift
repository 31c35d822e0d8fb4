/// A read link seen from one table: its host resolved (from the authority, the origin it comes
/// from, or the first path segment of a raw string) and the path segments a route's pattern is
/// compared with.
struct LinkView: Sendable {
    let link: LinkComponents
    /// The host the link is matched under, lower-cased (with `:port` when the port is not the
    /// scheme's default); `nil` for a link that has a scheme but no host (`myapp:/user/42`,
    /// `myapp:///user/42`), which no host check lets through, and for a raw string with no
    /// first segment under a table whose patterns give their hosts.
    let host: String?
    /// The host as it stands in the link; for a link without a host, the empty range where
    /// its host belongs; `nil` when the host came from the table's origin.
    let hostRange: Range<Int>?
    /// The path segments a pattern's path is compared with: after the host, and after the
    /// origin's path prefix in a view for the table's origins.
    let segments: ArraySlice<LinkComponents.Segment>
    /// For a table with origins: the origin the link comes from, or the nearest and why not.
    let origin: OriginMatch?
    /// The query keys every route shares (read beside the route), which strict query mode accepts.
    var sharedKeys: Set<String> = []

    init(_ link: LinkComponents, defaults: TableDefaults) {
        self.link = link
        if !defaults.origins.isEmpty {
            let origin = OriginMatch.resolve(link, origins: defaults.origins, order: defaults.originOrder, options: defaults.options)
            self.origin = origin
            if let host = link.host {
                self.host = link.port.map { host + ":" + $0 } ?? host
                self.hostRange = link.hostRange.map { range in link.portRange.map { range.lowerBound..<$0.upperBound } ?? range }
            } else if link.scheme == nil || (origin.accepted && defaults.options.allowsLinksWithoutHost) {
                self.host = defaults.origins[origin.index].host
                self.hostRange = nil
            } else {
                self.host = nil
                let place = link.authorityRange?.lowerBound ?? (link.schemeRange?.upperBound ?? 0) + 1
                self.hostRange = place..<place
            }
            self.segments = link.segments.dropFirst(origin.prefixCount)
            return
        }
        self.origin = nil
        if let host = link.host {
            self.host = link.port.map { host + ":" + $0 } ?? host
            self.hostRange = link.hostRange.map { range in
                link.portRange.map { range.lowerBound..<$0.upperBound } ?? range
            }
            self.segments = link.segments[...]
        } else if link.scheme != nil, !defaults.options.allowsLinksWithoutHost {
            // A scheme and no host: never read as a raw string, never a segment promoted.
            self.host = nil
            let place = link.authorityRange?.lowerBound ?? (link.schemeRange?.upperBound ?? 0) + 1
            self.hostRange = place..<place
            self.segments = link.segments[...]
        } else if let first = link.segments.first {
            // A raw string under a table without a default host: its first segment is the host.
            self.host = first.value.asciiLowercased
            self.hostRange = first.range
            self.segments = link.segments.dropFirst()
        } else {
            self.host = nil
            self.hostRange = link.pathRange.lowerBound..<link.pathRange.lowerBound
            self.segments = link.segments.dropFirst()
        }
    }

    private init(_ other: LinkView, segments: ArraySlice<LinkComponents.Segment>) {
        (link, host, hostRange, origin) = (other.link, other.host, other.hostRange, other.origin)
        self.segments = segments
        self.sharedKeys = other.sharedKeys
    }

    private init(mounting other: LinkView, segments: ArraySlice<LinkComponents.Segment>) {
        (link, host, hostRange) = (other.link, other.host, other.hostRange)
        self.segments = segments
        self.origin = OriginMatch(index: 0, prefixCount: 0, problems: [], schemeFits: true, hostFits: true)
        self.sharedKeys = other.sharedKeys
    }

    /// The view a mounted table reads: the segments from `offset` on, the link's query and
    /// fragment, the link's origin already accepted.
    func mounted(from offset: Int) -> LinkView {
        let start = min(segments.startIndex + offset, segments.endIndex)
        return LinkView(mounting: self, segments: segments[start...])
    }

    /// The view for routes whose pattern gives its own `scheme://host`: the whole path.
    var wholePath: LinkView { LinkView(self, segments: link.segments[...]) }

    /// The key of the host's trie root: a link without a host looks for routes without one.
    var hostKey: String { host ?? "" }

    /// Where the path ends: the place a missing segment would go.
    var endOfPath: Range<Int> { link.pathRange.upperBound..<link.pathRange.upperBound }

    /// Where the query ends: the place a missing query item would go.
    var endOfQuery: Range<Int> {
        let end = link.queryRange?.upperBound ?? link.pathRange.upperBound
        return end..<end
    }

    /// The link's segment `offset` places into ``segments``.
    @inline(__always)
    func segment(_ offset: Int) -> LinkComponents.Segment {
        segments[segments.startIndex + offset]
    }

    /// The text of a bad escape, as a reason quotes it.
    func escapeText(_ range: Range<Int>) -> String { LinkReader.escapeText(link, range) }
}
