/// The hit path of a plain link: one pass over its bytes and one walk down the trie, for the
/// links most apps receive, which the general matcher reads, walks and evaluates in three
/// passes of far more code (the link reader alone handles escapes, userinfo, ports, raw paths,
/// fragments and limits; the evaluator affixes, rests, lists, mounts and strict queries).
///
/// It never explains: it answers "this route, with these texts" only for a link it reads
/// whole, in which case the general matcher's answer is the same route with the same texts
/// (`PlainHitTests` and the fuzzer compare the two on every link they make), and "ask the
/// matcher" for everything else, which then decides (and explains) as it always has. A route
/// one of whose texts its type refutes by its bytes (``LabelInfo/read(_:)``, an integer
/// with a letter) is not handed its texts, as the matcher's evaluator does not build it: the
/// matcher is told which route refused, and explains it.
///
/// A plain link is `scheme://host/segment/…?key=value&…`: a lower-case scheme and host, each
/// segment and each query key and value one or more of RFC 3986's unreserved characters
/// (letters, digits, `-`, `.`, `_`, `~`) and no segment `.` or `..`, no trailing `/`, no
/// userinfo, port, escape or fragment, within the table's limits, from one of the table's
/// origins (its path prefix first, when it has one). It reaches a route when,
/// taking at each segment a literal edge, else the first in-segment capture whose literal text
/// surrounds the segment (``RouteTrie/affixedChild(of:segment:)``), else the capture, else a
/// rest, as the matcher's walk tries them first, the path ends at a node whose first route (or
/// the rest's first route at the node where the walk took it) has a plain pattern (literals,
/// whole-segment and in-segment captures, perhaps a rest at the end; query items
/// `key=${name}`, `key=pre${name}post` or `key=literal`; no fragment) whose query labels mount
/// no table (and bind no list inside a value), learned without problems, and every query item
/// of the pattern is in the link once (a list's, any number of times; or absent and optional),
/// literals equal, and, in strict mode, every item of the link is the pattern's. An in-segment
/// capture, in a segment or a value, binds the text between its literal parts, a list in the
/// query the values of every item with its key. A rest binds its segments as one text, a
/// list's texts one a segment, or, when its label's type is a mounted table, the route that
/// table's own plain path reaches in the rest of the link (``mountedHit(_:path:_:_:_:)``), with
/// its texts. The matcher's walk attempts that route first, and it fits with the same texts
/// (the mounted table's walk, the same route with the same texts); anything else is the
/// matcher's to decide.
///
/// A table qualifies when it reads links from its origins (see ``RouteTable/plainHits``); an
/// origin's path prefix is read as the matcher reads it, and a link whose host a pattern gives
/// (whose routes the matcher tries first) is left to the matcher.
enum PlainHit {
    /// A route found whose build refused its texts: the matcher takes the failure as the
    /// route's, and does not build it again (a closure route's closure runs once a match). An
    /// object, made only on such a miss: an optional of it is one word, which a hit tests for
    /// `nil` without the runtime's help (an optional of a structure holding the failure, an
    /// enum of several payloads, was tested through its type's value witnesses).
    final class Tried {
        let route: Int
        let failure: DecodeFailure

        init(route: Int, failure: DecodeFailure) {
            self.route = route
            self.failure = failure
        }
    }

    /// What the plain path did with a link.
    enum Outcome {
        /// The link is not plain, or does not plainly fit: the matcher decides.
        case left
        /// The route was handed its texts and built.
        case built
        /// The route was handed its texts and its build refused them.
        case refused(Tried)
        /// The route was not built: a text's type refutes it (``LabelInfo/read(_:)``). The
        /// matcher explains it without evaluating it first. (Its index, not an object: a miss
        /// of this kind, the most common near miss, allocates nothing for it. In 32 bits, as
        /// the trie keeps it: the outcome stays one word, its case in the bits a reference
        /// leaves unused, which a hit tests as it did.)
        case refuted(route: Int32)
    }

    /// Hands the route `text` reaches in `table`, and the texts its labels bind, to `attempt`
    /// (as the matcher's walk hands a route it evaluated), the route lent and the texts moved.
    static func attempt(_ text: String, in table: RouteTable, _ attempt: RouteTable.Attempt) -> Outcome {
        text.utf8.withContiguousStorageIfAvailable { PlainHit.attempt($0, in: table, attempt) } ?? .left
    }

