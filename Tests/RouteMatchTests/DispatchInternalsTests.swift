import Foundation
import Testing
@_spi(Tools) @testable import RouteMatch

/// The parts a hit goes through without `Dictionary` or generic helpers: the trie's literal
/// index and an enum route's case key read back from its bits; and the standard scalars,
/// known by identity so that a first use asks the runtime about no conformance, as the
/// identity table that keeps tables and probed values by type asks about none.
@Suite struct DispatchInternalsTests {
    // MARK: Literal index

    /// Texts a trie node or the trie's hosts hold: ASCII, percent-decoded non-ASCII, long
    /// (not a small string), empty, and many that differ in one byte.
    static func keys(_ count: Int) -> [String] {
        let special = ["", "café", "user", "User", "a-very-long-segment-text-that-is-not-small", "ü/ß"]
        return Array((special + (0..<max(0, count - special.count)).map { "section\($0)" }).prefix(count))
    }

    /// An index made empty, with room for its texts, or with room for half of them (it grows
    /// past it), finds the same.
    @Test(arguments: [0, 1, 2, 6, 7, 8, 9, 100, 1_000], [nil, 1.0, 0.5])
    func findsEveryTextItHoldsAndNoOther(count: Int, room: Double?) {
        var index = room.map { LiteralIndex(minimumCapacity: Int(Double(count) * $0)) } ?? LiteralIndex()
        let keys = DispatchInternalsTests.keys(count)
        for (position, key) in keys.enumerated() { index.set(key, to: position * 3) }
        index.trim()
        #expect(index.count == keys.count)
        for (position, key) in keys.enumerated() { #expect(index[key] == position * 3) }
        for missing in ["section", "section1000", "USER", "cafe", "caf", " ", "a-very-long-segment-text-that-is-not-smal"] {
            #expect(index[missing] == nil)
        }
        #expect(index.entries.map(\.0) == keys)
        #expect(index.entries.map(\.1) == keys.indices.map { $0 * 3 })
    }

    /// `setIfAbsent` keeps a text's first target, as a table's first case with a key keeps it.
    @Test(arguments: [1, 2, 9, 100])
    func settingATextIfAbsentKeepsItsFirstTarget(count: Int) {
        var index = LiteralIndex(minimumCapacity: count)
        let keys = DispatchInternalsTests.keys(count)
        for (position, key) in keys.enumerated() { index.setIfAbsent(key, to: position) }
        for (position, key) in keys.enumerated() { index.setIfAbsent(key, to: position + 1_000) }
        #expect(index.count == keys.count)
        #expect(keys.enumerated().allSatisfy { index[$1] == $0 })
    }

    @Test func settingATextAgainReplacesItsTargetInPlace() {
        var index = LiteralIndex()
        for key in ["a", "b", "c"] { index.set(key, to: 1) }
        index.set("b", to: 7)
        #expect(index.count == 3)
        #expect(index["b"] == 7)
        #expect(index.entries.map(\.0) == ["a", "b", "c"])
    }

    // MARK: Identity table

    final class Token {}

    /// A value the table keeps (an object, as the caches keep).
    final class Held<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Objects by identity, as the table caches and the probed values are kept: every key
    /// found with its value, other objects' identities not, across growth.
    @Test(arguments: [0, 1, 4, 5, 8, 9, 100, 1_000])
    func keepsEveryValueByIdentityAndNoOther(count: Int) {
        let objects = (0..<count).map { _ in Token() }
        let others = (0..<50).map { _ in Token() }
        var table = IdentityTable()
        for (position, object) in objects.enumerated() { table.set(Held(position * 3), for: ObjectIdentifier(object)) }
        #expect(table.count == count)
        #expect(objects.enumerated().allSatisfy { (table[ObjectIdentifier($1)] as? Held<Int>)?.value == $0 * 3 })
        #expect(others.allSatisfy { table[ObjectIdentifier($0)] == nil })
        #expect(table[ObjectIdentifier(Token.self)] == nil)
        withExtendedLifetime((objects, others)) {}
    }

    @Test func keepingAValueAgainReplacesIt() {
        let objects = (0..<3).map { _ in Token() }
        var table = IdentityTable()
        for object in objects { table.set(Held("first"), for: ObjectIdentifier(object)) }
        table.set(Held("second"), for: ObjectIdentifier(objects[1]))
        #expect(table.count == 3)
        #expect(objects.map { (table[ObjectIdentifier($0)] as? Held<String>)?.value } == ["first", "second", "first"])
        // Types are kept by identity too (a table per route type).
        table.set(Held("type"), for: ObjectIdentifier(Token.self))
        #expect((table[ObjectIdentifier(Token.self)] as? Held<String>)?.value == "type")
        #expect(table.count == 4)
    }

    @Test func aTableOfAThousandLiteralsDispatchesEachLinkToItsRoute() throws {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            for number in 0..<1_000 {
                routes.add("section\(number)/item/${id}") { try number * 10_000 + $0.value("id", as: Int.self) }
            }
        }
        for number in [0, 1, 499, 998, 999] {
            #expect(try router.match("myapp://app/section\(number)/item/42").get() == number * 10_000 + 42)
        }
    }

