/// A link split into its RFC 3986 components, each with its UTF-8 range in the original text.
///
/// Path segments, query keys and query values are percent-decoded exactly once, after
/// splitting, so `%2F` stays inside a value and `%252F` decodes to `%2F`.
struct LinkComponents: Sendable {
    /// One path segment, where it stands. Its text is made only when asked for (a value
    /// bound, a reason quoted): a segment without escapes is compared as the link's own bytes,
    /// and a segment with escapes keeps the text it decodes to, decoded once, in
    /// ``LinkComponents/decodedTexts``.
    struct Segment: Sendable {
        // Plain integers, no optional: a segment is copied and kept inline (see
        // ``LinkSegments``), and an optional range would widen it by a word.
        private let start: Int
        private let end: Int
        /// The position of the decoded text in ``LinkComponents/decodedTexts``, or `-1` when the
        /// text is the link's bytes at ``range`` (no escape, or an escape that does not decode).
        let decoded: Int
        private let escapeStart: Int
        private let escapeEnd: Int

        init(range: Range<Int>, decoded: Int, badEscape: Range<Int>? = nil) {
            start = range.lowerBound
            end = range.upperBound
            self.decoded = decoded
            escapeStart = badEscape?.lowerBound ?? -1
            escapeEnd = badEscape?.upperBound ?? -1
        }

        /// Where the segment stands in the link.
        var range: Range<Int> { start..<end }

        /// The escape that does not decode, when there is one: the segment then matches no
        /// literal and binds no value, and the route it stands in reports it.
        var badEscape: Range<Int>? { escapeStart < 0 ? nil : escapeStart..<escapeEnd }
    }

    /// One query item: `key=value`, or a bare `key` (whose value reads as `""`). Its texts are
    /// made only when asked for (``LinkComponents/key(of:)``, ``LinkComponents/value(of:)``), as
    /// a segment's are: a link without escapes makes no text for an item no route reads, and
    /// its keys are compared as the link's own bytes. An item of a link with escapes keeps the
    /// texts it decodes to, decoded once, in ``LinkComponents/decodedTexts``.
    struct QueryItem: Sendable {
        let range: Range<Int>
        let keyRange: Range<Int>
        let valueRange: Range<Int>?
        /// The decoded key's tag, which a pattern's key is compared with first.
        let keyTag: ByteTag
        /// The position of the decoded key in ``LinkComponents/decodedTexts`` (`""`, which no
        /// pattern key is, when the key holds a bad escape), or `-1` when the key's text is
        /// the link's bytes at ``keyRange``.
        let decodedKey: Int
        /// The position of the decoded value in ``LinkComponents/decodedTexts``, or `-1` when
        /// the value's text is the link's bytes at ``valueRange`` (`""` without one), as it is
        /// for a value that holds a bad escape.
        let decodedValue: Int
        /// The escape in the key or value that does not decode, when there is one.
        var badEscape: Range<Int>? = nil

        /// What the tags alone say of whether the item's key is the text tagged `tag`: `false`
        /// when they differ, `true` when they are equal and whole, `nil` when they are equal
        /// and the key is longer than a tag (its bytes decide: ``LinkComponents/item(_:hasKey:tag:)``).
        @inline(__always)
        func key(isTagged tag: ByteTag) -> Bool? { keyTag.verdict(tag) }
    }

    /// The text as the caller passed it.
    private(set) var text: String
    // Scheme, host and port are stored as texts, `""` for none (none of them is ever empty
    // when present), and read as optionals through `scheme`, `host` and `port`: the matcher
    // compares the texts in place, where copying a stored `String?` would go through the
    // runtime's generic value witness.
    /// The scheme without its `:`, lower-cased; `""` for a raw `path?query` string.
    var schemeText = ""
    /// The scheme without its `:`, lower-cased; `nil` for a raw `path?query` string.
    var scheme: String? { schemeText.isEmpty ? nil : schemeText }
    var schemeRange: Range<Int>?
    /// The authority (`userinfo@host:port`, after `//`), when the link has one, even empty.
    var authorityRange: Range<Int>?
    /// The userinfo before the host's `@` (`user:password`), when present: never a host, and
    /// redacted from logs.
    var userinfoRange: Range<Int>?
    /// The host, lower-cased; `""` when the link has no authority or an empty host.
    var hostText = ""
    /// The host, lower-cased; `nil` when the link has no authority or an empty host.
    var host: String? { hostText.isEmpty ? nil : hostText }
    var hostRange: Range<Int>?
    /// The port's digits, when present and not the scheme's default; else `""`.
    var portText = ""
    /// The port's digits, when present and not the scheme's default.
    var port: String? { portText.isEmpty ? nil : portText }
    var portRange: Range<Int>?
    /// The host with `:port` when the link has a port that is not its scheme's default: the
    /// host a table compares; `""` for none.
    var hostAndPort: String { portText.isEmpty ? hostText : hostText + ":" + portText }
    /// The range of the whole path (without `?query` and `#fragment`).
    var pathRange: Range<Int>
    var segments = LinkSegments()
    /// The decoded texts of the path segments that hold escapes, by ``Segment/decoded``, and
    /// of the query items of a link with escapes, by ``QueryItem/decodedKey`` and
    /// ``QueryItem/decodedValue``.
    var decodedTexts: [String] = []
    var queryRange: Range<Int>?
    var queryItems: [QueryItem] = []
    /// The fragment's range, without its `#`; decoded only when a pattern asks for it.
    var fragmentRange: Range<Int>?
    /// Whether a path segment or query item holds an escape that does not decode.
    var hasBadEscape = false

