import Foundation
import RouteMatch

// What the two benchmark programs share: `Bench` and `BenchFlagged`, which compiles the same
// route enums (these files, linked into its folder) with
// `-disable-concrete-type-metadata-mangled-name-accessors` and
// `-sil-disable-pass=alloc-stack-hoisting`, the setting the README's first-use section offers an
// app's route module. Each program answers `--first-use NAME` and
// `--repeat OPERATION N` through the functions below.

/// The first use of a route type in a process: its first `match` builds the table and learns
/// the route the link reaches, while Swift instantiates the types' metadata for the first
/// time. Each is measured in a new process of its own (a program run with `--first-use` and
/// the table's name), so no earlier table warms the runtime for it.
struct FirstUse {
    let link: String
    let build: () -> Void
    let use: (String) -> Bool
    /// Whether the time printed is the use's alone (after a `prepare()`), not the build's and
    /// the use's.
    var timesUseAlone = false

    init<R: Routable>(_ type: R.Type, _ link: String) {
        self.link = link
        build = { _ = R.router }
        use = { R.match($0).isHit }
    }

    /// What a process calls before its first match, as an app does at launch off the main
    /// thread: `prepare()`, `prepare(.everyRoute)`, or `validate()`, which learns every route
    /// as well and looks for every definition problem.
    enum Ahead {
        case prepare, prepareEveryRoute, validate

        /// The call on route type `R`.
        func call<R: Routable>(on type: R.Type) -> () -> Void {
            switch self {
            case .prepare: return { R.prepare() }
            case .prepareEveryRoute: return { R.prepare(.everyRoute) }
            case .validate: return { _ = try? R.validate() }
            }
        }
    }

    /// The first match of a process that called `ahead` before it, timed alone: what the first
    /// link costs then. `link` reaches another route than the first, which `prepare()` learns.
    /// With `matches: false`, the call alone, no match: what `instructions.sh` subtracts from a
    /// `Prepared…` first use, to count the first match after it.
    init<R: Routable>(_ type: R.Type, _ link: String, after ahead: Ahead, matches: Bool = true) {
        self.link = link
        build = ahead.call(on: R.self)
        use = { matches ? R.match($0).isHit : true }
        timesUseAlone = matches
    }

    /// The first rendering of a route value as a link, in a process that has matched none: the
    /// table's build, the case's first `encode(to:)`, its texts and the read-back check.
    init<R: Routable>(rendering value: R) {
        link = ""
        build = { _ = R.router }
        use = { _ in (try? value.link()) != nil }
    }

    /// The first rendering of a route value as a link in a process that called `ahead` before
    /// it, timed alone; with `renders: false`, the call alone (what `instructions.sh`
    /// subtracts).
    init<R: Routable>(rendering value: R, after ahead: Ahead, renders: Bool = true) {
        link = ""
        build = ahead.call(on: R.self)
        use = { _ in renders ? (try? value.link()) != nil : true }
        timesUseAlone = renders
    }

    /// The first miss of a process, its diagnostic rendered as text (what logging the error
    /// prints): the table's build, the match, the explanation and its rendering.
    init<R: Routable>(explaining type: R.Type, _ link: String) {
        self.link = link
        build = { _ = R.router }
        use = { link in
            guard case .failure(let error) = R.match(link) else { return false }
            return !error.description.isEmpty
        }
    }

    /// The enum's synthesized `init(from:)` alone, fed by the floor decoder (``FloorDecoder``):
    /// no table, no link read; the part of an enum route's first use that any decoder pays.
    init(floor decodes: @escaping () -> Bool) {
        link = ""
        build = {}
        use = { _ in decodes() }
    }

