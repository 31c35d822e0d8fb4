internal import CRouteMatchAtomics

/// A read link seen from one table: its host resolved (from the authority, the origin it comes
/// from, or the first path segment of a raw string) and the path segments a route's pattern is
/// compared with.
struct LinkView: Sendable {
    /// What every view of one read link shares, held once: copying a view (the walk and each
    /// attempt keep one) retains one object instead of every string and array of the link.
    ///
    /// Each thread keeps one of these for good (``forReading()``) and reads the links it matches
    /// into it, in place, whenever no view of the link before is left: a hit then allocates
    /// nothing for its link and copies its 434 bytes of components neither out of the reader
    /// nor into an object (`./instructions.sh`: the closure hit 5,214 → 4,910 instructions, the
    /// enum hit 12,094 → 11,598). A view that outlives its match (one an error keeps) keeps its
    /// object, and the thread's next link is read into a new one. Until the thread's next link
    /// is read, its object holds the link that ended, as the link's text is held by whoever
    /// passed it; nothing reads it (and a thread's exit releases the object).
    ///
    /// Written only by ``read(_:limits:known:defaults:)``, while the object is its thread's
    /// alone: every view sees its link unchanged. (Hence `@unchecked Sendable`: while a view
    /// sent to another thread holds the object, its thread does not write it; once the view is
    /// released there, the release is ordered before the uniqueness check that lets the thread
    /// write it again, as for an array's storage. A new object made while the thread's own is
    /// held costs two allocations: the object and its fields' block.) The matcher lends the
    /// components `inout` (``LinkComponents/lend(_:_:)``) on the thread that read them; work done
    /// later on any thread (an error's diagnostic) copies them first (``LinkView/Isolation``).
    private final class Shared: @unchecked Sendable {
        /// The host a table reads the link under, and where its path starts.
        struct Resolved {
            /// The host, or `""` for none (see ``LinkView/host``): a text, not an optional, so
            /// that the matcher compares it in place.
            var hostKey = ""
            var hasHost = false
            var hostRange: Range<Int>?
            var origin: OriginMatch?
            /// See ``LinkView/segmentStart``.
            var segmentStart = 0
        }

        // Held by pointers, not as stored properties: a `var` of the object would be copied
        // out for each read. Read through ``LinkView/link`` (an addressor: a field is loaded
        // where it stands) and the view's methods, which lend the components `inout` (a
        // method called on the pointer's memory would be handed a copy of all of them).
        /// The link as read.
        let link: UnsafeMutablePointer<LinkComponents>
        /// The host resolved for the link.
        let resolved: UnsafeMutablePointer<Resolved>

        init(_ link: consuming LinkComponents, _ resolved: consuming Resolved) {
            (self.link, self.resolved) = Shared.allocateFields()
            self.link.initialize(to: link)
            self.resolved.initialize(to: resolved)
        }

        /// A copy of `other`'s link and host, each copied once, where it stands.
        /// (`initialize(to: other.link.pointee)` copied the link into a temporary first, and
        /// moved it: some 80 instructions more than this.)
        init(copying other: Shared) {
            (link, resolved) = Shared.allocateFields()
            link.initialize(from: other.link, count: 1)
            resolved.initialize(from: other.resolved, count: 1)
        }

        deinit {
            link.deinitialize(count: 1)
            resolved.deinitialize(count: 1)
            UnsafeMutableRawPointer(link).deallocate()
        }

        /// Memory for the link and its host, in one block (the link first): one allocation and
        /// one release where two cost some 240 instructions more, each object made.
        private static func allocateFields() -> (UnsafeMutablePointer<LinkComponents>, UnsafeMutablePointer<Resolved>) {
            let alignment = MemoryLayout<Resolved>.alignment
            let offset = (MemoryLayout<LinkComponents>.stride + alignment - 1) / alignment * alignment
            let block = UnsafeMutableRawPointer.allocate(
                byteCount: offset + MemoryLayout<Resolved>.size,
                alignment: max(MemoryLayout<LinkComponents>.alignment, alignment))
            return (block.bindMemory(to: LinkComponents.self, capacity: 1),
                    (block + offset).bindMemory(to: Resolved.self, capacity: 1))
        }

        /// An object with nothing read into it.
        static func empty() -> Shared { Shared(LinkComponents(text: "", pathRange: 0..<0), Resolved()) }

        /// The object the current thread reads its next link into: the thread's own when no
        /// view holds it, else a new one (which becomes the thread's own when it has none).
        static func forReading() -> Shared {
            guard let object = routematch_spare_object() else {
                let fresh = Shared.empty()
                let kept = Unmanaged.passRetained(fresh)
                if routematch_spare_install(kept.toOpaque(), { Unmanaged<Shared>.fromOpaque($0).release() }) == 0 {
                    kept.release()
                }
                return fresh
            }
            // The thread's reference taken, to ask whether it is the only one, then given back
            // (retained again for the thread, which keeps it).
            var own = Unmanaged<Shared>.fromOpaque(object).takeRetainedValue()
            let alone = isKnownUniquelyReferenced(&own)
            _ = Unmanaged.passRetained(own)
            return alone ? own : Shared.empty()
        }

