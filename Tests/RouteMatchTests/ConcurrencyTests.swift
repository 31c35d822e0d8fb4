import Testing
@testable import RouteMatch

/// A route type that no other test touches, so its table is first built inside the race.
enum RaceRoute: Routable, Equatable {
    static var scheme: String { "race" }
    static var host: String { "h" }
    case item(id: Int)
    case page(slug: String, n: Int?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case page = "page/${slug}?n=${n}"
    }
}

/// A route type that only ``ConcurrencyTests/theFirstRenderIsSafeWhenRaced()`` uses, and only to
/// render: its table and the index of case keys it renders with are first made inside the race.
enum RaceRendered: Routable, Equatable {
    static var scheme: String { "race" }
    static var host: String { "r" }
    case item(id: Int)
    case page(slug: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id} | i/${id}"
        case page = "page/${slug}"
    }
}

/// A feature table that only ``ConcurrencyTests/nestedFirstUsesRaced()`` uses: its table, its
/// routes' learning and its mounted matcher are first made inside the race.
enum RaceFeature: Routable, Equatable {
    case home
    case item(id: Int, tab: String?)
    case tagged(tag: String, flag: Bool)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case item = "item/${id}?tab=${tab}"
        case tagged = "tag/${tag}/${flag}"
    }
}

/// A second feature table, mounted both by ``RaceApp`` and by the closure routes of
/// ``ConcurrencyTests/raceClosures``.
enum RaceOther: Routable, Equatable {
    case page(n: Int)
    case path(rest: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case page = "page/${n}"
        case path = "files/${rest...}"
    }
}

/// The app table that mounts them, from two origins.
enum RaceApp: Routable, Equatable {
    static var origins: [String] { ["race://app", "https://race.example.com/app"] }
    case feature(RaceFeature)
    case other(RaceOther)
    case user(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case feature = "f/${_0...}"
        case other = "o/${_0...}"
        case user = "user/${id}"
    }
}

/// A feature table mounted by a route with a query item of its own, whose key is longer than a
/// tag (compared by its bytes): what ``ConcurrencyTests/oneErrorsDiagnosticAskedAtOnce(_:_:_:_:)``
/// asks of a miss in a mounted table.
enum DiagnosedFeature: Routable, Equatable {
    case item(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
    }
}

enum DiagnosedApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app"] }
    case feature(DiagnosedFeature, campaign: String?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case feature = "f/${_0...}?utm_campaign=${campaign}"
    }
}