    /// A link handler's first legacy link (`profile.php?uid=42`, which its table misses and its
    /// redirect maps to a route), timed alone, after the router's `prepare()` (`handler: false`:
    /// the redirect's struct is learned on the link) or the handler's, which learns it too;
    /// with `opens: false`, the same without the link, which `instructions.sh` subtracts (as
    /// ``init(_:_:after:matches:)`` with `matches: false`). The handler is made in the build,
    /// not before (no other first use may find its table built), and the build asks it
    /// something first, so that the link's time is not the concurrency runtime's first task
    /// (which an app has run long before a link arrives).
    init(legacyLinkAfterPreparing handler: Bool, opens: Bool = true) {
        link = "myapp://app/profile.php?uid=42"
        nonisolated(unsafe) var made: LinkHandler<Routes10>?
        /// Runs `body` on a task and waits for it.
        func wait(_ body: @escaping @Sendable () async -> Bool) -> Bool {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var answer = false
            Task {
                answer = await body()
                done.signal()
            }
            done.wait()
            return answer
        }
        build = {
            let linkHandler = LinkHandler(Routes10.self) { config in
                config.redirect("profile.php?uid=${uid}", as: OldProfileLink.self) {
                    .userPosts(id: $0.uid, page: 1, premium: false)
                }
            } handle: { _ in }
            made = linkHandler
            if handler { linkHandler.prepare() } else { Routes10.prepare() }
            _ = wait { await linkHandler.waitingLinks.isEmpty }
        }
        use = { link in
            guard opens else { return true }
            guard let linkHandler = made else { return false }
            return wait {
                if case .redirected = await linkHandler.open(link) { return true }
                return false
            }
        }
        timesUseAlone = opens
    }

    /// Closure routes: no `Codable` at all, so the figure is RouteMatch's own.
    init(closureRoutes size: Int) {
        link = lastSectionLink(size)
        nonisolated(unsafe) var router: RouteMatch.Router<ClosureScreen>?
        build = {
            router = RouteMatch.Router<ClosureScreen>(scheme: "myapp", host: "app") { routes in
                for index in 0..<size {
                    routes.add("section\(index)/item/${id}") { try .item(section: index, id: $0.value("id", as: Int.self)) }
                }
            }
        }
        use = { router?.match($0).isHit ?? false }
    }
}

enum ClosureScreen { case item(section: Int, id: Int) }

/// The struct a legacy link's redirect fills (``FirstUse/init(legacyLinkAfterPreparing:)``).
struct OldProfileLink: Codable, Sendable { var uid: Int }

/// The deep link every table of `section{i}` routes ends with a route for.
let deepLink = "myapp://app/user/42/posts?page=2&premium=true"

/// The link to the last `section{i}/item/${id}` route of a table of `size` such routes: what the
/// struct, closure and first-use rows read, and what `URLComponents` is timed on beside them.
func lastSectionLink(_ size: Int) -> String { "myapp://app/section\(size - 1)/item/42" }

/// The same link with the tracking items a link from a mail or an ad carries, none of which a
/// route reads (two of their values longer than a small string's 15 bytes).
func trackedSectionLink(_ size: Int) -> String {
    lastSectionLink(size)
        + "?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale-2026&fbclid=IwAR2xQkT0Xy9Zq8mLpO7nRcVb3sWd4eFgHiJ"
}