        /// Reads `text` into the object (which no view holds) and resolves its host for a table
        /// with `defaults`; the buffer of the last link's query items is kept (see
        /// ``LinkComponents/reset(for:)``). An unreadable link leaves the object partly read,
        /// for no view to see.
        func read(
            _ text: String, limits: MatchLimits, known: KnownTexts, defaults: borrowing TableDefaults
        ) throws(LinkReader.Unreadable) {
            link.pointee.reset(for: text)
            try LinkReader.read(text, limits: limits, known: known, into: &link.pointee)
            let (host, hostRange, origin, segmentStart) = LinkView.resolve(&link.pointee, defaults: defaults)
            resolved.pointee = Resolved(
                hostKey: host ?? "", hasHost: host != nil, hostRange: hostRange, origin: origin, segmentStart: segmentStart)
        }
    }

    private let shared: Shared

    /// The link as read. Its fields are read where they stand (an addressor); a method called
    /// on it, or the link passed whole, is a copy of all of it: the hit path reads fields only.
    var link: LinkComponents { unsafeAddress { UnsafePointer(shared.link) } }
    /// The host the link is matched under, lower-cased (with `:port` when the port is not the
    /// scheme's default); `nil` for a link that has a scheme but no host (`myapp:/user/42`,
    /// `myapp:///user/42`), which no host check lets through, and for a raw string with no
    /// first segment under a table whose patterns give their hosts.
    var host: String? { shared.resolved.pointee.hasHost ? shared.resolved.pointee.hostKey : nil }
    /// The host as it stands in the link; for a link without a host, the empty range where
    /// its host belongs; `nil` when the host came from the table's origin.
    var hostRange: Range<Int>? { shared.resolved.pointee.hostRange }
    /// For a table with origins: the origin the link comes from, or the nearest and why not.
    /// (A mounted table's view keeps the mounting table's: the mounted table's routes do not
    /// read it, ``CompiledRoute/isMounted``.)
    var origin: OriginMatch? { shared.resolved.pointee.origin }
    /// How many of the link's path segments come before the view's: the segment a raw
    /// string's host is read from, an origin's path prefix, a mounting route's segments.
    let segmentStart: Int
    /// How many path segments a pattern's path is compared with: after the host, and after
    /// the origin's path prefix in a view for the table's origins.
    var segmentCount: Int { link.segments.count - segmentStart }
    /// The query keys every route shares (read beside the route), which strict query mode accepts.
    var sharedKeys: [String] {
        get { sharedKeysIfAny ?? [] }
        set { sharedKeysIfAny = newValue }
    }
    /// `nil` for none, as in most views: an empty array would still be released with each view.
    private var sharedKeysIfAny: [String]?

    /// A view of `link` (taken, not copied) from a table with `defaults` (borrowed: an
    /// initializer's parameter is otherwise handed over retained), in an object of its own.
    init(_ link: consuming LinkComponents, defaults: borrowing TableDefaults) {
        var link = link
        let (host, hostRange, origin, segmentStart) = LinkView.resolve(&link, defaults: defaults)
        self.segmentStart = segmentStart
        shared = Shared(link, Shared.Resolved(
            hostKey: host ?? "", hasHost: host != nil, hostRange: hostRange, origin: origin, segmentStart: segmentStart))
    }

    /// A view of `text`, read for a table with `defaults` into the current thread's object for
    /// its links (see ``Shared``); throws what makes the link unreadable.
    init(
        reading text: String, limits: MatchLimits, known: KnownTexts, defaults: borrowing TableDefaults
    ) throws(LinkReader.Unreadable) {
        let shared = Shared.forReading()
        try shared.read(text, limits: limits, known: known, defaults: defaults)
        self.shared = shared
        segmentStart = shared.resolved.pointee.segmentStart
    }