    /// The route a plain link reaches and the texts its labels bind.
    struct Found {
        let route: Int
        /// `nil` when a text's type refutes it (``LabelInfo/read(_:)``): the route is not
        /// handed its texts. (A path text refuted refuses the route whatever follows the path,
        /// which is not read: the link may hold what the matcher's reader refuses.)
        let values: BoundValueList?
        /// For each slot that binds a mounted table's route (``BoundValue/mountedHit(_:)``,
        /// whose record lives only as long as the attempt), that table and what the plain path
        /// found in it, read while the record lived.
        var mounted: [Int: (table: RouteTable, found: Found)] = [:]
    }

    /// The route `text` reaches in `table` and what it binds, not built, or `nil` when the link
    /// is not plain or does not plainly fit (for the tests and ``RouteTable/plainHitDisagreement(_:)``).
    static func find(_ text: String, in table: RouteTable) -> Found? {
        var found: Found?
        let outcome = attempt(text, in: table) { route, values in
            found = resolved(route.index, values)
            return nil
        }
        if found == nil, case .refuted(let route) = outcome { return Found(route: Int(route), values: nil) }
        return found
    }

    /// Route `route` with `values`, and the mounted routes they bind, read from their records,
    /// which the attempt running keeps.
    private static func resolved(_ route: Int, _ values: BoundValueList) -> Found {
        var found = Found(route: route, values: values)
        for slot in values.indices {
            guard case .mountedHit(let reference) = values[slot], let hit = MountedHits.live(reference),
                let inner = hit.pointee.values
            else { continue }
            found.mounted[slot] = (hit.pointee.matcher.takeUnretainedValue().table, resolved(hit.pointee.route, inner))
        }
        return found
    }

    private static func attempt(
        _ bytes: UnsafeBufferPointer<UInt8>, in table: RouteTable, _ attempt: RouteTable.Attempt
    ) -> Outcome {
        let count = bytes.count
        WorkMeter.add(count)
        guard count <= table.options.limits.maxLinkLength, let root = table.trie.originsRoot else { return .left }
        // scheme "://"
        var index = ByteClass.end(of: ByteClass.scheme, in: bytes, from: 0)
        guard index > 0, index + 2 < count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/"), bytes[0] &- UInt8(ascii: "a") < 26
        else { return .left }
        let scheme = ByteText.part(of: bytes, start: 0, count: index)
        // host "/"
        index += 3
        let hostStart = index
        index = ByteClass.end(of: ByteClass.host, in: bytes, from: index)
        guard index > hostStart, index < count, bytes[index] == UInt8(ascii: "/") else { return .left }
        let host = ByteText.part(of: bytes, start: hostStart, count: index - hostStart)
        // Routes whose pattern names this host come before the origins' (``RouteTable``'s
        // `run`): such a link is the matcher's.
        if table.trie.hasHostRoots, table.trie.roots[bytes: host] != nil { return .left }
        // The origin's path prefix, if it has one, is not the routes' path.
        guard let prefixEnd = origin(scheme: scheme, host: host, bytes, pathStart: index, table.defaults) else { return .left }
        return reach(
            bytes, path: prefixEnd.index, segments: prefixEnd.segments, from: root, in: table, table, 0,
            outermost: true, handOver: { attemptInSegments(bytes, path: prefixEnd, from: root, in: table, $0, attempt) }
        ) {
            hand($0, $1, $2, $3, to: attempt)
        }
    }