/// The first uses both programs measure: the enums of 10, 100 and 1,000 routes, the ten mounted
/// feature enums of 100, and 10 routes whose labels are types of the app's own
/// (`LabelRoutes10`); and the same links' cases decoded at the Codable floor (`CodableFloor…`:
/// the first call of the enums' synthesized `init(from:)`, without RouteMatch).
func enumFirstUses() -> [String: FirstUse] {
    [
        "Routes10": FirstUse(Routes10.self, deepLink),
        "Routes100": FirstUse(Routes100.self, deepLink),
        "Routes1000": FirstUse(Routes1000.self, deepLink),
        "NestedRoutes1000": FirstUse(NestedRoutes1000.self, "myapp://app/feature9/item99/42"),
        "PreparedRoutes10": FirstUse(Routes10.self, deepLink, after: .prepare),
        "PreparedRoutes1000": FirstUse(Routes1000.self, deepLink, after: .prepare),
        "PreparedNestedRoutes1000": FirstUse(NestedRoutes1000.self, "myapp://app/feature9/item99/42", after: .prepare),
        "PreparedEveryRoutes10": FirstUse(Routes10.self, deepLink, after: .prepareEveryRoute),
        "PreparedEveryRoutes1000": FirstUse(Routes1000.self, deepLink, after: .prepareEveryRoute),
        "PreparedEveryNestedRoutes1000": FirstUse(
            NestedRoutes1000.self, "myapp://app/feature9/item99/42", after: .prepareEveryRoute),
        "PreparedRouterLegacyLink": FirstUse(legacyLinkAfterPreparing: false),
        "PreparedHandlerLegacyLink": FirstUse(legacyLinkAfterPreparing: true),
        "PrepareAloneRouterLegacyLink": FirstUse(legacyLinkAfterPreparing: false, opens: false),
        "PrepareAloneHandlerLegacyLink": FirstUse(legacyLinkAfterPreparing: true, opens: false),
        "PrepareAloneRoutes10": FirstUse(Routes10.self, deepLink, after: .prepare, matches: false),
        "PrepareAloneRoutes1000": FirstUse(Routes1000.self, deepLink, after: .prepare, matches: false),
        "ValidatedRoutes10": FirstUse(Routes10.self, deepLink, after: .validate),
        "ValidatedRoutes1000": FirstUse(Routes1000.self, deepLink, after: .validate),
        "ValidatedNestedRoutes1000": FirstUse(NestedRoutes1000.self, "myapp://app/feature9/item99/42", after: .validate),
        "LabelRoutes10": FirstUse(LabelRoutes10.self, labelRoutesLink),
        // Its first link after `prepare()`, which learns the first route (the link's route
        // still asks the runtime about its labels' types), and after `prepare(.everyRoute)`.
        "PreparedLabelRoutes10": FirstUse(LabelRoutes10.self, labelRoutesLink, after: .prepare),
        "PrepareAloneLabelRoutes10": FirstUse(LabelRoutes10.self, labelRoutesLink, after: .prepare, matches: false),
        "PreparedEveryLabelRoutes10": FirstUse(LabelRoutes10.self, labelRoutesLink, after: .prepareEveryRoute),
        "PrepareEveryAloneLabelRoutes10": FirstUse(
            LabelRoutes10.self, labelRoutesLink, after: .prepareEveryRoute, matches: false),
        "RenderLabelRoutes10": FirstUse(rendering: labelRoutesValue),
        // Its first render after `prepare(.everyRoute)`, which learned the route.
        "PreparedEveryRenderLabelRoutes10": FirstUse(rendering: labelRoutesValue, after: .prepareEveryRoute),
        "PrepareEveryAloneRenderLabelRoutes10": FirstUse(
            rendering: labelRoutesValue, after: .prepareEveryRoute, renders: false),
        "MissLabelRoutes10": FirstUse(explaining: LabelRoutes10.self, labelRoutesMiss),
        "RenderRoutes10": FirstUse(rendering: Routes10.userPosts(id: 42, page: 2, premium: true)),
        "MissRoutes10": FirstUse(explaining: Routes10.self, "myapp://app/user/4x2/posts?page=2&premium=true"),
        "CodableFloor10": FirstUse(floor: { decodesAtTheFloor(Routes10.self, key: Routes10.CodingKeys.userPosts) }),
        "CodableFloor100": FirstUse(floor: { decodesAtTheFloor(Routes100.self, key: Routes100.CodingKeys.userPosts) }),
        "CodableFloor1000": FirstUse(floor: { decodesAtTheFloor(Routes1000.self, key: Routes1000.CodingKeys.userPosts) }),
        "CodableFloorNested": FirstUse(floor: {
            decodesAtTheFloor(NestedRoutes1000.self, key: NestedRoutes1000.CodingKeys.feature9, inner: Feature9.CodingKeys.item99)
        }),
    ]
}

/// The app level of `NestedRoutes1000` as a plain enum, for closure routes that mount the
/// feature enums.
enum FeatureScreen {
    case feature0(Feature0), feature1(Feature1), feature2(Feature2), feature3(Feature3), feature4(Feature4)
    case feature5(Feature5), feature6(Feature6), feature7(Feature7), feature8(Feature8), feature9(Feature9)
}