@Suite struct ConcurrencyTests {
    @Test func theFirstUseBuildIsSafeWhenRaced() async {
        let results = await withTaskGroup(of: (ObjectIdentifier, String).self) { group in
            for index in 0..<256 {
                group.addTask {
                    let link = index.isMultiple(of: 2) ? "race://h/item/\(index)" : "race://h/page/p\(index)?n=x"
                    let outcome: String
                    switch RaceRoute.match(link) {
                    case .success(let route): outcome = "\(route)"
                    case .failure(let error): outcome = error.description
                    }
                    return (ObjectIdentifier(RaceRoute.router.table), outcome)
                }
            }
            var collected: [(ObjectIdentifier, String)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(Set(results.map(\.0)).count == 1, "every task sees the one cached table")
        #expect(results.count == 256)
        for (_, outcome) in results where outcome.hasPrefix("item") {
            #expect(outcome.hasPrefix("item(id: "))
        }
        #expect(results.filter { $0.1.contains("'n' expects Int, found \"x\"") }.count == 128)
    }

    /// A table rendered first by many tasks at once, never matched: each task renders its value
    /// with its case's first pattern (the index of case keys, made by the first task to render,
    /// is the one every task reads; ThreadSanitizer checks it in CI's run of this suite).
    @Test func theFirstRenderIsSafeWhenRaced() async {
        let links = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<256 {
                group.addTask {
                    let route: RaceRendered = index.isMultiple(of: 2) ? .item(id: index) : .page(slug: "p\(index)")
                    return (index, (try? route.link()) ?? "not rendered")
                }
            }
            var collected: [(Int, String)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(links.count == 256)
        for (index, link) in links {
            #expect(link == (index.isMultiple(of: 2) ? "race://r/item/\(index)" : "race://r/page/p\(index)"))
        }
    }

    /// One error's diagnostic asked by many tasks at once, before anyone asked it, its one-line
    /// forms among it (the redacted one computes the details' cheap part alone, which a full
    /// diagnostic asked after it takes): each gets the same details (computed outside the lock of
    /// the error's memo, the first stored kept), each from a copy of the link's components of its
    /// own (``LinkView/Isolation``: reading the matcher's in place from several threads is what
    /// ThreadSanitizer reports as a race, which the CI's run of this suite under it checks). A miss
    /// in an app table, and misses in mounted tables, whose error's diagnostic wraps the mounted
    /// table's (the second's mounting route reads a query item of its own).
    @Test(arguments: [
        (0, "myapp://app/user/4x2/posts?page=x&premium=maybe", 2, "user/${id}/posts?page=${page}&premium=${premium}"),
        (1, "https://example.com/settings/privacy/ads?expanded=maybe", 0, "settings › privacy › section"),
        (2, "myapp://app/f/item/x7?utm_campaign=spring", 0, "feature › item"),
    ])
    func oneErrorsDiagnosticAskedAtOnce(_ table: Int, _ link: String, _ notes: Int, _ closest: String) async throws {
        // Errors of the same link, each asked by a few tasks at once: the more errors asked
        // afresh, the likelier two tasks compute one error's diagnostic together.
        let match: [(String) -> RouteMatchError?] = [
            { AppRoute.match($0).failure }, { FeatureApp.match($0).failure }, { DiagnosedApp.match($0).failure },
        ]
        let errors = try (0..<32).map { _ in try #require(match[table](link)) }
        let texts = await withTaskGroup(of: [String].self) { group in
            for index in 0..<(4 * errors.count) {
                group.addTask {
                    let error = errors[index / 4]
                    // Each part of the diagnostic first, in turn, from some task.
                    let parts = [
                        { error.description }, { error.redactedDescription }, { error.summary }, { error.redactedSummary },
                        { "\(error.notes.count)" },
                    ]
                    return (0..<parts.count).map { parts[(index + $0) % parts.count]() }.sorted()
                }
            }
            var collected: [[String]] = []
            for await text in group { collected.append(text) }
            return collected
        }
        #expect(texts.count == 4 * errors.count)
        let error = errors[0]
        let expected = [error.description, error.redactedDescription, error.summary, error.redactedSummary, "\(notes)"].sorted()
        #expect(Set(texts) == [expected])
        #expect(error.closestRoute?.name == closest || error.closestRoute?.pattern == closest)
        #expect(error.description.contains("help:"))
    }

    /// An app level written as closure routes over the same feature tables.
    enum RaceScreen: Equatable { case feature(RaceFeature), other(RaceOther), user(Int) }
    static let raceClosures = Router<RaceScreen>(scheme: "race", host: "closures") { routes in
        routes.add("f/${rest...}") { try .feature($0.value("rest", as: RaceFeature.self)) } render: {
            guard case .feature(let feature) = $0 else { return nil }
            return ["rest": feature]
        }
        routes.add("o/${rest...}") { try .other($0.value("rest", as: RaceOther.self)) } render: {
            guard case .other(let other) = $0 else { return nil }
            return ["rest": other]
        }
        routes.add("user/${id}") { try .user($0.value("id", as: Int.self)) } render: {
            guard case .user(let id) = $0 else { return nil }
            return ["id": id]
        }
    }

    /// What each link of the race gives as the app enum and as closure routes: the route (and
    /// the link it renders back, when it is not the same), or the reason's code and the route
    /// it names.
    static let nestedRace: [(link: String, app: String, closures: String)] = [
        ("/f", "feature(RouteMatchTests.RaceFeature.home)", "feature(RouteMatchTests.RaceFeature.home)"),
        ("/f/item/7?tab=info", "feature(RouteMatchTests.RaceFeature.item(id: 7, tab: Optional(\"info\")))",
         "feature(RouteMatchTests.RaceFeature.item(id: 7, tab: Optional(\"info\")))"),
        ("/f/item/8?utm=x", "feature(RouteMatchTests.RaceFeature.item(id: 8, tab: nil)) renders /f/item/8",
         "feature(RouteMatchTests.RaceFeature.item(id: 8, tab: nil)) renders /f/item/8"),
        ("/f/tag/a%20b/true", "feature(RouteMatchTests.RaceFeature.tagged(tag: \"a b\", flag: true))",
         "feature(RouteMatchTests.RaceFeature.tagged(tag: \"a b\", flag: true))"),
        ("/o/page/3", "other(RouteMatchTests.RaceOther.page(n: 3))", "other(RouteMatchTests.RaceOther.page(n: 3))"),
        ("/o/files/x/y/z.txt", "other(RouteMatchTests.RaceOther.path(rest: \"x/y/z.txt\"))",
         "other(RouteMatchTests.RaceOther.path(rest: \"x/y/z.txt\"))"),
        ("/user/42", "user(id: 42)", "user(42)"),
        ("/f/item/x7", "format-failure at feature › item", "format-failure at f/${rest...} › item"),
        ("/f/tag/a/maybe", "format-failure at feature › tagged", "format-failure at f/${rest...} › tagged"),
        ("/o/page", "missing-path-segment at other › page", "missing-path-segment at o/${rest...} › page"),
    ]

    /// The first uses of an app table, the feature tables it mounts (their routes learned on
    /// first use, their mounted matchers made on the first link into them) and closure routes
    /// over the same features, raced from many tasks, matching and rendering: every task gets
    /// what one task alone gets.
    @Test func nestedFirstUsesRaced() async throws {
        // `origin`: the one the link comes from; `rendered`: the one a route renders with (a
        // table's first).
        @Sendable func outcome<Route>(
            _ path: String, origin: String, rendered: String, _ match: (String) -> Result<Route, RouteMatchError>,
            _ render: (Route) throws -> String
        ) -> String {
            switch match(origin + path) {
            case .failure(let error):
                return "\(error.reason.code) at \(error.closestRoute?.name ?? "none")"
            case .success(let route):
                let back = (try? render(route)) ?? "not rendered"
                return "\(route)" + (back == rendered + path ? "" : " renders \(back.dropFirst(rendered.count))")
            }
        }
        let rounds = 600
        let results = await withTaskGroup(of: (Int, Bool, String).self) { group in
            for index in 0..<rounds {
                group.addTask {
                    let entry = index % Self.nestedRace.count, closures = (index / Self.nestedRace.count).isMultiple(of: 2)
                    let path = Self.nestedRace[entry].link
                    // The app table's links from either of its origins, in turn.
                    let appOrigin = (index / (2 * Self.nestedRace.count)).isMultiple(of: 2) ? "race://app" : "https://race.example.com/app"
                    let found = closures
                        ? outcome(path, origin: "race://closures", rendered: "race://closures", { Self.raceClosures.match($0) }, {
                            try Self.raceClosures.link(for: $0)
                        })
                        : outcome(path, origin: appOrigin, rendered: "race://app", { RaceApp.match($0) }, { try $0.link() })
                    return (entry, closures, found)
                }
            }
            var collected: [(Int, Bool, String)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == rounds)
        for (entry, closures, found) in results {
            let expected = closures ? Self.nestedRace[entry].closures : Self.nestedRace[entry].app
            #expect(found == expected, "\(Self.nestedRace[entry].link), closures: \(closures)")
        }
    }
}