    /// The host, where it stands, the origin and how many segments come before the path a
    /// table reads in `link` (`inout` only to be read in place, where it stands: it is not
    /// changed).
    private static func resolve(
        _ link: inout LinkComponents, defaults: borrowing TableDefaults
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
            let origin = OriginMatch.resolve(&link, origins: defaults.origins, order: defaults.originOrder, options: defaults.options)
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

    /// Views of a link, each in an object that no view the matcher made holds (views that
    /// shared one object share one copy of it), for work done on a thread that did not match
    /// the link: an error's diagnostic, computed when it is first asked for.
    ///
    /// The matcher lends a view's components `inout` (``LinkComponents/lend(_:_:)``: in place,
    /// with no copy), an access ThreadSanitizer counts as a write even though nothing is
    /// written. Two threads that ask one error for its diagnostic at once would both lend
    /// them (its memo computes outside its lock) and be reported as a race; each reads its own
    /// copy instead. A copy is read, not lent, from the object the views share.
    struct Isolation {
        /// An object copied, and its copy (a structure, not a tuple: see
        /// ``RenderedValues/LabelTexts``).
        private struct Copied {
            let original: Shared
            let copy: Shared
        }

        /// The object copied first, and its copy (most views of a link share one object).
        private var first: Copied?
        /// Any other object copied, and its copy.
        private var more: [Copied] = []

        init() {}

        /// `view`, in a copy of its object made by this isolation.
        mutating func view(_ view: LinkView) -> LinkView {
            if let first, first.original === view.shared { return LinkView(view, shared: first.copy) }
            if let known = more.first(where: { $0.original === view.shared }) { return LinkView(view, shared: known.copy) }
            let copy = Shared(copying: view.shared)
            let copied = Copied(original: view.shared, copy: copy)
            if first == nil { first = copied } else { more.append(copied) }
            return LinkView(view, shared: copy)
        }
    }

    /// `other`, in the object `shared` (a copy of its own).
    private init(_ other: LinkView, shared: Shared) {
        self.shared = shared
        segmentStart = other.segmentStart
        sharedKeysIfAny = other.sharedKeysIfAny
    }

    /// The key of the host's trie root: a link without a host looks for routes without one.
    var hostKey: String { shared.resolved.pointee.hostKey }

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
    /// `offset`, looked up in place. (This and the three below lend the link with
    /// ``LinkComponents/lend(_:_:)``: a method called on ``link`` would be handed a copy.)
    @inline(__always)
    func child(of node: Int, in trie: borrowing RouteTrie, literal offset: Int) -> Int? {
        let segment = segment(offset)
        return LinkComponents.lend(&shared.link.pointee) { $0.withText(of: segment) { trie.child(of: node, literal: $0) } }
    }

    /// The (decoded) text of `segment`, made now.
    func text(of segment: LinkComponents.Segment) -> String {
        LinkComponents.lend(&shared.link.pointee) { $0.text(of: segment) }
    }

    /// Whether `segment`'s text is empty.
    @inline(__always)
    func isEmpty(_ segment: LinkComponents.Segment) -> Bool {
        LinkComponents.lend(&shared.link.pointee) { $0.isEmpty(segment) }
    }

    /// Whether `segment`'s (decoded) text is `literal`, compared in place.
    func segment(_ segment: LinkComponents.Segment, is literal: String) -> Bool {
        LinkComponents.lend(&shared.link.pointee) { $0.segment(segment, is: literal) }
    }

    /// Whether the (decoded) text of segment `offset` has `prefix` and `suffix` around a
    /// capture (``Affixes/innerRange(of:prefix:suffix:)``), read in place.
    func segment(_ offset: Int, surroundedBy prefix: String, _ suffix: String) -> Bool {
        let segment = segment(offset)
        return LinkComponents.lend(&shared.link.pointee) {
            $0.withText(of: segment) { Affixes.innerRange(of: $0, prefix: prefix, suffix: suffix) != nil }
        }
    }

    /// Whether the decoded key of the link's query item `index` is `key`, whose tag is `tag`
    /// (see ``LinkComponents/item(_:hasKey:tag:)``). The tags are compared where the item
    /// stands; the link is lent only when they leave it to the key's bytes (lending it on
    /// every comparison cost 74 instructions of the enum hit).
    @inline(__always)
    func queryItem(_ index: Int, hasKey key: String, tag: ByteTag) -> Bool {
        if let decided = link.queryItems[index].key(isTagged: tag) { return decided }
        return LinkComponents.lend(&shared.link.pointee) { $0.item($0.queryItems[index], hasKey: key, tag: tag) }
    }

    /// Whether the key of the link's query item `index` is one of the ``sharedKeys``.
    func sharesQueryItem(_ index: Int) -> Bool {
        sharedKeysIfAny?.contains { queryItem(index, hasKey: $0, tag: ByteTag($0)) } ?? false
    }

    /// The decoded key of the link's query item `index`, made now.
    func key(ofQueryItem index: Int) -> String {
        LinkComponents.lend(&shared.link.pointee) { $0.key(of: $0.queryItems[index]) }
    }

    /// The decoded value of the link's query item `index`, made now.
    func value(ofQueryItem index: Int) -> String {
        LinkComponents.lend(&shared.link.pointee) { $0.value(of: $0.queryItems[index]) }
    }

    /// The text of a bad escape, as a reason quotes it.
    func escapeText(_ range: Range<Int>) -> String { LinkReader.escapeText(link, range) }
}