/// The operations on those enums both programs repeat for `instructions.sh`.
func enumOperations() -> [String: () -> Int] {
    let nestedFloor = floorDecoder(NestedRoutes1000.CodingKeys.feature9, inner: Feature9.CodingKeys.item99)
    let sectionFloor = floorDecoder(Routes10.CodingKeys.section6)
    let floor10 = floorDecoder(Routes10.CodingKeys.userPosts)
    let floor100 = floorDecoder(Routes100.CodingKeys.userPosts)
    // The ten feature enums mounted by closure routes instead of an app enum: the app level
    // builds its value without `Codable`, so the hit decodes one enum, as a 10-route table's.
    let mountingClosures = Router<FeatureScreen>(scheme: "myapp", host: "app") { routes in
        routes.add("feature0/${rest...}") { try .feature0($0.value("rest", as: Feature0.self)) }
        routes.add("feature1/${rest...}") { try .feature1($0.value("rest", as: Feature1.self)) }
        routes.add("feature2/${rest...}") { try .feature2($0.value("rest", as: Feature2.self)) }
        routes.add("feature3/${rest...}") { try .feature3($0.value("rest", as: Feature3.self)) }
        routes.add("feature4/${rest...}") { try .feature4($0.value("rest", as: Feature4.self)) }
        routes.add("feature5/${rest...}") { try .feature5($0.value("rest", as: Feature5.self)) }
        routes.add("feature6/${rest...}") { try .feature6($0.value("rest", as: Feature6.self)) }
        routes.add("feature7/${rest...}") { try .feature7($0.value("rest", as: Feature7.self)) }
        routes.add("feature8/${rest...}") { try .feature8($0.value("rest", as: Feature8.self)) }
        routes.add("feature9/${rest...}") { try .feature9($0.value("rest", as: Feature9.self)) }
    }
    return [
        "urlcomponents-deep-link": { consume(URLComponents(string: deepLink)) },
        // The deep link's case decoded at the Codable floor (``FloorDecoder``).
        "codable-floor": { decodeAtTheFloor(Routes10.self, from: floor10) },
        "codable-floor-100": { decodeAtTheFloor(Routes100.self, from: floor100) },
        "enum-hit": { consume(Routes10.match(deepLink)) },
        // The same link in the 100-route enum: its synthesized init(from:) grows with its cases.
        "enum-hit-100": { consume(Routes100.match(deepLink)) },
        // The large-apps goal's pair: a link into the last of ten mounted feature enums of 100
        // (two decodes), and the same link shape in the 10-route enum (one decode).
        "nested-hit-1000": { consume(NestedRoutes1000.match("myapp://app/feature9/item99/42")) },
        "enum-hit-section": { consume(Routes10.match("myapp://app/section6/item/42")) },
        "nested-closure-hit-1000": { consume(mountingClosures.match("myapp://app/feature9/item99/42")) },
        // A miss inside the last feature enum (a letter in its `Int`), with its reason.
        "nested-miss-1000": {
            if case .failure(let error) = NestedRoutes1000.match("myapp://app/feature9/item99/x") { return consume(error.reason) }
            return 0
        },
        // The deep link's route rendered back as a link: its encode(to:), the texts, the
        // read-back check (one match of the link written).
        "enum-render": { consume(try? Routes10.userPosts(id: 42, page: 2, premium: true).link()) },
        // The same link written by `URLComponents` from its parts, the values made text (no
        // check that it reads back): the paired contender of `enum-render`.
        "urlcomponents-render": {
            var components = URLComponents()
            components.scheme = "myapp"
            components.host = "app"
            components.path = "/user/" + String(42) + "/posts"
            components.queryItems = [URLQueryItem(name: "page", value: String(2)), URLQueryItem(name: "premium", value: String(true))]
            return consume(components.string)
        },
        // A case with an optional query value (`article(slug: String, ref: String?)`), present.
        "enum-hit-optional": { consume(Routes10.match("myapp://app/article/swift?ref=mail")) },
        // The two links' cases decoded at the Codable floor (``FloorDecoder``): what Swift's
        // synthesized code costs a nested hit (two enums) and a one-level hit. Their
        // difference, over the one-level hit, bounds the pair's ratio from below for any decoder.
        "codable-floor-nested": { decodeAtTheFloor(NestedRoutes1000.self, from: nestedFloor) },
        "codable-floor-section": { decodeAtTheFloor(Routes10.self, from: sectionFloor) },
    ]
}

