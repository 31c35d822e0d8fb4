/// A read link seen from one table: its host resolved (from the authority, the table's default
/// host, or the first path segment) and the path segments that follow the host.
struct LinkView: Sendable {
    let link: LinkComponents
    /// The host the link is matched under, lower-cased (with `:port` when the port is not the
    /// scheme's default).
    let host: String
    /// The host as it stands in the link, or `nil` when it came from the table's default.
    let hostRange: Range<Int>?
    /// The path segments after the host.
    let segments: ArraySlice<LinkComponents.Segment>

    init(_ link: LinkComponents, table: RouteTable) {
        self.link = link
        if let host = link.host {
            self.host = link.port.map { host + ":" + $0 } ?? host
            self.hostRange = link.hostRange.map { range in
                link.portRange.map { range.lowerBound..<$0.upperBound } ?? range
            }
            self.segments = link.segments[...]
        } else if table.hostFromFirstSegment, let first = link.segments.first {
            self.host = first.value.asciiLowercased
            self.hostRange = first.range
            self.segments = link.segments.dropFirst()
        } else {
            self.host = table.host
            self.hostRange = nil
            self.segments = link.segments[...]
        }
    }

    /// Where the path ends: the place a missing segment would go.
    var endOfPath: Range<Int> { link.pathRange.upperBound..<link.pathRange.upperBound }

    /// Where the query ends: the place a missing query item would go.
    var endOfQuery: Range<Int> {
        let end = link.queryRange?.upperBound ?? link.pathRange.upperBound
        return end..<end
    }

    /// The link's segment `offset` places after the host.
    @inline(__always)
    func segment(_ offset: Int) -> LinkComponents.Segment {
        segments[segments.startIndex + offset]
    }
}
