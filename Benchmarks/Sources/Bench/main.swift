import Foundation
import RouteMatch
import RoutingKit
import MallocCounter

// One run, one process: RouteMatch, vapor/routing-kit's TrieRouter and Foundation's
// URLComponents on the same links, at 10, 100 and 1,000 routes. `BENCH_QUICK=1` runs few
// iterations (CI keeps the package from rotting); the figures come from a full run.

let quick = ProcessInfo.processInfo.environment["BENCH_QUICK"] != nil

/// Every first use this program measures: the enums both programs share, then the origins
/// tables and closure routes.
let firstUses = enumFirstUses().merging([
    "OriginRoutes10": FirstUse(OriginRoutes10.self, "https://example.com/user/42/posts?page=2&premium=true"),
    "OriginRoutes1000": FirstUse(OriginRoutes1000.self, "https://example.com/user/42/posts?page=2&premium=true"),
    "ClosureRoutes10": FirstUse(closureRoutes: 10),
    "ClosureRoutes1000": FirstUse(closureRoutes: 1000),
]) { shared, _ in shared }

// `--memory`: only the tables' memory (live heap bytes a built table keeps, then learned),
// each measured after a first table of its type has warmed the runtime, as in a full run.
if CommandLine.arguments.contains("--memory") {
    for (size, bytes) in [(10, tableBytes(Routes10.self)), (100, tableBytes(Routes100.self)), (1000, tableBytes(Routes1000.self))] {
        print("\(size) routes: \(bytes.built) B (\(bytes.built / size) B a route) as built, \(bytes.learned) B (\(bytes.learned / size) B a route) learned")
    }
    exit(0)
}