    /// A node's literal edges after its first are hashed once, when each is added, and placed
    /// again from the hashes they keep each time the buckets double: at every count across
    /// those doublings, each edge's text leads to its own child, and a text beside them (a byte
    /// more, another first byte, the next number, the common prefix alone) to none.
    @Test(arguments: [2, 3, 5, 9, 17, 33, 100, 1_000])
    func aNodeOfManyLiteralEdgesFindsEachByItsTextAndNoOther(count: Int) throws {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            for number in 0..<count { routes.add("s\(number)/item") { _ in number } }
        }
        #expect(router.table.problems.isEmpty)
        let trie = router.table.trie
        let root = try #require(trie.originsRoot)
        #expect(trie.literalCount(of: root) == count)
        var children = Set<Int>()
        for number in 0..<count {
            let found = try #require(trie.child(root, "s\(number)"))
            #expect(children.insert(found).inserted)
            #expect(trie.child(found, "item") != nil)
            #expect(trie.child(root, "s\(number)x") == nil && trie.child(root, "t\(number)") == nil)
        }
        #expect(trie.child(root, "s\(count)") == nil && trie.child(root, "s") == nil && trie.child(root, "") == nil)
        for number in [0, count / 2, count - 1] {
            #expect(try router.match("myapp://app/s\(number)/item").get() == number)
        }
    }

    /// A node's rarer parts, kept beside the nodes in the trie, read back through it, in the
    /// order the build gives them: more literal edges than a diagnostic offers (the earliest
    /// five kept), in-segment captures (more literal text first, then the earlier route), rest
    /// captures and routes ending at one node (more literal, then required, query items first).
    @Test func aTrieKeepsANodesRarerPartsBesideItsNodes() throws {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            for number in 0..<7 { routes.add("l\(number)") { _ in number } }
            routes.add("a/${x}") { _ in 7 }
            routes.add("a/p${x}s") { _ in 8 }
            routes.add("a/${rest...}") { try $0.value("rest", as: String.self).isEmpty ? 9 : 9 }
            routes.add("c") { _ in 10 }
            routes.add("c?k=v") { _ in 11 }
            routes.add("a/pre${x}") { _ in 12 }
            routes.add("a/pp${x}") { _ in 13 }
            routes.add("a/${rest...}?k=${k}") { try ($0.value("rest", as: String.self) + $0.value("k", as: String.self)).isEmpty ? 14 : 14 }
        }
        #expect(router.table.problems.isEmpty)
        let trie = router.table.trie
        let root = try #require(trie.originsRoot)
        #expect(trie.literalCount(of: root) == 9)
        #expect(trie.firstLiterals(of: root) == ["l0", "l1", "l2", "l3", "l4"])
        #expect(trie.child(root, "l6") != nil && trie.child(root, "l7") == nil)
        let a = try #require(trie.child(root, "a"))
        #expect(trie.hasAffixed(a) && trie.affixed(of: a).map { [$0.prefix, $0.suffix] } == [["pre", ""], ["p", "s"], ["pp", ""]])
        #expect(trie.hasRests(a) && Array(trie.rests(of: a)) == [14, 9] && trie.firstRest(of: a) == 14)
        let capture = try #require(trie.nodes[a].capture)
        #expect(Array(trie.terminals(of: capture)) == [7] && !trie.nodes[capture].hasExtras)
        let c = try #require(trie.child(root, "c"))
        #expect(Array(trie.terminals(of: c)) == [11, 10] && trie.firstTerminal(of: c) == 11)
        #expect(!trie.hasAffixed(c) && !trie.hasRests(c) && trie.firstRest(of: c) == nil)
        #expect(trie.extras.count == 3)
    }

    /// The hosts a table accepts, kept when it is built: its origins' in order, each once (two
    /// origins may share a host), then the hosts its patterns give, those an origin has left out.
    @Test func aTableKeepsTheHostsItAcceptsEachOnceInOrder() throws {
        let router = Router<Int>(origins: ["myapp://app", "https://app", "https://example.com"]) { routes in
            routes.add("https://help.example.com/${topic}") { _ in 0 }
            routes.add("item/${id}") { _ in 1 }
            routes.add("https://docs.example.com/${page}") { _ in 2 }
            routes.add("https://example.com/legal") { _ in 3 }
        }
        #expect(router.table.problems.isEmpty)
        #expect(router.table.trie.hosts.contains("example.com"))  // a pattern gives an origin's host
        #expect(router.table.acceptedHosts == ["app", "example.com", "help.example.com", "docs.example.com"])
    }

    /// Links that miss, and the literal segments the diagnostic offers where each left the
    /// table (`link`, the earliest-declared offered, how many more).
    static let offeredLiterals: [(String, [String], Int)] = [
        // The root's eleven edges: more than a diagnostic offers, kept beside the node.
        ("myapp://app/nope/item/1", ["section0", "section1", "section2", "section3", "section4"], 6),
        // Two edges after a capture, in declaration order, not the texts' order.
        ("myapp://app/user/1/postz", ["profile", "posts"], 0),
        // One edge, under `section3`.
        ("myapp://app/section3/itme/1", ["item"], 0),
        // The path fits a route and a value does not: no literal is offered.
        ("myapp://app/section1/item/x", [], 0),
        // The link ends inside the table: no edge was left.
        ("myapp://app/user", [], 0),
    ]

    /// A miss offers the literal segments the table has where the link's path left it, the
    /// earliest-declared first and how many more; none when the path did not leave the table
    /// at a literal edge. (Kept in the details' input itself, not in an object of their own.)
    @Test(arguments: offeredLiterals)
    func aMissOffersTheLiteralsWhereTheLinkLeftTheTable(link: String, offered: [String], more: Int) throws {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            for number in 0..<10 {
                routes.add("section\(number)/item/${id}") { try number * 10_000 + $0.value("id", as: Int.self) }
            }
            routes.add("user/${id}/profile") { try $0.value("id", as: Int.self) }
            routes.add("user/${id}/posts") { try -$0.value("id", as: Int.self) }
        }
        let error = try #require(router.match(link).failure)
        #expect(error.details.expectedSegments == offered)
        #expect(error.details.moreExpectedSegments == more)
    }

    /// A route evaluated for its first problem only (a failed match's reason, a near route's
    /// problem in the diagnostic) finds the first problem its full evaluation finds, and no
    /// other; a route that fits, fits alike. Links made from each fixture's patterns and varied
    /// (``PlainHitTests/link(for:_:)``), each against every route of its table.
    @Test(arguments: PlainHitTests.Fixture.allCases)
    func theFirstProblemExplainedIsTheFullEvaluationsFirst(_ fixture: PlainHitTests.Fixture) {
        let table = fixture.table
        var generator = SeededGenerator(seed: 0xF1_257 + UInt64(fixture.rawValue.utf8.count))
        var failures = 0, fits = 0, mismatches: [String] = []
        for _ in 0..<500 {
            let link = PlainHitTests.link(for: table, &generator)
            guard let view = try? table.view(of: link) else { continue }
            for route in table.routes {
                let all = Evaluator.evaluate(route, view: view, options: table.options, mode: .allProblems).verdict
                let first = Evaluator.evaluate(route, view: view, options: table.options, mode: .firstExplained).verdict
                switch (all, first) {
                case (.fails(let all), .fails(let first)):
                    failures += 1
                    if all.first != first.first || !first.more.isEmpty {
                        mismatches.append("\(link) \(route.reference): \(all.first) against \(first.first), \(first.more.count) more")
                    }
                case (.fits, .fits):
                    fits += 1
                default:
                    mismatches.append("\(link) \(route.reference): fits in one mode only")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        // Both kinds of verdict are compared: the comparison is not vacuous.
        #expect(failures > 100)
        #expect(fits > 0)
    }

    /// An owner of a memo whose computation counts what it was asked for, and what cheap part
    /// and owner it was handed.
    final class CountingMemo: MemoOwner, @unchecked Sendable {
        var memo: Memo<String>
        let asked: Locked<[Bool]>
        let handed: Locked<[String?]>
        let owners: Locked<[ObjectIdentifier]>

        init() {
            let asked = Locked<[Bool]>([])
            let handed = Locked<[String?]>([])
            let owners = Locked<[ObjectIdentifier]>([])
            (self.asked, self.handed, self.owners) = (asked, handed, owners)
            memo = Memo { owner, whole, cheap in
                owners.withLock { $0.append(ObjectIdentifier(owner)) }
                asked.withLock { $0.append(whole) }
                handed.withLock { $0.append(cheap) }
                return whole ? "whole" + (cheap.map { " from \($0)" } ?? "") : "part"
            }
        }
    }

    /// A memo computes its cheap part alone when that is asked for first, the whole value once
    /// when it is asked for (handed the cheap part computed before it), and nothing again:
    /// after the whole, the part asked for is the whole.
    @Test(arguments: [
        ([false], ["part"], [false], [nil]),
        ([true], ["whole"], [true], [nil]),
        ([false, false, true, true, false], ["part", "part", "whole from part", "whole from part", "whole from part"],
         [false, true], [nil, "part"]),
        ([true, false, true], ["whole", "whole", "whole"], [true], [nil]),
    ] as [([Bool], [String], [Bool], [String?])])
    func aMemoComputesItsCheapPartAloneAndItsWholeOnce(asks: [Bool], answers: [String], computed: [Bool], cheap: [String?]) {
        let owner = CountingMemo()
        #expect(asks.map { owner.memoized(whole: $0) } == answers)
        #expect(owner.asked.withLock { $0 } == computed)
        #expect(owner.handed.withLock { $0 } == cheap)
        // Each computation is handed the object that keeps the memo.
        #expect(owner.owners.withLock { $0 } == Array(repeating: ObjectIdentifier(owner), count: computed.count))
    }

    /// A miss's one-line summaries and redacted link read the details' cheap part only; the
    /// full diagnostic asked for after them is the one an error asked for it first gives
    /// (notes, other candidates, example and all).
    @Test(arguments: [
        "myapp://app/user/42/posts/extra?page=x", "myapp://app/nope/item/42", "myapp://app/user/4x2/posts?page=x",
        "myapp://u:secret@app/article?ref=1#top", "myapp://other/user/42/profile",
    ])
    func aSummaryFirstLeavesTheFullDiagnosticAsItIs(link: String) throws {
        try expectSummaryFirstLeavesTheFullDiagnostic(AppRoute.self, link)
    }

    /// The same of a mounted table's miss, whose parts to redact are the mounting route's and
    /// the mounted table's: the full diagnostic asked for after the redacted summary takes them
    /// from the summary's cheap part, and is the one a fresh error gives.
    @Test(arguments: [
        "myapp://app/settings/notifications/loud", "myapp://app/settings/privacy/ads?expanded=maybe",
        "https://example.com/settings/nope/1?ref=x", "myapp://app/settings/privacy/ads/extra",
    ])
    func aMountedSummaryFirstLeavesTheFullDiagnosticAsItIs(link: String) throws {
        let error = try expectSummaryFirstLeavesTheFullDiagnostic(FeatureApp.self, link)
        // The closest route is a mounted table's, named by its path.
        #expect(error.closestRoute?.name.hasPrefix("settings › ") == true)
    }

    /// Asks `link`'s error for its summaries first, then for its full and redacted
    /// diagnostics, and expects what an error asked for the diagnostics first gives.
    @discardableResult
    private func expectSummaryFirstLeavesTheFullDiagnostic<Route: Routable>(
        _: Route.Type, _ link: String
    ) throws -> RouteMatchError {
        let first = try #require(Route.match(link).failure)
        let summaries = [first.summary, first.redactedSummary, first.redactedInput]
        let fresh = try #require(Route.match(link).failure)
        #expect(first.description == fresh.description)
        #expect(first.redactedDescription == fresh.redactedDescription)
        #expect(first.notes == fresh.notes)
        #expect(first.otherCandidates == fresh.otherCandidates)
        #expect(summaries == [fresh.summary, fresh.redactedSummary, fresh.redactedInput])
        #expect(first.summaryDetails.redactions == fresh.details.redactions)
        return first
    }

    /// A value's shape counts its characters as `String` does, from its bytes where they are
    /// ASCII (a CR LF pair one character), from a string made of them where they are not.
    @Test(arguments: [
        ("", "<0 chars>"), ("a", "<1 char>"), ("abc", "<3 chars>"), ("a\r\nb", "<3 chars>"), ("\r\r\n\n", "<3 chars>"),
        ("\n\r", "<2 chars>"), ("é", "<1 char>"), ("e\u{301}x", "<2 chars>"), ("🇫🇷🇩🇪", "<2 chars>"),
        (String(repeating: "x", count: 10), "<10 chars>"), (String(repeating: "y", count: 1_234), "<1234 chars>"),
        (String(repeating: "z", count: 1_000_000), "<1000000 chars>"),
    ])
    func aValuesShapeCountsItsCharacters(value: String, shape: String) {
        #expect(Redaction.shape(value) == shape)
        #expect(Array(value.utf8).withUnsafeBufferPointer { ByteText.characterCount($0) } == value.count)
    }

    /// A link redacted for a log line hides each part that can carry a secret, whatever order
    /// its parts to redact are found in (`Redaction.link` finds the segments before the
    /// userinfo; a match's redactions come in the link's order and are not sorted again).
    @Test(arguments: [
        ("myapp://admin:pw@app/a/bc?k=v#f", "myapp://<8 chars>@app/<1 char>/<2 chars>?<1 char>=<1 char>#<1 char>"),
        ("myapp://app/a/bc?k=v", "myapp://app/<1 char>/<2 chars>?<1 char>=<1 char>"),
        ("myapp://u@app", "myapp://<1 char>@app"),
    ])
    func aLinkRedactedForALogHidesEachPart(link: String, redacted: String) {
        #expect(Redaction.link(link) == redacted)
    }

    // MARK: What a table keeps a route

    /// A trie node (three a `section{i}/item/${id}` route) and a pattern segment stay within their
    /// compact sizes: the README's memory figures, and CI's budget of under 1 KB a route
    /// (`Bench --memory`), rest on them.
    @Test func aTrieNodeAndAPatternSegmentStayWithinTheirCompactSizes() {
        // Plain words: copying a node retains nothing, freeing one releases nothing.
        #expect(MemoryLayout<RouteTrie.Node>.stride == 32)
        #expect(_isPOD(RouteTrie.Node.self))
        #expect(MemoryLayout<PatternAST.Segment>.stride <= 40)
        // A learned route's box (its header and this) then fits 40 bytes, and a case with
        // values adds its keys, its labels' key type and its labels' container within 64. (Its
        // name is one word, read when asked: ``RouteName``.)
        #expect(MemoryLayout<LearnedRoute>.stride <= 24)
    }

    // MARK: Where a label's text comes from

    /// A route keeps no source a label: each is found from the slots where the label's
    /// placeholder first stands (a repeated name keeps its first place, as its slot does).
    @Test(arguments: [
        ("a/${x}/b/${y...}?q=${z}&r=lit#${f}", ["x", "y", "z", "f"], [CompiledRoute.Source.segment(1), .rest(3), .query(0), .fragment]),
        ("p${x}s/lit?k=a${y}b&m=${x}", ["x", "y"], [.segment(0), .query(0)]),
        ("lit?k=${k}#${k}", ["k"], [.query(0)]),
        ("only/literals", [], []),
    ])
    func aLabelsSourceIsWhereItsPlaceholderFirstStands(pattern: String, names: [String], sources: [CompiledRoute.Source]) {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in routes.add(pattern) { _ in 0 } }
        let route = router.table.routes[0]
        #expect(route.labelNames == names)
        #expect(names.indices.map { route.source(of: $0) } == sources)
        #expect(route.source(of: names.count) == .none)
    }

    /// The address of an array's storage (`nil` for an empty array, which has none of its own).
    static func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) }
    }

    /// Routes of one shape keep one array of label names and one of slots between them: a
    /// route shares an equal array of the routes declared up to eight before it, and keeps
    /// its own when none is equal.
    @Test func routesOfOneShapeShareTheirLabelsAndSlots() {
        let patterns = ["section0/item/${id}", "section1/item/${id}", "user/${id}/posts?page=${page}",
                        "section2/item/${id}", "search?q=${q}&page=${page}", "find?q=${q}&page=${page}",
                        "user/${id}", "lit/${id}"] + (0..<8).map { "filler\($0)/${other}" } + ["section3/item/${id}"]
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            for pattern in patterns { routes.add(pattern) { _ in 0 } }
        }
        let routes = router.table.routes
        let names = routes.map { DispatchInternalsTests.storage($0.labelNames) }
        let segments = routes.map { DispatchInternalsTests.storage($0.segmentLabels.raw) }
        let queries = routes.map { DispatchInternalsTests.storage($0.queryLabels.raw) }
        // The values are each route's own.
        #expect(routes.map(\.labelNames) == [["id"], ["id"], ["id", "page"], ["id"], ["q", "page"], ["q", "page"], ["id"], ["id"]]
            + Array(repeating: ["other"], count: 8) + [["id"]])
        // Shared storage: the nearest equal array within eight routes before.
        #expect(names[1] == names[0] && names[3] == names[1] && names[6] == names[3] && names[7] == names[6])
        #expect(names[5] == names[4] && names[2] != names[0] && names[4] != names[2])
        #expect((9..<16).allSatisfy { names[$0] == names[8] })
        // `section3` follows eight routes of another shape: no `["id"]` within reach.
        #expect(names[16] != names[7])
        #expect(segments[1] == segments[0] && segments[3] == segments[1] && segments[16] != segments[3])
        #expect(segments[7] == segments[6] && segments[5] == segments[4] && segments[6] != segments[0] && segments[2] != segments[0])
        #expect(queries[5] == queries[4] && queries[2] != queries[4] && queries[0] == nil)
        // A literal's slot is `SlotIndices.literal`.
        let l = SlotIndices.literal
        #expect(routes.map(\.segmentLabels.raw) == [[l, l, 0], [l, l, 0], [l, 0, l], [l, l, 0], [l], [l], [l, 0], [l, 0]]
            + Array(repeating: [l, 0], count: 8) + [[l, l, 0]])
        #expect(routes.map(\.queryLabels.raw) == [[], [], [1], [], [0, 1], [0, 1], [], []] + Array(repeating: [], count: 8) + [[]])
    }

    enum SharedLabels: Routable {
        static var scheme: String { "myapp" }
        static var host: String { "app" }
        case a(id: Int), b(id: Int), c(id: Int?), d(id: String), e(key: Int), f(id: Int)
        enum CodingKeys: String, CodingKey, CaseIterable {
            case a = "a/${id}", b = "b/${id}", c = "c?id=${id}", d = "d/${id}", e = "e/${key}", f = "f/${id}"
        }
    }

    /// Learned routes whose labels have the same names, types and optionality keep one array
    /// of them between them; a label of another type, optionality or name keeps its own.
    @Test func learnedRoutesOfOneShapeShareTheirLabels() throws {
        let router = Router(SharedLabels.self)
        try router.validate()
        let routes = router.table.routes
        let lists = routes.map { DispatchInternalsTests.storage($0.learned.labels) }
        #expect(routes.map { $0.learned.labels.map(\.name) } == [["id"], ["id"], ["id"], ["id"], ["key"], ["id"]])
        #expect(routes.map { $0.learned.labels.map(\.isOptional) } == [[false], [false], [true], [false], [false], [false]])
        #expect(lists[1] == lists[0] && lists[5] == lists[0])
        #expect(Set(lists[0...4]).count == 4)
    }

    /// Patterns that place their labels alike and not: other literals, other names, names in
    /// another order, a name repeated, a label in the query or the fragment, none at all.
    static let slotShapes = [
        "a/${x}", "b/${x}", "a/${y}", "a/${x}/${y}", "b/${x}/${y}", "a/${y}/${x}", "a/${x}/${x}", "a/b", "${x}",
        "a/${x}?q=${y}", "b/${x}?r=${y}", "a/${x}?q=${x}", "a/${x}?q=lit", "a/${x}#${f}", "a/${x}?q=${y}#${f}",
        "a/${x}?q=${y}#${x}", "a/${x...}", "p${x}s/lit", "a/b?q=${x}",
    ]

    /// A route that places its labels as the route before it does takes that route's slots
    /// (and their arrays) without making its own: exactly when the slots it would make are
    /// equal to that route's, whatever the literals.
    @Test(arguments: DispatchInternalsTests.slotShapes)
    func aRouteTakesThePreviousRoutesSlotsExactlyWhenTheyAreEqual(previous: String) {
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in routes.add(previous) { _ in 0 } }
        let route = router.table.routes[0]
        for pattern in DispatchInternalsTests.slotShapes {
            let ast = PatternParser.parse(pattern, firstSegmentIsHost: false).ast
            let made = CompiledRoute.Slots(ast)
            let equal = made.names == route.labelNames && made.segmentLabels == route.segmentLabels.raw
                && made.queryLabels == route.queryLabels.raw && made.fragmentLabel == route.fragmentLabel
            let taken = CompiledRoute.Slots(ast, sameAs: route)
            #expect((taken != nil) == equal, "\(pattern) after \(previous)")
            if let taken {
                #expect(taken.names == made.names && taken.segmentLabels == made.segmentLabels, "\(pattern) after \(previous)")
                #expect(taken.queryLabels == made.queryLabels && taken.fragmentLabel == made.fragmentLabel)
                #expect(DispatchInternalsTests.storage(taken.names) == DispatchInternalsTests.storage(route.labelNames))
            }
        }
    }

    enum SynthesizedCases: CaseIterable { case a, b, c }
    enum ListedCases: CaseIterable {
        case a, b, c
        typealias AllCases = ContiguousArray<ListedCases>
        static var allCases: ContiguousArray<ListedCases> { [.c, .a, .b] }
    }

    /// A type's cases in the order `allCases` lists them: a synthesized array handed over, any
    /// other collection read by index.
    @Test func casesAreReadInTheOrderAllCasesListsThem() {
        #expect(SynthesizedCases.casesInOrder == [.a, .b, .c])
        #expect(ListedCases.casesInOrder == [.c, .a, .b])
    }

    // MARK: Case keys

    /// A plain-value key of the size of `Raw` (1, 2, 4 or 8 bytes).
    struct BitsKey<Raw: FixedWidthInteger & Sendable>: CodingKey, Equatable {
        let raw: Raw
        var stringValue: String { "k\(raw)" }
        init(_ raw: Raw) { self.raw = raw }
        init?(stringValue: String) { nil }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A plain-value key of an odd size (3 bytes).
    struct Key24: CodingKey, Equatable {
        let a: UInt8, b: UInt8, c: UInt8
        var stringValue: String { "k\(a).\(b).\(c)" }
        init(a: UInt8, b: UInt8, c: UInt8) { (self.a, self.b, self.c) = (a, b, c) }
        init?(stringValue: String) { nil }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func roundTrip<Key: CodingKey & Equatable>(_ key: Key) -> Key? {
        let caseKey = CaseKey(text: key.stringValue, value: key)
        guard caseKey.isStored(as: Key.self) else { return nil }
        return caseKey.load(Key.self)
    }

    @Test func aCaseKeyIsReadBackFromItsBitsWhateverItsSize() {
        #expect(MemoryLayout<Key24>.size == 3)
        #expect(MemoryLayout<BitsKey<UInt16>>.size == 2)
        #expect(roundTrip(BitsKey<UInt8>(0xA5)) == BitsKey<UInt8>(0xA5))
        #expect(roundTrip(BitsKey<UInt16>(0xBEEF)) == BitsKey<UInt16>(0xBEEF))
        #expect(roundTrip(Key24(a: 1, b: 0xFE, c: 3)) == Key24(a: 1, b: 0xFE, c: 3))
        #expect(roundTrip(BitsKey<UInt32>(0xDEAD_BEEF)) == BitsKey<UInt32>(0xDEAD_BEEF))
        #expect(roundTrip(BitsKey<UInt64>(0x0123_4567_89AB_CDEF)) == BitsKey<UInt64>(0x0123_4567_89AB_CDEF))
    }

    @Test func aCaseKeyOfAnotherKeyTypeIsNotReadFromBits() {
        let caseKey = CaseKey(text: "k1", value: BitsKey<UInt8>(1))
        #expect(!caseKey.isStored(as: BitsKey<UInt16>.self))
        #expect(!caseKey.isStored(as: BitsKey<Int8>.self))
        #expect(caseKey.isStored(as: BitsKey<UInt8>.self))
    }

    // MARK: Case-level keys kept by a learned route

    /// A list is made, and read, only for a key of the type whose bits the route's case key
    /// keeps: that check on the case key says what the list holds.
    @Test func aCaseKeyListIsReadOnlyAsTheKeyTypeItsCaseKeyStores() {
        let caseKey: CaseKey? = CaseKey(text: "k7", value: BitsKey<UInt8>(7))
        let stores = [
            caseKey.stores(BitsKey<UInt8>.self), caseKey.stores(BitsKey<UInt16>.self), caseKey.stores(Key24.self),
            CaseKey?.none.stores(BitsKey<UInt8>.self),
        ]
        #expect(stores == [true, false, false, false])
        #expect(CaseKeyList.make(BitsKey<UInt8>(7)).keys(as: BitsKey<UInt8>.self) == [BitsKey<UInt8>(7)])
    }

    /// A case with values keeps its one case-level key and its labels' container once learned,
    /// in its learned box, and every later hit decodes through them; a case without values
    /// keeps its value instead, and neither.
    @Test func aLearnedCaseWithValuesKeepsItsKeysAndLabelsAndDecodesThroughThem() throws {
        let router = Router(AppRoute.self)
        // Twice each: the first hit learns the route, the second decodes through what it keeps.
        for (link, expected) in [
            ("myapp://app/user/4/profile", AppRoute.userProfile(id: "4")), ("myapp://app/user/5/profile", .userProfile(id: "5")),
            ("myapp://app/user/6/posts?page=2&premium=true", .userPosts(id: 6, page: 2, premium: true)),
            ("myapp://app/article/a-b", .article(slug: "a-b", ref: nil)), ("myapp://app/", .home),
        ] + [("myapp://app/user/7/posts?page=3&premium=false", .userPosts(id: 7, page: 3, premium: false))] {
            #expect(try router.match(link).get() == expected)
            #expect(try router.match(link).get() == expected)
        }
        let boxes = router.table.routes.map { $0.learnedBox }
        #expect(boxes.map(\.keepsCaseLevel) == [false, true, true, true])
        #expect(boxes.map { $0.value.constant == nil } == [false, true, true, true])
        #expect(boxes.map { $0.keepsCaseLevel ? $0.caseKeys(as: AppRoute.CodingKeys.self) : nil } == [nil, [.userProfile], [.userPosts], [.article]])
        // A decode reads the very array the box keeps (the same storage, not a copy), once the
        // table's kept case level is handed out for it; before, it makes its own.
        // (The state holds the route, the box and the level unretained, as a decode's caller
        // lends them: the test keeps them alive to its end.)
        let caseLevels = KeptCaseLevels()
        var decode = RouteDecoder.State(
            route: router.table.routes[2], learned: Unmanaged.passUnretained(boxes[2]), caseLevels: caseLevels,
            values: BoundValueList(absent: 3))
        let kept = boxes[2].caseKeys(as: AppRoute.CodingKeys.self)
        let storage = { (keys: [AppRoute.CodingKeys]) in keys.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage(decode.keptCaseKeys(as: AppRoute.CodingKeys.self)) != storage(kept))
        _ = try CurrentDecoder.with(&decode) { try RouteDecoder().container(keyedBy: AppRoute.CodingKeys.self) }
        #expect(storage(decode.keptCaseKeys(as: AppRoute.CodingKeys.self)) == storage(kept))
        withExtendedLifetime((router, boxes, caseLevels)) {}
    }

    /// A route type whose case names its labels' key type, so a test can open that container.
    /// (Two cases: the key of a one-case key enum has no bits to keep, so nothing is kept.)
    enum KeptPosts: Routable, Equatable {
        static var host: String { "app" }
        case posts(id: Int, page: Int)
        case home
        enum CodingKeys: String, CodingKey, CaseIterable {
            case posts = "posts/${id}?page=${page}"
            case home = ""
        }
        enum PostsCodingKeys: CodingKey { case id, page }
    }

    /// The containers a learned route keeps hold no decode's values: they serve the decode
    /// running on their thread (the innermost, when a mounted table's decode runs inside its
    /// parent's), and refuse outside one.
    @Test func keptContainersServeTheDecodeRunningOnTheirThread() throws {
        let router = Router(KeptPosts.self)
        #expect(try router.match("myapp://app/posts/6?page=2").get() == .posts(id: 6, page: 2))
        let route = router.table.routes[0]
        let box = route.learnedBox
        #expect(box.keepsCaseLevel)
        #expect(!box.keepsLabels(caseKey: KeptPosts.CodingKeys.self, keyedBy: KeptPosts.CodingKeys.self))
        #expect(box.keepsLabels(caseKey: KeptPosts.CodingKeys.self, keyedBy: KeptPosts.PostsCodingKeys.self))
        let labels = box.labels(caseKey: KeptPosts.CodingKeys.self, keyedBy: KeptPosts.PostsCodingKeys.self)
        // (The states hold the route, the box and the level unretained, as a decode's caller
        // lends them: the test keeps them alive to its end.)
        let caseLevels = KeptCaseLevels()
        func decode(_ id: String, _ page: String) -> RouteDecoder.State {
            var values = BoundValueList(absent: 2)
            values[0] = .one(id)
            values[1] = .one(page)
            return RouteDecoder.State(route: route, learned: Unmanaged.passUnretained(box), caseLevels: caseLevels, values: values)
        }
        var (first, second) = (decode("6", "2"), decode("7", "3"))
        let outside = "a route's container was used after its decode returned"
        #expect(CurrentDecoder.current == nil)
        #expect(rejection { _ = try labels.decode(Int.self, forKey: .id) } == outside)
        #expect(rejection { _ = try labels.superDecoder() } == outside)
        #expect(labels.allKeys.isEmpty && !labels.contains(.id))
        let read = try CurrentDecoder.with(&first) {
            let inner = try CurrentDecoder.with(&second) { try labels.decode(Int.self, forKey: .page) }
            return [try labels.decode(Int.self, forKey: .id), inner, try labels.decode(Int.self, forKey: .page)]
        }
        #expect(read == [6, 3, 2])
        #expect(CurrentDecoder.current == nil)
        // The table's case level: the case's key in a decode that was handed it, none outside.
        let level = try CurrentDecoder.with(&first) { try RouteDecoder().container(keyedBy: KeptPosts.CodingKeys.self) }
        #expect(CurrentDecoder.with(&first) { level.allKeys } == [.posts])
        #expect(level.allKeys.isEmpty)
        #expect(rejection { _ = try level.nestedContainer(keyedBy: KeptPosts.PostsCodingKeys.self, forKey: .posts) } == outside)
        let nested = try CurrentDecoder.with(&first) {
            try level.nestedContainer(keyedBy: KeptPosts.PostsCodingKeys.self, forKey: .posts).decode(Int.self, forKey: .id)
        }
        #expect(nested == 6)
        // A decode the level was not handed out for reads no kept keys: it makes them.
        #expect(CurrentDecoder.with(&second) { level.allKeys } == [.posts])
        // A table keeps the level of the first key type asked for; another gets one of its own.
        let levels = KeptCaseLevels()
        let appLevel = levels.level(as: AppRoute.CodingKeys.self)
        let ours = levels.level(as: KeptPosts.CodingKeys.self)
        let keys = CurrentDecoder.with(&first) { (appLevel.allKeys, ours.allKeys) }
        #expect(keys.0 == [] && keys.1 == [.posts])
        withExtendedLifetime((router, route, box, caseLevels)) {}
    }

    /// A struct route of one value.
    struct SectionItem: Codable, Equatable {
        var id: Int
        enum CodingKeys: CodingKey { case id }
    }

    /// A struct whose `init(from:)` opens the decoder's container with two key types.
    struct TwoKeyTypes: Codable, Equatable {
        var id: Int
        var page: Int
        enum IDKey: String, CodingKey { case id }
        enum PageKey: String, CodingKey { case page }

        init(id: Int, page: Int) { (self.id, self.page) = (id, page) }

        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: IDKey.self).decode(Int.self, forKey: .id)
            page = try decoder.container(keyedBy: PageKey.self).decode(Int.self, forKey: .page)
        }

        func encode(to encoder: any Encoder) throws {
            var ids = encoder.container(keyedBy: IDKey.self)
            try ids.encode(id, forKey: .id)
            var pages = encoder.container(keyedBy: PageKey.self)
            try pages.encode(page, forKey: .page)
        }
    }

    /// A table of struct routes keeps its top container, the labels' (a struct has no case
    /// level): it holds no decode's values, serving the decode running on its thread and
    /// refusing outside one, and a container of another key type is made for the decode that
    /// asks for it.
    @Test func structTablesKeepTheirLabelsContainer() throws {
        let router = Router<SectionItem>(scheme: "myapp", host: "app") { routes in
            routes.add("section/${id}", name: "section")
        }
        for id in [1, 2, 3] { #expect(try router.match("myapp://app/section/\(id)").get() == SectionItem(id: id)) }
        let levels = KeptCaseLevels(ofStructs: true)
        #expect(levels.ofStructs && !KeptCaseLevels().ofStructs)
        let route = router.table.routes[0]
        let box = route.learnedBox
        func decode(_ id: String) -> RouteDecoder.State {
            var values = BoundValueList(absent: 1)
            values[0] = .one(id)
            return RouteDecoder.State(
                route: route, learned: Unmanaged.passUnretained(box), caseLevels: levels, values: values)
        }
        var (first, second) = (decode("6"), decode("7"))
        let kept = try CurrentDecoder.with(&first) {
            try RouteDecoder().container(keyedBy: SectionItem.CodingKeys.self)
        }
        let read = try CurrentDecoder.with(&first) {
            let inner = try CurrentDecoder.with(&second) { try kept.decode(Int.self, forKey: .id) }
            return [try kept.decode(Int.self, forKey: .id), inner]
        }
        #expect(read == [6, 7])
        let outside = "a route's container was used after its decode returned"
        #expect(rejection { _ = try kept.decode(Int.self, forKey: .id) } == outside)
        // Both key types of one `init(from:)`, decode after decode.
        let twoKeys = Router<TwoKeyTypes>(scheme: "myapp", host: "app") { routes in
            routes.add("posts/${id}?page=${page}", name: "posts")
        }
        for (id, page) in [(1, 2), (3, 4)] {
            #expect(try twoKeys.match("myapp://app/posts/\(id)?page=\(page)").get() == TwoKeyTypes(id: id, page: page))
        }
        withExtendedLifetime((router, route, box, levels)) {}
    }

    // MARK: The routes a miss came nearest to

    /// The order the search kept its nearest routes in as one array, before the best was held
    /// apart (``NearestAttempts``): the reference the kept list is compared with.
    static func nearestInOneList(_ remembered: [(route: Int, progress: RouteMatch.Progress)]) -> [(route: Int, progress: RouteMatch.Progress)] {
        var kept: [(route: Int, progress: RouteMatch.Progress)] = []
        for attempt in remembered {
            if let existing = kept.firstIndex(where: { $0.route == attempt.route }) {
                guard attempt.progress > kept[existing].progress else { continue }
                kept.remove(at: existing)
            }
            let position = kept.firstIndex { other in
                attempt.progress > other.progress || (attempt.progress == other.progress && attempt.route < other.route)
            } ?? kept.count
            guard position < Search.keptAttempts else { continue }
            kept.insert(attempt, at: position)
            if kept.count > Search.keptAttempts { kept.removeLast() }
        }
        return kept
    }

    /// Routes remembered in any order, again and further, beyond the number kept: the best held
    /// apart and the others keep the routes, and the order, one list kept.
    @Test(arguments: 0..<64)
    func theNearestRoutesAreKeptInOneOrder(seed: Int) throws {
        let router = Router<Int>(scheme: "myapp", host: "app") { $0.add("a") { _ in 0 } }
        let view = try router.table.view(of: "myapp://app/a")
        var generator = SeededGenerator(seed: UInt64(seed))
        let none = RouteMatch.Progress(scheme: false, host: false, depth: 0, pathComplete: false, query: 0)
        var nearest = NearestAttempts(placeholder: Search.Attempt(route: -1, view: view, progress: none, problems: nil))
        var remembered: [(route: Int, progress: RouteMatch.Progress)] = []
        for _ in 0..<Int.random(in: 0...14, using: &generator) {
            let progress = RouteMatch.Progress(
                scheme: generator.chance(80), host: generator.chance(70), depth: Int.random(in: 0...3, using: &generator),
                pathComplete: generator.chance(30), query: Int.random(in: 0...2, using: &generator))
            let route = Int.random(in: 0..<7, using: &generator)
            remembered.append((route, progress))
            nearest.remember(Search.Attempt(route: route, view: view, progress: progress, problems: nil))
        }
        let kept = (nearest.hasBest ? [(route: nearest.best.route, progress: nearest.best.progress)] : [])
            + nearest.others.map { (route: $0.route, progress: $0.progress) }
        let expected = DispatchInternalsTests.nearestInOneList(remembered)
        #expect(kept.map(\.route) == expected.map(\.route))
        #expect(kept.map(\.progress) == expected.map(\.progress))
        #expect(kept.count <= Search.keptAttempts)
    }

    /// An array trimmed keeps its elements, in order, and gives back the room left over: grown
    /// with room for four times its elements and more, it keeps only what `malloc` rounds their
    /// size up to.
    ///
    /// That rounding is bounded, not compared with another array's room: glibc's `malloc` may
    /// hand over a block up to 31 bytes larger than asked (it keeps a free block whole when the
    /// rest would be too small to keep), as the heap stands, so two byte arrays made at one size
    /// can differ by 16 elements; jemalloc's and musl's size classes are a quarter apart. The
    /// bound: a quarter of the elements' bytes and 64 bytes more.
    @Test(arguments: [0, 1, 7, 8, 9, 100, 1_000])
    func anArrayTrimmedKeepsItsElements(count: Int) {
        var bytes: [UInt8] = [], texts: [String] = []
        bytes.reserveCapacity(4 * count + 64)
        texts.reserveCapacity(4 * count + 64)
        for index in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: index))
            texts.append(index % 3 == 0 ? "a-text-longer-than-a-small-string-\(index)" : "\(index)")
        }
        let trimmedBytes = bytes.trimmed(), trimmedTexts = texts.trimmed()
        #expect(trimmedBytes == bytes)
        #expect(trimmedTexts == texts)
        #expect(trimmedBytes.capacity < bytes.capacity && trimmedTexts.capacity < texts.capacity)
        #expect(trimmedBytes.capacity >= count && trimmedBytes.capacity <= (count + count / 4 + 64))
        let stride = MemoryLayout<String>.stride
        #expect(trimmedTexts.capacity >= count && trimmedTexts.capacity <= (count * stride + count * stride / 4 + 64) / stride)
    }

    // MARK: Standard scalars known by identity

    /// A type, and what RouteMatch knows of it without asking the runtime beside what the
    /// runtime answers (its `FixedWidthInteger` conformance, looked up).
    struct Scalar: Sendable, CustomTestStringConvertible {
        let name: String
        let known: @Sendable () -> (standard: Bool, range: RouteMatchError.IntegerRange?)
        let lookedUp: @Sendable () -> RouteMatchError.IntegerRange?
        var testDescription: String { name }

        init<T>(_ type: T.Type) {
            name = "\(T.self)"
            known = { (TextConversion.isStandardScalar(T.self), RouteMatchError.ValueType.of(T.self).integerRange) }
            lookedUp = { (T.self as? any FixedWidthInteger.Type).flatMap { RouteMatchError.IntegerRange(of: $0) } }
        }
    }

    static let standardScalars = [
        Scalar(String.self), Scalar(Int.self), Scalar(Bool.self), Scalar(Double.self), Scalar(UUID.self),
        Scalar(Int64.self), Scalar(Int32.self), Scalar(Int16.self), Scalar(Int8.self), Scalar(UInt.self),
        Scalar(UInt64.self), Scalar(UInt32.self), Scalar(UInt16.self), Scalar(UInt8.self), Scalar(Float.self),
    ]

    @Test(arguments: standardScalars)
    func aStandardScalarIsKnownByIdentityWithTheFactsTheRuntimeGives(scalar: Scalar) {
        let known = scalar.known()
        #expect(known.standard)
        #expect(known.range == scalar.lookedUp())
    }

    @Test func anotherTypeIsNoStandardScalar() {
        #expect(!TextConversion.isStandardScalar(Substring.self))
        #expect(!TextConversion.isStandardScalar(Int?.self))
        #expect(!TextConversion.isStandardScalar([Int].self))
        #expect(RouteMatchError.ValueType.of(Character.self).integerRange == nil)
        #expect(TextConversion.allRawValues(Int.self) == nil)
        #expect(TextConversion.allRawValues(Tab.self) == ["home", "inbox"])
    }

    enum Tab: String, CaseIterable, Codable { case home, inbox }

    /// ``TextJoin`` joins as the standard library's `joined(separator:)` does, which it stands
    /// in for (that one asks the runtime for `[String]`'s `Collection` conformance).
    @Test(arguments: [[], [""], ["a"], ["", ""], ["a", "b", "c"], ["café", "", "/x/"]], ["/", ", ", ""])
    func textsJoinAsTheStandardLibraryJoinsThem(texts: [String], separator: String) {
        #expect(TextJoin.join(texts, separator: separator) == texts.joined(separator: separator))
    }

    /// ``PercentEncoding`` copies runs of unreserved bytes whole: the same text as encoding
    /// byte by byte, for every ASCII byte at each end and inside, and non-ASCII text. A text
    /// of unreserved bytes only is returned as it is.
    @Test(arguments: [
        "", "a", "az-09._~AZ", "user/42", "a b", "%", "%41", "+", "&=?#", "café", "日本語", "🙂x", "x🙂",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        String(repeating: "long-run_of.plain~bytes", count: 8) + "/" + String(repeating: "Z", count: 40),
    ])
    func percentEncodingEncodesByteByByte(text: String) {
        var expected = ""
        for byte in text.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            expected += isUnreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        #expect(PercentEncoding.encode(text) == expected)
        for around in ["", "x", "%"] {
            var bytes = Array(around.utf8)
            PercentEncoding.encode(text, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == around + expected)
        }
    }
}

extension String {
    /// A one-digit hex byte with its leading zero.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}

extension RouteTrie {
    /// The child of `node` whose literal edge's text is `text`, if any (looked up by its UTF-8,
    /// as a link's segment is).
    fileprivate func child(_ node: Int, _ text: String) -> Int? {
        var text = text
        return text.withUTF8 { child(of: node, literal: $0) }
    }
}