/// The goals' timed ratios: each pair's first operation, its second, and what the ratio says.
/// A program times the pairs whose two operations it has (`BenchFlagged`: those on the shared
/// enums, compiled with the README's first-use setting).
let goalPairs = [
    ("closure-hit", "urlcomponents-closure-link", "closure-route hit ÷ URLComponents(string:) alone, same link (goal ≤ 1.5×)"),
    ("enum-hit", "urlcomponents-deep-link", "enum deep-link hit, 10 routes ÷ URLComponents(string:) alone (goal ≤ 3×)"),
    ("enum-hit-100", "urlcomponents-deep-link", "enum deep-link hit, 100 routes ÷ URLComponents(string:) alone (goal ≤ 3×)"),
    ("codable-floor", "urlcomponents-deep-link", "its Codable floor (the case's synthesized init(from:) from a minimal decoder), 10 routes ÷ URLComponents(string:) alone"),
    ("codable-floor-100", "urlcomponents-deep-link", "its Codable floor, 100 routes ÷ URLComponents(string:) alone"),
    ("enum-miss", "enum-hit", "miss with its reason ÷ hit, same route (goal ≤ 2×)"),
    ("enum-render", "urlcomponents-render", "deep-link route rendered as its link, read back once ÷ URLComponents writing that link from its parts"),
    ("enum-render", "enum-hit", "the same render ÷ the deep-link hit"),
    ("nested-hit-1000", "enum-hit-section", "nested hit, ten mounted enums of 100 ÷ 10-route enum, same link shape (goal ≤ 1.2×)"),
    ("nested-closure-hit-1000", "enum-hit-section", "the same, the app level as closure routes"),
    ("codable-floor-section", "enum-hit-section", "the 10-route enum's Codable floor on that link (one synthesized init(from:)) ÷ its hit"),
    ("codable-floor-nested", "enum-hit-section", "the nested link's Codable floor (two synthesized init(from:)) ÷ the 10-route hit: for any decoder, the nested ratio is at least 1 + this less the line above"),
    // Bench's own operations (BenchFlagged has none of them, and skips these).
    ("struct-hit", "urlcomponents-closure-link", "struct-route hit (one small struct decoded) ÷ URLComponents(string:) alone, same link"),
    ("struct-in-segment-hit", "struct-hit", "struct-route hit, an in-segment capture from a prefixed universal link ÷ the struct-route hit"),
    ("struct-rest-hit", "struct-hit", "struct-route hit, a rest of three segments bound to a list ÷ the struct-route hit"),
    ("struct-query-list-hit", "struct-hit", "struct-route hit, a list of two values in the query ÷ the struct-route hit"),
    ("struct-miss", "struct-hit", "struct-route miss with its reason (at the first segment) ÷ the struct-route hit"),
]

/// Timed ratios, each from samples of its two operations taken in turn (the operations
/// `instructions.sh` counts, so that the two ratios can be set side by side).
///
/// - Parameters:
///   - pairs: Each pair's first operation, its second, and what the ratio says.
///   - operations: The program's operations, by name.
///   - warmFirst: Whether every paired operation runs once (its table built, its route
///     learned, its types made) before the first pair is timed, rather than each pair's first
///     uses coming after the samples of the pairs before it (each operation runs once before
///     its calibration either way: ``Harness``'s `calibrated`).
func pairedRatios(
    _ harness: inout Harness, _ pairs: [(String, String, String)], _ operations: [String: () -> Int],
    warmFirst: Bool = false
) -> [Harness.Paired] {
    if warmFirst {
        for (a, b, _) in pairs { harness.keep((operations[a]?() ?? 0) &+ (operations[b]?() ?? 0)) }
    }
    return pairs.compactMap { a, b, name in
        guard let first = operations[a], let second = operations[b] else { return nil }
        let paired = harness.paired(name, first, second)
        FileHandle.standardError.write(Data("\(name): \(String(format: "%.2f", paired.ratio))×\n".utf8))
        return paired
    }
}

/// `--paired`: only the timed ratios of `pairs`, from paired samples (a minute, where a whole
/// run of `Bench` takes several), then the process ends. With `--rounds`, each ratio's rounds
/// too: the two operations' times in each round, which show a round the machine slowed for one
/// operation and not the other. With `--warm-first`, every paired operation runs once before
/// the first pair is timed (see ``pairedRatios(_:_:_:warmFirst:)``). `makeOperations` runs only
/// when asked.
func runPairedIfAsked(_ pairs: [(String, String, String)], _ makeOperations: @autoclosure () -> [String: () -> Int], quick: Bool) {
    guard CommandLine.arguments.contains("--paired") else { return }
    let operations = makeOperations()
    var harness = Harness(quick: quick)
    let rounds = CommandLine.arguments.contains("--rounds")
    for pair in pairedRatios(&harness, pairs, operations, warmFirst: CommandLine.arguments.contains("--warm-first")) {
        print(pair.line)
        if rounds { print(pair.roundsLine) }
    }
    exit(0)
}