/// The operations `--repeat OPERATION N` repeats for `instructions.sh` (see `runRepeatIfAsked`),
/// and whose timed ratios the paired samples give: the operations on the shared enums, and these.
func programOperations() -> [String: () -> Int] {
    let floor10 = floorDecoder(Routes10.CodingKeys.userPosts)
    let floorSection = floorDecoder(Routes10.CodingKeys.section6)
    let closureLink = lastSectionLink(10)
    let trackedLink = trackedSectionLink(10)
    let sections = structSectionRouter(size: 10), origins = structOriginTables(size: 10)
    let searches = RouteMatch.Router<TaggedSearch>(scheme: "myapp", host: "app") { routes in
        for index in 0..<10 { routes.add("search\(index)?q=${q}&tag=${tags}", name: "search\(index)") }
    }
    let closures = Router<ClosureScreen>(scheme: "myapp", host: "app") { routes in
        for index in 0..<10 {
            routes.add("section\(index)/item/${id}") { try .item(section: index, id: $0.value("id", as: Int.self)) }
        }
    }
    // Typed where it is written: inferred from its closures, this literal took the type checker
    // some 35 s of the release build.
    let operations: [String: () -> Int] = [
        "closure-hit": { consume(closures.match(closureLink)) },
        // The same link with four tracking items no route reads (``trackedSectionLink(_:)``).
        "closure-hit-tracked": { consume(closures.match(trackedLink)) },
        "urlcomponents-tracked-link": { consume(URLComponents(string: trackedLink)) },
        // Struct routes, one small struct decoded each: the last of 10 `section{i}/item/${id}`
        // routes, and the same under three origins with an in-segment capture
        // (`shop{i}/item-${id}.json`, a prefixed universal link) and with a rest bound to a list
        // (`files{i}/${path...}`, three segments): what those captures cost over a plain hit.
        "struct-hit": { consume(sections.match(closureLink)) },
        "struct-in-segment-hit": { consume(origins.items.match(origins.universal)) },
        "struct-rest-hit": { consume(origins.files.match(origins.rest)) },
        // A list in the query (`search{i}?q=${q}&tag=${tags}`, two values of `tag`).
        "struct-query-list-hit": { consume(searches.match("myapp://app/search9?q=a&tag=x&tag=y")) },
        // A link from a misspelled host of the origins table, with its reason: the nearest host
        // by spelling, the path compared under it and the table's other hosts.
        "origins-host-miss": {
            if case .failure(let error) = OriginRoutes10.match("https://exmaple.com/shop3/item-42.json") { return consume(error.reason) }
            return 0
        },
        // A miss at the first segment of the struct table, with its reason: the matcher's
        // reader, walk and evaluator, whatever the route type, against a hit that decodes little.
        "struct-miss": {
            if case .failure(let error) = sections.match("myapp://app/nope/item/42") { return consume(error.reason) }
            return 0
        },
        "enum-miss": {
            if case .failure(let error) = Routes10.match("myapp://app/user/4x2/posts?page=2&premium=true") {
                return consume(error.reason)
            }
            return 0
        },
        // A miss at the first segment of the 1,000-route table, its diagnostic rendered: where
        // "did you mean" and the list of expected literals meet every route.
        "rendered-miss-1000": {
            if case .failure(let error) = Routes1000.match("myapp://app/nope/item/42") { return error.description.utf8.count }
            return 0
        },
        // The same miss as the one line a log keeps (`summary`), and redacted, as a link handler
        // logs a failure by default (`redactedSummary`: the link's values as their shapes).
        "summary-miss-1000": {
            if case .failure(let error) = Routes1000.match("myapp://app/nope/item/42") { return error.summary.utf8.count }
            return 0
        },
        "redacted-summary-miss-1000": {
            if case .failure(let error) = Routes1000.match("myapp://app/nope/item/42") { return error.redactedSummary.utf8.count }
            return 0
        },
        // The redacted summary, then the full diagnostic of the same error (a handler's log
        // line, then the text shown to a developer): the full one takes the parts to redact
        // from the summary's.
        "redacted-summary-then-rendered-miss-1000": {
            if case .failure(let error) = Routes1000.match("myapp://app/nope/item/42") {
                return error.redactedSummary.utf8.count &+ error.description.utf8.count
            }
            return 0
        },
        // The closure hit and the section link's case at the Codable floor, one after the other:
        // the enum hit's two halves without RouteMatch's decoder, run together. Against the sum
        // of the two run apart, what running more code per operation costs (see the README's
        // Performance section: the enum hit's code does not fit the instruction cache).
        "closure-hit-and-floor": { consume(closures.match(closureLink)) &+ decodeAtTheFloor(Routes10.self, from: floorSection) },
        // `URLComponents` on the deep link and its case at the Codable floor, one after the
        // other: what an enum hit would cost whose own part were a parser as small as
        // `URLComponents` (the bound a hit path of another shape could aim at).
        "urlcomponents-and-floor": { consume(URLComponents(string: deepLink)) &+ decodeAtTheFloor(Routes10.self, from: floor10) },
        "urlcomponents-closure-link": { consume(URLComponents(string: closureLink)) },
        // Building the 1,000-route enum table warm, from its patterns (no route learned): what
        // a table's first use pays per route, without the runtime's first-time costs.
        "build-1000": { consume(Router(Routes1000.self)) },
        // The same table built and every route learned, warm: what `validate()` costs, and a
        // route's first use pays for its own route (its labels probed, its name read).
        "validate-1000": {
            let router = Router(Routes1000.self)
            return (try? router.validate()) == nil ? 0 : router.routes.count
        },
    ]
    return enumOperations().merging(operations) { shared, _ in shared }
}
runRepeatIfAsked(programOperations())
runFirstUseIfAsked(firstUses)
// `--paired`: only the goals' timed ratios from paired samples (`runPairedIfAsked`).
runPairedIfAsked(goalPairs, programOperations(), quick: quick)