    /// ``attempt(_:in:_:)``'s walk of a path that meets in-segment captures, from where the
    /// walk that met them stood (`walk`). (Out of line, as ``mountedHitInSegments``.)
    @inline(never)
    private static func attemptInSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, path: (index: Int, segments: Int), from root: Int, in table: RouteTable,
        _ walk: Walk, _ attempt: RouteTable.Attempt
    ) -> Outcome {
        reach(
            bytes, path: path.index, segments: path.segments, from: root, in: table, table, 0, outermost: true,
            inSegments: true, resuming: walk, handOver: { _ in .left }
        ) {
            hand($0, $1, $2, $3, to: attempt)
        }
    }

    /// Hands the route the outermost walk reached, `route` (number `index`), and its texts to
    /// `attempt`, or tells of it unbuilt when a text's type refutes it.
    @inline(__always)
    private static func hand(
        _ route: CompiledRoute, _ index: Int, _ values: consuming BoundValueList, _ refuted: Bool,
        to attempt: RouteTable.Attempt
    ) -> Outcome {
        // Which text, and why, the matcher's explanation says (converting each text).
        if refuted { return .refuted(route: Int32(truncatingIfNeeded: index)) }
        guard let failure = attempt(route, consume values) else { return .built }
        return .refused(Tried(route: index, failure: failure))
    }

    /// Walks `table`'s trie from `root` over the path that starts at `bytes[path]` (after
    /// `before` segments of the link), binds the texts of the route the walk reaches first, and
    /// hands it (lent), its index, the texts (moved) and whether a text's type refutes it to
    /// `body`: `.left` when the path or the query is not plain or does not plainly fit (a path
    /// text its type refutes is handed on with no more of the link read). `linkTable` and
    /// `offset`: the table that read the link (the outermost), and the segment of that table's
    /// view where `table`'s path starts (0, or where the route that mounts it captures the
    /// rest), for a mounted route whose build refuses its texts (``MountedHit``). Passed apart,
    /// not as one structure. `outermost`: whether `table` is `linkTable`'s level, not a mounted
    /// table's, whose walk takes the records of the mounted routes it found (``MountedHits``)
    /// off the thread's stack when `body` returns.
    ///
    /// `inSegments`: whether the walk reads in-segment captures; a walk that does not hands a
    /// path that meets them, where it stands, to `handOver`, which runs one that does, resuming
    /// there (`walk`): the edges it would take are code the hit of every other link would carry
    /// (some 20 instructions a hit, in the registers the loop keeps). `handOver` runs a walk of
    /// its own, with a `body` of its own (``attemptInSegments``, ``mountedHitInSegments``):
    /// handed this `body`, the walk made it an object, whose captures the inlined walk then
    /// read from memory (some 50 instructions a nested hit).
    @inline(__always)
    private static func reach(
        _ bytes: UnsafeBufferPointer<UInt8>, path: Int, segments before: Int, from root: Int,
        in table: RouteTable, _ linkTable: RouteTable, _ offset: Int, outermost: Bool, inSegments: Bool = false,
        resuming walk: Walk? = nil, handOver: (Walk) -> Outcome,
        _ body: (_ route: CompiledRoute, _ index: Int, _ values: consuming BoundValueList, _ refuted: Bool) -> Outcome
    ) -> Outcome {
        let count = bytes.count
        let limits = table.options.limits
        var index = walk?.index ?? path, segments = walk?.segments ?? before
        var node = walk?.node ?? root
        // The segments the walk captures: the texts the route it reaches binds.
        var captured = walk?.captured ?? CapturedSegments()
        // Where the walk took a rest edge: its node, its first segment's `/` and offset.
        var rest: (node: Int, start: Int, offset: Int)?
        // path: each segment plain, the walk taking its literal edge before its capture, and
        // its capture before the rest (the matcher's order).
        while index < count, bytes[index] == UInt8(ascii: "/") {
            guard let start = segment(bytes, at: &index, segments: &segments, limit: limits.maxPathSegments)
            else { return .left }
            if let child = table.trie.child(of: node, literal: ByteText.part(of: bytes, start: start, count: index - start)) {
                node = child
            } else if !inSegments, table.trie.hasAffixed(node) {
                // Handed over to the walk that reads in-segment captures, which reads this
                // segment again, where this walk stands.
                return handOver(Walk(index: start - 1, segments: segments - 1, node: node, captured: captured))
            } else if inSegments, table.trie.hasAffixed(node),
                let child = affixedChild(
                    of: node, in: table.trie, bytes, start, index, segments - before - 1, &captured)
            {
                // `-1`: one fits, and more segments are captured than kept.
                guard child >= 0 else { return .left }
                node = child
            } else if let capture = table.trie.nodes[node].capture {
                node = capture
                guard captured.append(offset: segments - before - 1, start: start, end: index) else { return .left }
            } else if table.trie.hasRests(node) {
                rest = (node, start - 1, segments - before - 1)
                break
            } else {
                return .left
            }
        }
        if rest != nil {
            // The rest's other segments, plain as the others.
            while index < count, bytes[index] == UInt8(ascii: "/") {
                guard segment(bytes, at: &index, segments: &segments, limit: limits.maxPathSegments) != nil else { return .left }
            }
        }
        let pathEnd = index
        let found: Int?
        if let rest { found = table.trie.firstRest(of: rest.node) } else { found = table.trie.firstTerminal(of: node) }
        guard let first = found else { return .left }
        // The route is lent, not retained: the table keeps it.
        return Unmanaged.passUnretained(table.routes[first])._withUnsafeGuaranteedRef { route -> Outcome in
            return route.withLearnedBox { learned -> Outcome in
                guard learned.value.isPlain else { return .left }
                let labels = learned.value.labels
                var values = BoundValueList(absent: labels.count)
                // Whether a label's type refutes its text (`LabelInfo.read`), as the matcher's
                // evaluator does: the route is not built only to refuse.
                var refuted = false
                // The route's path captures the segments the walk captured (its pattern is the
                // walk's edges), so their texts are the route's.
                for position in 0..<captured.count {
                    let segment = captured[position]
                    if let slot = route.segmentLabels[segment.offset] {
                        bind(slot, bytes, segment.start, segment.end, labels, into: &values, refuted: &refuted)
                    }
                }
                if refuted {
                    // A path text the route's type refutes: the route is not built, whatever the
                    // rest and the query hold, and the walk's edges chose it (each segment read
                    // whole: the path ends at the query or at the link's end). Its query is not
                    // read, nor a table it mounts: the matcher's explanation of the route reads
                    // the whole link, as it would had the plain path read the query.
                    guard pathEnd == count || bytes[pathEnd] == UInt8(ascii: "?") else { return .left }
                    return body(route, first, consume values, true)
                }
                // The rest: one text (its segments joined by their `/`, as they stand), or the
                // route a mounted table reaches in it. A mounting route's query is not strict:
                // the mounted table judges the items (as the matcher's evaluator does).
                var mounts = false
                // Where the thread's stack of records stood before the outermost level's mount:
                // that level takes off the records of the mounted routes found (every level's)
                // when it is done, after `body`, whose build reads them. Set only there.
                var depth: Int?
                defer { if let depth { MountedHits.truncate(to: depth) } }
                if let rest, let slot = route.segmentLabels[rest.offset] {
                    if let mount = labels[slot].mount {
                        mounts = true
                        if outermost { depth = MountedHits.depth() }
                        guard let hit = mountedHit(bytes, path: rest.start, mount, linkTable, offset + rest.offset)
                        else { return .left }
                        values[slot] = .mountedHit(hit)
                    } else {
                        bindRest(
                            slot, bytes, from: rest.start, to: pathEnd, segments: segments - before - rest.offset,
                            labels, into: &values, refuted: &refuted)
                    }
                }
                guard bindQuery(
                    route, labels, bytes, from: pathEnd, table.options, strict: table.options.strictQuery && !mounts,
                    into: &values, refuted: &refuted)
                else { return .left }
                return body(route, first, consume values, refuted)
            }
        }
    }

    /// The route the table `mount` mounts reaches in the rest of the link, from `start` (its
    /// first segment's `/`, at segment `offset` of `linkTable`'s view of `link`), with the
    /// texts its labels bind, kept on the thread's stack of records (``MountedHits``): their
    /// reference, or `nil` when the mounted table takes no plain link, the rest is not plain
    /// or does not plainly fit, a text's type refutes it, or the stack is full: the matcher
    /// then decides the whole link. (Out of line: the plain path of a table whose routes mount
    /// tables meets it once a level.)
    @inline(never)
    private static func mountedHit(
        _ bytes: UnsafeBufferPointer<UInt8>, path start: Int, _ mount: Mount, _ linkTable: RouteTable, _ offset: Int
    ) -> MountedHitReference? {
        guard let matcher = MountedMatcher.unretained(mount.type) else { return nil }
        // Lent, not retained: matchers are kept for the process's life.
        return matcher._withUnsafeGuaranteedRef { lent -> MountedHitReference? in
            guard lent.table.plainMountedHits, let root = lent.table.trie.originsRoot else { return nil }
            return mountedReach(bytes, path: start, from: root, matcher, lent.table, linkTable, offset) {
                mountedHitInSegments(bytes, path: start, from: root, matcher, linkTable, offset, $0)
            }
        }
    }

    /// ``mountedHit(_:path:_:_:_:)``'s walk of a rest that meets in-segment captures, from where
    /// the walk that met them stood (`walk`). (Out of line: its own copy of the walk, which
    /// only such a rest runs.)
    @inline(never)
    private static func mountedHitInSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, path start: Int, from root: Int, _ matcher: Unmanaged<MountedMatcher>,
        _ linkTable: RouteTable, _ offset: Int, _ walk: Walk
    ) -> MountedHitReference? {
        matcher._withUnsafeGuaranteedRef { lent -> MountedHitReference? in
            mountedReach(
                bytes, path: start, from: root, matcher, lent.table, linkTable, offset, inSegments: true, resuming: walk
            ) { _ in nil }
        }
    }

    /// The walk of a mounted table, `table` (`matcher`'s), over the rest from `bytes[start]`:
    /// the reference of the record it keeps of the route it reaches (``record``), or what
    /// `handOver` returns when the walk hands over (see
    /// ``reach(_:path:segments:from:in:_:_:outermost:inSegments:resuming:handOver:_:)``).
    @inline(__always)
    private static func mountedReach(
        _ bytes: UnsafeBufferPointer<UInt8>, path start: Int, from root: Int, _ matcher: Unmanaged<MountedMatcher>,
        _ table: RouteTable, _ linkTable: RouteTable, _ offset: Int, inSegments: Bool = false,
        resuming walk: Walk? = nil, handOver: (Walk) -> MountedHitReference?
    ) -> MountedHitReference? {
        var reference: MountedHitReference?
        _ = reach(
            bytes, path: start, segments: 0, from: root, in: table, linkTable, offset, outermost: false,
            inSegments: inSegments, resuming: walk,
            handOver: {
                reference = handOver($0)
                return .left
            }
        ) {
            _, index, values, refuted in
            if !refuted { reference = record(matcher, index, consume values, bytes, linkTable, offset) }
            return .left
        }
        return reference
    }

    /// Keeps the route a mounted table's walk reached, number `index` of `matcher`'s table, and
    /// its texts on the thread's stack of records (``MountedHits``): its reference.
    @inline(__always)
    private static func record(
        _ matcher: Unmanaged<MountedMatcher>, _ index: Int, _ values: consuming BoundValueList,
        _ bytes: UnsafeBufferPointer<UInt8>, _ linkTable: RouteTable, _ offset: Int
    ) -> MountedHitReference? {
        // Made in place on the thread's stack of records (a record is 144 bytes, which each move
        // copies).
        MountedHits.add(MountedHit(
            matcher: matcher, route: index, values: consume values, link: bytes, linkTable: linkTable, offset: offset))
    }

    /// Where a walk stands: at the `/` of its next segment, `index`, having read `segments`
    /// segments of the link, at `node`, with the segments it `captured`.
    private struct Walk {
        let index: Int, segments: Int, node: Int
        let captured: CapturedSegments
    }

    /// The child of `node`'s first in-segment capture whose literal text surrounds the segment
    /// `bytes[start..<end]` (``RouteTrie/affixedChild(of:segment:)``), the text between the
    /// literal parts captured (plain bytes are their decoded text) as segment `offset` of the
    /// routes' path; `nil` when none fits, `-1` when one does and `captured` is full. (Out of
    /// line: the hit of a route with no in-segment capture runs none of it.)
    @inline(never)
    private static func affixedChild(
        of node: Int, in trie: borrowing RouteTrie, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ offset: Int, _ captured: inout CapturedSegments
    ) -> Int? {
        let segment = ByteText.part(of: bytes, start: start, count: end - start)
        guard let affixed = trie.affixedChild(of: node, segment: segment) else { return nil }
        let inner = affixed.inner
        guard captured.append(offset: offset, start: start + inner.lowerBound, end: start + inner.upperBound) else {
            return -1
        }
        return affixed.child
    }

    /// Binds the rest from the `/` at `start` to `end`, `count` segments, to `slot`: one text,
    /// its segments joined by their `/` as they stand (``bind(_:_:_:_:_:into:refuted:)``), or for
    /// a list, each segment a text (plain, so read as it stands; a list's elements are converted
    /// when it is built). (Out of line, as ``mountedHit(_:path:_:_:_:)``.)
    @inline(never)
    private static func bindRest(
        _ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, segments count: Int,
        _ labels: [LabelInfo], into values: inout BoundValueList, refuted: inout Bool
    ) {
        guard labels[slot].isList else {
            bind(slot, bytes, start + 1, end, labels, into: &values, refuted: &refuted)
            return
        }
        // The walk counted the segments: the array is made once, at its size.
        var texts: [String] = []
        texts.reserveCapacity(count)
        var index = start
        while index < end {
            let segmentStart = index + 1
            index = segmentStart
            while index < end, bytes[index] != UInt8(ascii: "/") { index += 1 }
            let segment = ByteText.part(of: bytes, start: segmentStart, count: index - segmentStart)
            texts.append(String(decoding: segment, as: UTF8.self))
        }
        values[slot] = .many(texts)
    }

    /// Reads the path segment after the `/` at `index`: its start, with `index` moved to its
    /// end and `segments` counting it; `nil` when it is empty, `.` or `..`, or past `limit`.
    @inline(__always)
    private static func segment(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, segments: inout Int, limit: Int
    ) -> Int? {
        let start = index + 1
        index = ByteClass.end(of: ByteClass.plain, in: bytes, from: start)
        guard index > start, !LinkReader.isDotSegment(ByteText.part(of: bytes, start: start, count: index - start))
        else { return nil }
        segments += 1
        guard segments <= limit else { return nil }
        WorkMeter.add(1)
        return start
    }

    /// Reads the query from `start` (the end of the path: `?` or the link's end) as
    /// `key=value` items joined by `&`, binding the pattern's items; `false` when the query is
    /// not plain or does not plainly fit the pattern. `strict`: whether an item the pattern
    /// does not read is the matcher's to refuse. (Inlined, as it was before lists were read:
    /// out of line, its call cost a hit with no query 27 instructions.)
    @inline(__always)
    private static func bindQuery(
        _ route: CompiledRoute, _ labels: [LabelInfo], _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        _ options: MatchOptions, strict: Bool, into values: inout BoundValueList, refuted: inout Bool
    ) -> Bool {
        let specs = route.ast.queryItems
        // The pattern's items the link carries, a bit each (a plain pattern has at most 64).
        var seen: UInt64 = 0
        let count = bytes.count
        var index = start, items = 0
        if index < count {
            guard bytes[index] == UInt8(ascii: "?") else { return false }
            index += 1
            while true {
                let keyStart = index
                index = ByteClass.end(of: ByteClass.plain, in: bytes, from: keyStart)
                guard index > keyStart, index < count, bytes[index] == UInt8(ascii: "=") else { return false }
                let keyEnd = index
                index += 1
                let valueStart = index
                index = ByteClass.end(of: ByteClass.plain, in: bytes, from: valueStart)
                guard index > valueStart else { return false }
                items += 1
                guard items <= options.limits.maxQueryItems else { return false }
                WorkMeter.add(max(1, specs.count))
                let tag = ByteTag(of: bytes, keyStart..<keyEnd)
                var read = false
                // (`while` loops, here, below and over the origins, as they stand: `for` over
                // the indices ran 38 instructions more a hit, and other spellings of this loop
                // up to 0.4 KiB more code.)
                var offset = -1
                while offset &+ 1 < specs.count {
                    offset &+= 1
                    guard specs[offset].keyTag.verdict(tag)
                        ?? ByteText.equals(specs[offset].key, ByteText.part(of: bytes, start: keyStart, count: keyEnd - keyStart))
                    else { continue }
                    // A key the link repeats is the matcher's to judge, but a list's: each of its
                    // values.
                    if seen & (1 &<< UInt64(offset)) != 0 {
                        guard let label = route.queryLabels[offset], labels[label].isList else { return false }
                    }
                    seen |= 1 &<< UInt64(offset)
                    read = true
                    let value = ByteText.part(of: bytes, start: valueStart, count: index - valueStart)
                    switch specs[offset].value {
                    case .literal(let literal):
                        guard ByteText.equals(literal, value) else { return false }
                    case .capture:
                        if let label = route.queryLabels[offset] {
                            if labels[label].isList {
                                append(label, bytes, valueStart, index, to: &values)
                            } else {
                                bind(label, bytes, valueStart, index, labels, into: &values, refuted: &refuted)
                            }
                        }
                    case .affixed(let prefix, _, let suffix):
                        // The text between the literal parts; a value without them does not fit
                        // the route (the matcher goes on).
                        guard let inner = Affixes.innerRange(of: value, prefix: prefix, suffix: suffix) else { return false }
                        if let label = route.queryLabels[offset] {
                            bind(
                                label, bytes, valueStart + inner.lowerBound, valueStart + inner.upperBound, labels,
                                into: &values, refuted: &refuted)
                        }
                    case .rest:
                        return false
                    }
                }
                if !read && strict { return false }
                if index == count { break }
                guard bytes[index] == UInt8(ascii: "&") else { return false }
                index += 1
            }
        }
        // An item the link does not carry: optional, or the matcher's to judge. A list the link
        // does not carry has no value, as the matcher binds it.
        var offset = 0
        while offset < specs.count {
            if seen & (1 &<< UInt64(offset)) == 0 {
                if route.isRequired(queryItem: offset, labels: labels) { return false }
                if let label = route.queryLabels[offset], labels[label].isList { bindNoValue(label, into: &values) }
            }
            offset &+= 1
        }
        return true
    }

    /// Binds an empty list to `slot`: a list whose key the link does not carry. (Out of line, as
    /// ``append(_:_:_:_:to:)``.)
    @inline(never)
    private static func bindNoValue(_ slot: Int, into values: inout BoundValueList) {
        values[slot] = .many([])
    }

    /// Appends the text of `bytes[start..<end]` (plain) to the list bound to `slot`: a list's
    /// values are the texts of every item with its key, in the link's order, each converted
    /// when the list is built. (Out of line, as ``bind(_:_:_:_:_:into:refuted:)``.)
    @inline(never)
    private static func append(
        _ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, to values: inout BoundValueList
    ) {
        let text = String(decoding: ByteText.part(of: bytes, start: start, count: end - start), as: UTF8.self)
        guard case .many(var texts) = values[slot] else {
            values[slot] = .many([text])
            return
        }
        // Taken out first, so that the list is appended to in place.
        values[slot] = .absent
        texts.append(text)
        values[slot] = .many(texts)
    }

    /// Binds the text of `bytes[start..<end]` (plain: nothing to decode) to `slot`, setting
    /// `refuted` when the label's type refutes it: an `Int` or `Bool` label's text as the value
    /// its bytes spell, when they spell one exactly (``LabelInfo/read(_:)``), else as text.
    /// (Out of line: one copy for a path text, a rest and a query value. Inlined at each, the
    /// hit path ran two copies of it, 600 bytes each, in an instruction cache its code and
    /// the route's `init(from:)` overfill.)
    @inline(never)
    private static func bind(
        _ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ labels: [LabelInfo],
        into values: inout BoundValueList, refuted: inout Bool
    ) {
        let part = ByteText.part(of: bytes, start: start, count: end - start)
        let reading = labels[slot].read(part)
        // A refuted route is not built: its texts are not bound.
        if case .refuted = reading {
            refuted = true
        } else {
            values[slot] = BoundValue(reading, text: String(decoding: part, as: UTF8.self))
        }
    }

    /// Whether the plain path may hand `route` (whose labels are `labels`) a link's texts: its
    /// path is literals, whole-segment and in-segment captures, perhaps ending in a rest that
    /// binds one text or a list or mounts a table, its query items `key=${name}`,
    /// `key=pre${name}post` or `key=literal` each binding one text or a list (every item with
    /// the key; no mount, and no list inside a value, whose values the matcher takes whole), and
    /// it has no fragment. Asked once, when the route is learned.
    static func reads(_ route: CompiledRoute, labels: [LabelInfo]) -> Bool {
        guard mayRead(route.ast) else { return false }
        for offset in route.ast.queryItems.indices {
            guard let label = route.queryLabels[offset] else { continue }
            if labels[label].mount != nil { return false }
            if labels[label].isList, case .affixed = route.ast.queryItems[offset].value { return false }
        }
        return true
    }

    /// Whether the plain path may read a route of pattern `ast`, by the pattern alone: its path
    /// is literals, whole-segment and in-segment captures, perhaps ending in a rest, its query
    /// items `key=${name}`, `key=pre${name}post` or `key=literal`, and it has no fragment (its
    /// labels' types decide the rest: ``reads(_:labels:)``). A table none of whose patterns
    /// qualify takes no link on the plain path (``RouteTable/plainHits``).
    static func mayRead(_ ast: PatternAST) -> Bool {
        guard ast.fragmentStorage.isEmpty, ast.queryItems.count <= 64 else { return false }
        for (offset, segment) in ast.segments.enumerated() {
            switch segment.value {
            case .literal, .capture, .affixed: continue
            case .rest: if offset != ast.segments.count - 1 { return false }
            }
        }
        for item in ast.queryItems {
            switch item.value {
            case .literal, .capture, .affixed: continue
            case .rest: return false
            }
        }
        return true
    }

    /// ``OriginBytes/pathStart(scheme:host:link:from:)`` of the table's origins. A function of
    /// its own, taking the defaults borrowed: written in ``attempt``, the call made the hit run
    /// 0.6 KiB more code in CI's fresh build (`footprint.py closure-hit` 8.8 KiB where 8.2).
    private static func origin(
        scheme: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
        pathStart: Int, _ defaults: borrowing TableDefaults
    ) -> (index: Int, segments: Int)? {
        defaults.plainOrigins.pathStart(scheme: scheme, host: host, link: bytes, from: pathStart)
    }
}