extension Result {
    var isHit: Bool { if case .success = self { true } else { false } }
}

@inline(never)
func consume<T>(_ value: T) -> Int {
    withUnsafeBytes(of: value) { $0.count }
}

/// `--first-use NAME`: the first use of one table, then the process ends. Prints the whole first
/// match and the part of it that built the table, in nanoseconds (`0 0`, exit status 1, when
/// the link did not hit); for a `Prepared…` or `Validated…` table, the first match after
/// `prepare()` or `validate()` alone, and the call before it. `--first-use none` does nothing
/// and prints nothing: the process's own start, which `instructions.sh` subtracts.
func runFirstUseIfAsked(_ firstUses: [String: FirstUse]) {
    guard let flag = CommandLine.arguments.firstIndex(of: "--first-use"), flag + 1 < CommandLine.arguments.count else { return }
    let name = CommandLine.arguments[flag + 1]
    if name == "none" { exit(0) }
    guard let entry = firstUses[name] else {
        print("tables: \(firstUses.keys.sorted().joined(separator: ", "))")
        exit(2)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    entry.build()
    let built = DispatchTime.now().uptimeNanoseconds
    let hit = entry.use(entry.link)
    let end = DispatchTime.now().uptimeNanoseconds
    print(hit ? "\(end - (entry.timesUseAlone ? built : start)) \(built - start)" : "0 0")
    exit(hit ? 0 : 1)
}

/// `--repeat OPERATION N`: one operation N times and nothing else, for counting its
/// instructions under callgrind. With `--counted`, N more times in `countedRepetitions`, which
/// `instructions.sh` counts alone, so that starting the process, building the tables and the
/// first runs stay out of the count.
///
/// Two options ask what else in the process moves an operation's time (the paired samples'
/// process has built and used every table before it times a pair):
/// - `--after-all`: every operation runs once before the count, so that each table is built
///   and each route type learned, as in `Bench --paired`'s process.
/// - `--alternate OTHER`: the count runs in blocks of 15,000, each followed by 75,000 runs of
///   operation OTHER, as a paired sample's rounds alternate; the blocks of OPERATION alone are
///   timed, and their time an operation is printed (in nanoseconds, on standard error).
///
/// `makeOperations` runs only when asked (the operations build tables and routers).
func runRepeatIfAsked(_ makeOperations: @autoclosure () -> [String: () -> Int]) {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--repeat"), flag + 2 < arguments.count,
        let count = Int(arguments[flag + 2]) else { return }
    let operations = makeOperations()
    guard let operation = operations[arguments[flag + 1]] else { unknownOperation(operations) }
    var checksum = operation()  // the first use (building the table, learning the route) before the count
    if arguments.contains("--after-all") {
        for name in operations.keys.sorted() { checksum &+= operations[name]?() ?? 0 }
    }
    if let option = arguments.firstIndex(of: "--alternate"), option + 1 < arguments.count {
        guard let other = operations[arguments[option + 1]] else { unknownOperation(operations) }
        checksum &+= other()
        var timed: UInt64 = 0
        var done = 0
        while done < count {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<15_000 { checksum &+= operation() }
            timed += DispatchTime.now().uptimeNanoseconds - start
            done += 15_000
            for _ in 0..<75_000 { checksum &+= other() }
        }
        FileHandle.standardError.write(Data(String(format: "%.1f ns an operation\n", Double(timed) / Double(done)).utf8))
    } else {
        for _ in 0..<count { checksum &+= operation() }
        if arguments.contains("--counted") { checksum &+= countedRepetitions(operation, count) }
    }
    print(checksum)
    exit(0)
}

/// Runs `operation` `count` times: with `--repeat OPERATION N --counted`, the N runs after the
/// first N, the only ones `instructions.sh` counts (callgrind's `--toggle-collect` names this
/// function, which is never inlined so that it keeps its name).
@inline(never)
func countedRepetitions(_ operation: () -> Int, _ count: Int) -> Int {
    var checksum = 0
    for _ in 0..<count { checksum &+= operation() }
    return checksum
}

/// Lists the operations `--repeat` knows and ends the process (status 2).
private func unknownOperation(_ operations: [String: () -> Int]) -> Never {
    print("operations: \(operations.keys.sorted().joined(separator: ", "))")
    exit(2)
}