/// The first use of `name`'s table in a new process, in nanoseconds, and the part of it that
/// built the table: the medians of five processes (0 when the link did not hit). `flagged`
/// runs `BenchFlagged`, whose route enums are compiled with the README's first-use setting
/// (`-disable-concrete-type-metadata-mangled-name-accessors`,
/// `-sil-disable-pass=alloc-stack-hoisting`).
func firstUse(_ name: String, flagged: Bool = false) -> (whole: Double, build: Double) {
    let program = URL(fileURLWithPath: CommandLine.arguments[0])
    let executable = flagged ? program.deletingLastPathComponent().appendingPathComponent("BenchFlagged") : program
    var samples: [Double] = []
    var builds: [Double] = []
    for _ in 0..<(quick ? 1 : 5) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--first-use", name]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return (0, 0) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        samples.append(fields.first ?? 0)
        builds.append(fields.count > 1 ? fields[1] : 0)
    }
    return (samples.sorted()[samples.count / 2], builds.sorted()[builds.count / 2])
}
let coldFirstUse = [(10, firstUse("Routes10")), (100, firstUse("Routes100")), (1000, firstUse("Routes1000"))]
let coldOriginsFirstUse = [(10, firstUse("OriginRoutes10")), (1000, firstUse("OriginRoutes1000"))]
let coldNestedFirstUse = firstUse("NestedRoutes1000")
let coldClosureFirstUse = [(10, firstUse("ClosureRoutes10")), (1000, firstUse("ClosureRoutes1000"))]
let coldFlaggedFirstUse = [
    (10, firstUse("Routes10", flagged: true)), (100, firstUse("Routes100", flagged: true)),
    (1000, firstUse("Routes1000", flagged: true)),
]
let coldFlaggedNestedFirstUse = firstUse("NestedRoutes1000", flagged: true)
/// The same cases' first decode at the Codable floor (no RouteMatch), as compiled by default and
/// with the setting: 10, 100 and 1,000 cases, then the ten mounted enums (size 0).
let coldFloorFirstUse = [10, 100, 1000, 0].map { size in
    let name = size == 0 ? "CodableFloorNested" : "CodableFloor\(size)"
    return (size, firstUse(name).whole, firstUse(name, flagged: true).whole)
}
var harness = Harness(quick: quick)

/// Results by scenario, then by table size (nil for the size-independent ones).
var results: [(scenario: String, size: Int?, result: Harness.Result)] = []

@MainActor func record(_ scenario: String, _ size: Int?, _ body: () -> Int) {
    let result = harness.measure(scenario, body)
    results.append((scenario, size, result))
    let where_ = size.map { " n=\($0)" } ?? ""
    FileHandle.standardError.write(Data("\(scenario)\(where_): \(format(nanoseconds: result.nanoseconds))\n".utf8))
}

@MainActor func benchRouteMatch<R: Routable>(_ type: R.Type, size: Int) {
    let router = R.router
    let first = "myapp://app/section0/item/42"
    let last = "myapp://app/section\(size - 4)/item/42"
    let miss = "myapp://app/nope/item/42"
    let nearMiss = "myapp://app/user/abc/posts?page=2&premium=true"
    record("RouteMatch: typed hit, first route", size) { consume(router.match(first)) }
    record("RouteMatch: typed hit, last route", size) { consume(router.match(last)) }
    record("RouteMatch: typed hit, deep link", size) { consume(router.match(deepLink)) }
    record("RouteMatch: miss, error with reason", size) {
        if case .failure(let error) = router.match(miss) { return consume(error.reason) &+ consume(error.closestRoute) }
        return 0
    }
    record("RouteMatch: miss, rendered text", size) {
        if case .failure(let error) = router.match(miss) { return error.description.utf8.count }
        return 0
    }
    record("RouteMatch: near-miss (bad Int), error with reason", size) {
        if case .failure(let error) = router.match(nearMiss) { return consume(error.reason) &+ consume(error.closestRoute) }
        return 0
    }
    record("RouteMatch: near-miss (bad Int), rendered text", size) {
        if case .failure(let error) = router.match(nearMiss) { return error.description.utf8.count }
        return 0
    }
    record("RouteMatch: build the table", size) { consume(Router(R.self)) }
    // Every route learned too: what `validate()` (or a table listing) costs.
    record("RouteMatch: build the table and learn every route", size) {
        let router = Router(R.self)
        return (try? router.validate()) == nil ? 0 : router.routes.count
    }
}

/// The same generated table as struct routes: every `section{i}` pattern decodes one small
/// struct, so the decode does not depend on the number of routes and the figures show
/// RouteMatch's own dispatch.
struct SectionItem: Codable, Equatable { var id: Int }

/// The generated table's `section{i}` routes as struct routes.
func structSectionRouter(size: Int) -> RouteMatch.Router<SectionItem> {
    Router<SectionItem>(scheme: "myapp", host: "app") { routes in
        for index in 0..<size { routes.add("section\(index)/item/${id}", name: "section\(index)") }
    }
}