    /// The largest buffer of query items ``reset(for:)`` keeps: a link with more items leaves
    /// its buffer for nothing.
    static let keptQueryCapacity = 16

    /// Empties the components for `text` to be read into them, keeping the buffer of their
    /// query items (emptied) when it holds at most ``keptQueryCapacity``: a link with a query
    /// read into the components of the link before it allocates nothing for its items (an
    /// allocation and its release cost about 300 instructions of a hit). Field by field: a
    /// new value assigned whole would be made and copied. (Every stored property must be
    /// emptied here: `componentsResetAreFreshComponentsInEveryProperty` compares them all
    /// with components made for the text.)
    mutating func reset(for text: String) {
        var items: [QueryItem] = []
        swap(&items, &queryItems)
        if items.capacity > LinkComponents.keptQueryCapacity {
            items = []
        } else {
            // One by one: `removeAll(keepingCapacity:)` goes through a generic `replaceSubrange`.
            while !items.isEmpty { items.removeLast() }
        }
        self.text = text
        schemeText = ""; schemeRange = nil; authorityRange = nil; userinfoRange = nil
        hostText = ""; hostRange = nil; portText = ""; portRange = nil
        pathRange = 0..<0
        segments = LinkSegments()
        if !decodedTexts.isEmpty { decodedTexts = [] }
        queryRange = nil
        queryItems = items
        fragmentRange = nil
        hasBadEscape = false
    }

    /// Calls `body` with `link`, lent where it stands: the spelling for components held by a
    /// pointer (a link view's). `inout` lends them in place, where a method called on the
    /// pointer's memory would be handed a copy of all of them (434 bytes and seven retains).
    /// `link` is not changed.
    @inline(__always)
    static func lend<R>(_ link: inout LinkComponents, _ body: (LinkComponents) -> R) -> R {
        body(link)
    }

    /// Calls `body` with the link's UTF-8 bytes, in place.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // The reader stores the text it read, made contiguous: no copy is made here.
        ByteText.withUTF8(of: text, body)
    }

    /// Calls `body` with the UTF-8 bytes of `segment`'s (decoded) text, in place.
    @inline(__always)
    func withText<R>(of segment: Segment, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if segment.decoded >= 0 { return ByteText.withUTF8(of: decodedTexts[segment.decoded], body) }
        return withBytes { body(ByteText.part(of: $0, start: segment.range.lowerBound, count: segment.range.count)) }
    }

    /// The (decoded) text of `segment`; its raw text when it holds a bad escape.
    func text(of segment: Segment) -> String {
        if segment.decoded >= 0 { return decodedTexts[segment.decoded] }
        return withBytes { LinkReader.slice($0, segment.range) }
    }

    /// Whether `segment`'s text is empty.
    @inline(__always)
    func isEmpty(_ segment: Segment) -> Bool {
        segment.decoded >= 0 ? decodedTexts[segment.decoded].isEmpty : segment.range.isEmpty
    }

    /// Whether `segment`'s (decoded) text is `literal`, compared in place.
    @inline(__always)
    func segment(_ segment: Segment, is literal: String) -> Bool {
        withText(of: segment) { ByteText.equals(literal, $0) }
    }

    /// The decoded key of `item`, made now; `""` when it holds an escape that does not decode.
    func key(of item: QueryItem) -> String {
        if item.decodedKey >= 0 { return decodedTexts[item.decodedKey] }
        return withBytes { LinkReader.slice($0, item.keyRange) }
    }

    /// The decoded value of `item`, made now: `""` for a bare key, the raw text when it holds
    /// an escape that does not decode.
    func value(of item: QueryItem) -> String {
        if item.decodedValue >= 0 { return decodedTexts[item.decodedValue] }
        guard let range = item.valueRange else { return "" }
        return withBytes { LinkReader.slice($0, range) }
    }

    /// Whether the decoded key of `item` is `key`, whose tag is `tag`: compared by their tags,
    /// and then, for a key longer than a tag, in place.
    @inline(__always)
    func item(_ item: QueryItem, hasKey key: String, tag: ByteTag) -> Bool {
        if let decided = item.key(isTagged: tag) { return decided }
        if item.decodedKey >= 0 { return decodedTexts[item.decodedKey] == key }
        return withBytes {
            ByteText.equals(key, ByteText.part(of: $0, start: item.keyRange.lowerBound, count: item.keyRange.count))
        }
    }

    /// The positions in ``queryItems`` of the items whose decoded key is `key`, in link order.
    /// (Positions, read by index: a lazy filter of the items had the runtime build its
    /// sequence's type and the items' array type on a process's first diagnostic.)
    func queryItemPositions(named key: String) -> [Int] {
        let tag = ByteTag(key)
        var positions: [Int] = []
        var index = 0
        while index < queryItems.count {
            if item(queryItems[index], hasKey: key, tag: tag) { positions.append(index) }
            index += 1
        }
        return positions
    }
}