extension RouteTable {
    /// What ``PlainHit`` and the matcher's walk disagree on for `text`, or `nil` when they agree:
    /// the plain path finds nothing, or finds the route the walk attempts first, with the same
    /// texts bound to every label. (For the tests and the fuzzer; a hit never asks.)
    func plainHitDisagreement(_ text: String) -> String? {
        guard plainHits, let found = PlainHit.find(text, in: self) else { return nil }
        let view: LinkView
        do throws(RouteMatchError) {
            view = try self.view(of: text)
        } catch {
            // A route refused by a path text's type is refused whatever follows its path (the
            // plain path does not read it): in a link the reader refuses, no route is searched.
            if found.values == nil { return nil }
            return "the plain path found route \(found.route) in a link the reader refuses: \(error.reason)"
        }
        let (first, walked) = RouteTable.walkedFirst(view, in: self)
        guard let values = found.values else {
            // Refused by a text's type: the walk must not build that route first either, and
            // the search told of the refusal explains the link as the walk alone does.
            guard first?.route != found.route else {
                return "the plain path refused route \(found.route), which the walk builds first"
            }
            let told = match(view, told: .refuted(route: Int32(truncatingIfNeeded: found.route))) { _, _ in nil }
            guard told == walked, told?.description == walked?.description else {
                return "the plain path refused route \(found.route): the search told of it says \(told.map { "\($0)" } ?? "nothing"), the walk \(walked.map { "\($0)" } ?? "nothing")"
            }
            return nil
        }
        guard let first else { return "the plain path found route \(found.route) where the walk built none" }
        guard first.route == found.route else {
            return "the plain path found route \(found.route) where the walk builds route \(first.route) first"
        }
        return RouteTable.disagreement(found, values, first.values)
    }