@MainActor func benchStructRouter(size: Int) {
    let router = structSectionRouter(size: size)
    let first = "myapp://app/section0/item/42"
    let last = lastSectionLink(size)
    record("RouteMatch struct routes: typed hit, first route", size) { consume(router.match(first)) }
    record("RouteMatch struct routes: typed hit, last route", size) { consume(router.match(last)) }
    record("RouteMatch struct routes: miss, error with reason", size) {
        if case .failure(let error) = router.match("myapp://app/nope/item/42") { return consume(error.reason) }
        return 0
    }
}

@MainActor func benchRoutingKit(size: Int) {
    let router = TrieRouter(Int.self)
    for index in 0..<(size - 3) {
        router.register(index, at: [.constant("section\(index)"), .constant("item"), .parameter("id")])
    }
    router.register(size - 3, at: [.constant("user"), .parameter("id"), .constant("posts")])
    router.register(size - 2, at: [.constant("article"), .parameter("slug")])
    router.register(size - 1, at: [.constant("search")])
    let last = ["section\(size - 4)", "item", "42"]
    let deep = ["user", "42", "posts"]
    let miss = ["nope", "item", "42"]
    func route(_ path: [String]) -> Int {
        var parameters = Parameters()
        guard let output = router.route(path: path, parameters: &parameters) else { return -1 }
        return output &+ (parameters.get("id").flatMap { Int($0) } ?? 0)
    }
    record("routing-kit: untyped hit, last route (pre-split path)", size) { route(last) }
    record("routing-kit: untyped hit, deep link path (pre-split)", size) { route(deep) }
    record("routing-kit: miss (pre-split)", size) { route(miss) }
    func fromLink(_ link: String) -> Int {
        guard let components = URLComponents(string: link) else { return -2 }
        let path = components.path.split(separator: "/").map(String.init)
        var result = route(path)
        for item in components.queryItems ?? [] {
            if item.name == "page" { result &+= Int(item.value ?? "") ?? 0 }
            if item.name == "premium" { result &+= Bool(item.value ?? "") == true ? 1 : 0 }
        }
        return result
    }
    record("routing-kit: hit from the link string (URLComponents + split + route + query)", size) { fromLink(deepLink) }
    record("routing-kit: miss from the link string", size) { fromLink("myapp://app/nope/item/42") }
}

/// The floor: one pass over the link's bytes recording where segments and query items start.
@inline(never)
/// Issue 8's shapes under three origins: the same links from the custom scheme and from the
/// universal-link domain under its prefix, in-segment and rest captures, a host that is no
/// origin's.
@MainActor func benchOrigins<R: Routable>(_ type: R.Type, size: Int) {
    let router = R.router
    let item = size - 6 - (size - 3) % 3  // an in-segment route near the end (i % 3 == 0)
    // Each link is made before its loop, as the other rows' links are: a row times matching a
    // link that exists, not building its text.
    let custom = "myapp://app/shop\(item)/item-42.json", universal = "https://www.example.com/app/shop\(item)/item-42.json"
    let rest = "https://example.com/files\(item + 1)/a/b/c.txt", hostMiss = "https://exmaple.com/shop\(item)/item-42.json"
    record("RouteMatch origins: in-segment hit, custom scheme", size) { consume(router.match(custom)) }
    record("RouteMatch origins: in-segment hit, prefixed universal link", size) { consume(router.match(universal)) }
    record("RouteMatch origins: rest hit, 3 segments", size) { consume(router.match(rest)) }
    record("RouteMatch origins: deep link", size) { consume(router.match("https://example.com/user/42/posts?page=2&premium=true")) }
    record("RouteMatch origins: host miss, error with reason", size) {
        if case .failure(let error) = router.match(hostMiss) { return consume(error.reason) }
        return 0
    }
    record("RouteMatch origins: host miss, rendered text", size) {
        if case .failure(let error) = router.match(hostMiss) { return error.description.utf8.count }
        return 0
    }
    record("RouteMatch origins: build the table", size) { consume(Router(R.self)) }
}

