/// A link split into its RFC 3986 components, each with its UTF-8 range in the original text.
///
/// Path segments, query keys and query values are percent-decoded exactly once, after
/// splitting, so `%2F` stays inside a value and `%252F` decodes to `%2F`.
struct LinkComponents: Sendable {
    /// One path segment.
    struct Segment: Sendable {
        let range: Range<Int>
        let value: String
    }

    /// One query item: `key=value`, or a bare `key` (whose value reads as `""`).
    struct QueryItem: Sendable {
        let range: Range<Int>
        let keyRange: Range<Int>
        let valueRange: Range<Int>?
        let key: String
        let value: String
    }

    /// The text as the caller passed it.
    let text: String
    /// The scheme without its `:`, lower-cased; `nil` for a raw `path?query` string.
    var scheme: String?
    var schemeRange: Range<Int>?
    /// The authority (`userinfo@host:port`, after `//`), when the link has one, even empty.
    var authorityRange: Range<Int>?
    /// The userinfo before the host's `@` (`user:password`), when present: never a host, and
    /// redacted from logs.
    var userinfoRange: Range<Int>?
    /// The host, lower-cased; `nil` when the link has no authority or an empty host.
    var host: String?
    var hostRange: Range<Int>?
    /// The port's digits, when present and not the scheme's default.
    var port: String?
    var portRange: Range<Int>?
    /// The range of the whole path (without `?query` and `#fragment`).
    var pathRange: Range<Int>
    var segments: [Segment] = []
    var queryRange: Range<Int>?
    var queryItems: [QueryItem] = []
    /// The fragment's range, without its `#`; decoded only when a pattern asks for it.
    var fragmentRange: Range<Int>?

    /// The query items whose decoded key is `key`, in link order, without copying them.
    @inline(__always)
    func queryItems(named key: String) -> LazyFilterSequence<[QueryItem]> {
        queryItems.lazy.filter { $0.key == key }
    }
}