    /// The route `table`'s walk of `view` takes first, with the texts it binds (taken as built:
    /// the walk stops there), or `nil` and the walk's error.
    private static func walkedFirst(
        _ view: LinkView, in table: RouteTable
    ) -> (first: (route: Int, values: BoundValueList)?, error: RouteMatchError?) {
        var first: (route: Int, values: BoundValueList)?
        let error = table.match(view) { route, values in
            first = (route.index, values)
            return nil
        }
        return (first, error)
    }

    /// What the plain path's `plain` values of the route it found, `found`, and the walk's
    /// `walked` disagree on, or `nil`: the same texts in every slot, and for a mounted table,
    /// the route the plain path found in the rest the one the mounted table's walk builds
    /// first, with the same texts.
    private static func disagreement(_ found: PlainHit.Found, _ plain: BoundValueList, _ walked: BoundValueList) -> String? {
        let route = found.route
        for slot in plain.indices {
            if case .mountedHit = plain[slot], case .mounted(let view) = walked[slot] {
                guard let (table, inner) = found.mounted[slot], let values = inner.values else {
                    return "route \(route), slot \(slot): the plain path's mounted route was not kept"
                }
                let taken = walkedFirst(view, in: table).first
                guard let first = taken, first.route == inner.route else {
                    return "route \(route), slot \(slot): the plain path found mounted route \(inner.route), the walk \(taken.map { "\($0.route)" } ?? "none")"
                }
                if let text = disagreement(inner, values, first.values) { return "route \(route), slot \(slot): \(text)" }
            } else if !plain[slot].isSame(as: walked[slot]) {
                return "route \(route), slot \(slot): the plain path binds \(plain[slot]), the walk \(walked[slot])"
            }
        }
        return nil
    }
}

extension BoundValue {
    /// Whether two bound values are the same texts (a mounted view is never the same: the
    /// plain path binds none).
    func isSame(as other: BoundValue) -> Bool {
        switch (self, other) {
        case (.absent, .absent): return true
        case (.many(let a), .many(let b)): return a == b
        case (.absent, _), (_, .absent), (.many, _), (_, .many), (.mounted, _), (_, .mounted), (.mountedHit, _),
            (_, .mountedHit):
            return false
        case (.one, _), (.int, _), (.bool, _): return text == other.text
        }
    }
}