/// The same shapes as struct routes, so the figures show the dispatch, not the decode of a
/// large enum: every pattern decodes one small struct.
struct FilePath: Codable, Equatable { var path: [String] }

/// A search with a list in its query, as a struct route.
struct TaggedSearch: Codable, Equatable {
    var q: String
    var tags: [String]
}

/// The origins shapes' struct tables of `size` routes (`shop{i}/item-${id}.json` and
/// `files{i}/${path...}`), and a link into the last route of each.
func structOriginTables(size: Int) -> (items: RouteMatch.Router<SectionItem>, files: RouteMatch.Router<FilePath>, universal: String, rest: String) {
    let origins = ["myapp://app", "https://example.com", "https://www.example.com/app"]
    let items = Router<SectionItem>(origins: origins) { routes in
        for index in 0..<size { routes.add("shop\(index)/item-${id}.json", name: "item\(index)") }
    }
    let files = Router<FilePath>(origins: origins) { routes in
        for index in 0..<size { routes.add("files\(index)/${path...}", name: "files\(index)") }
    }
    return (items, files, "https://www.example.com/app/shop\(size - 1)/item-42.json", "https://example.com/files\(size - 1)/a/b/c.txt")
}

@MainActor func benchStructOrigins(size: Int) {
    let (items, files, universal, rest) = structOriginTables(size: size)
    record("RouteMatch origins, struct routes: in-segment hit, prefixed universal link", size) { consume(items.match(universal)) }
    record("RouteMatch origins, struct routes: rest hit, 3 segments", size) { consume(files.match(rest)) }
}

/// Issue 9: the same link shape as a 10-route enum, a 1,000-case enum, ten mounted feature
/// enums of 100, and closure routes (no `Codable` on the hit).
enum Screen { case item(section: Int, id: Int) }

@MainActor func benchLargeApps() {
    let nested = NestedRoutes1000.router
    record("RouteMatch nested: 10 × 100 mounted enums, hit in the last feature", 1000) {
        consume(nested.match("myapp://app/feature9/item99/42"))
    }
    record("RouteMatch nested: miss inside a feature, error with reason", 1000) {
        if case .failure(let error) = nested.match("myapp://app/feature9/item99/x") { return consume(error.reason) }
        return 0
    }
    for size in [10, 1000] {
        let closures = Router<Screen>(scheme: "myapp", host: "app") { routes in
            for index in 0..<size {
                routes.add("section\(index)/item/${id}") { try .item(section: index, id: $0.value("id", as: Int.self)) }
            }
        }
        let link = lastSectionLink(size)  // made before the loop, as every row's link is
        record("RouteMatch closure routes: typed hit, last route", size) { consume(closures.match(link)) }
        let tracked = trackedSectionLink(size)
        record("RouteMatch closure routes: typed hit, last route, four tracking items no route reads", size) {
            consume(closures.match(tracked))
        }
        // Stops just before a value is built from converted text: the capture is read as the
        // text it binds, and the value holds no conversion.
        let bound = Router<Substring>(scheme: "myapp", host: "app") { routes in
            for index in 0..<size { routes.add("section\(index)/item/${id}") { try Substring($0.value("id", as: String.self)) } }
        }
        record("RouteMatch closure routes: read, dispatched, bound (no conversion)", size) { consume(bound.match(link)) }
    }
}

/// Cases without values beside cases with one: a hit on `settings` returns the value the
/// table kept when it was built, and runs no `Codable`.
enum Tabs: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }

    case home, settings, inbox, search, help
    case user(id: Int)
    case item(id: Int)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = "", settings = "settings", inbox = "inbox", search = "search", help = "help"
        case user = "user/${id}", item = "item/${id}"
    }
}

@MainActor func benchConstantCases() {
    let router = Tabs.router
    record("RouteMatch: typed hit, case without values (7-case enum)", nil) { consume(router.match("myapp://app/settings")) }
    record("RouteMatch: typed hit, case with one Int (7-case enum)", nil) { consume(router.match("myapp://app/user/42")) }
}

func byteScan(_ link: String) -> Int {
    var copy = link
    return copy.withUTF8 { bytes in
        var boundaries = 0
        var checksum = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=") {
            boundaries += 1
            checksum &+= index
        }
        return boundaries &+ checksum
    }
}

record("Foundation: URLComponents(string:) alone, deep link", nil) { consume(URLComponents(string: deepLink)) }
// The 10-route closure rows' own link (shorter, no query): their ratios are taken against it.
let closureLink = lastSectionLink(10)
record("Foundation: URLComponents(string:) alone, closure-route link", nil) { consume(URLComponents(string: closureLink)) }
let trackedLink = trackedSectionLink(10)
record("Foundation: URLComponents(string:) alone, closure-route link with tracking items", nil) {
    consume(URLComponents(string: trackedLink))
}
record("byte-scan floor (no decoding, no allocation), deep link", nil) { byteScan(deepLink) }
/// The floor of the enum deep-link hit: its case's synthesized `init(from:)` alone.
@MainActor func benchCodableFloor<Route: Decodable, Key: CodingKey>(_ type: Route.Type, key: Key, size: Int) {
    let decoder = floorDecoder(key)
    record(codableFloor, size) { decodeAtTheFloor(Route.self, from: decoder) }
}
let codableFloor = "Codable floor: the deep-link case's synthesized init(from:) alone, from a minimal decoder"
benchCodableFloor(Routes10.self, key: Routes10.CodingKeys.userPosts, size: 10)
benchCodableFloor(Routes100.self, key: Routes100.CodingKeys.userPosts, size: 100)
benchCodableFloor(Routes1000.self, key: Routes1000.CodingKeys.userPosts, size: 1000)
benchRouteMatch(Routes10.self, size: 10)
benchStructRouter(size: 10)
benchRoutingKit(size: 10)
benchRouteMatch(Routes100.self, size: 100)
benchStructRouter(size: 100)
benchRoutingKit(size: 100)
benchRouteMatch(Routes1000.self, size: 1000)
benchStructRouter(size: 1000)
benchRoutingKit(size: 1000)
benchLargeApps()
benchConstantCases()

/// The bytes a built table keeps (live heap bytes after building it, less before), for a type
/// whose metadata already exists: the table's own memory, not Swift's type metadata.
/// Measured twice: as built (the patterns), and once every route is learned (`validate()`).
@MainActor func retainedBytes<R: Routable>(_ type: R.Type) -> (built: Int, learned: Int) {
    let before = malloc_counter_live_bytes()
    let router = Router(R.self)
    let built = malloc_counter_live_bytes()
    try? router.validate()
    let learned = malloc_counter_live_bytes()
    return withExtendedLifetime(router) { (Int(built - before), Int(learned - before)) }
}

/// A table's memory as ``retainedBytes(_:)`` measures it, of the second of two tables of the
/// type built and learned in turn: the first makes what a process makes once — the metadata of
/// each route's types, which a route's first learning has the runtime build, and the probed
/// types' cache — and is reported apart (`firstExtra`: what the first kept more once learned).
@MainActor func tableBytes<R: Routable>(_ type: R.Type) -> (built: Int, learned: Int, firstExtra: Int) {
    let first = retainedBytes(type)
    let table = retainedBytes(type)
    return (table.built, table.learned, first.learned - table.learned)
}
let tableMemory = [(10, tableBytes(Routes10.self)), (100, tableBytes(Routes100.self)), (1000, tableBytes(Routes1000.self))]
benchOrigins(OriginRoutes10.self, size: 10)
benchStructOrigins(size: 10)
benchOrigins(OriginRoutes1000.self, size: 1000)
benchStructOrigins(size: 1000)

let paired = pairedRatios(&harness, goalPairs, programOperations())

Report.print(results: results, quick: quick, sink: harness.sink, coldFirstUse: coldFirstUse, coldOriginsFirstUse: coldOriginsFirstUse,
             coldNestedFirstUse: coldNestedFirstUse, coldClosureFirstUse: coldClosureFirstUse,
             coldFlaggedFirstUse: coldFlaggedFirstUse, coldFlaggedNestedFirstUse: coldFlaggedNestedFirstUse,
             coldFloorFirstUse: coldFloorFirstUse,
             tableMemory: tableMemory, paired: paired)
