import Testing
@testable import RouteMatch

// Each test has route types of its own: `prepare()` works on a type's table, which a process
// builds once, and the tests ask what it did to a table no other test has used.

/// A feature enum mounted by ``PreparedApp``.
enum PreparedSettings: Routable, Equatable {
    case notifications(channel: Int)
    case privacy
    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifications = "notifications/${channel}"
        case privacy = "privacy"
    }
}

/// An app enum whose first route has values and whose second mounts ``PreparedSettings``.
enum PreparedApp: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case settings(PreparedSettings)
    case search(query: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case settings = "settings/${_0...}"
        case search = "search?q=${query}"
    }
}

/// A pair of twins (the same patterns, each its own feature type): one prepared, one never.
enum PreparedTwinSettings: Routable, Equatable {
    case notifications(channel: Int)
    case privacy
    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifications = "notifications/${channel}"
        case privacy = "privacy"
    }
}

enum PreparedTwin: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case settings(PreparedTwinSettings)
    case search(query: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case settings = "settings/${_0...}"
        case search = "search?q=${query}"
    }
}

enum UnpreparedTwinSettings: Routable, Equatable {
    case notifications(channel: Int)
    case privacy
    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifications = "notifications/${channel}"
        case privacy = "privacy"
    }
}

enum UnpreparedTwin: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case settings(UnpreparedTwinSettings)
    case search(query: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case settings = "settings/${_0...}"
        case search = "search?q=${query}"
    }
}

/// A table with a pattern problem (an unclosed placeholder).
enum PreparedBroken: Routable {
    static var host: String { "app" }
    case user(id: Int)
    case post(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case post = "post/${id"
    }
}

/// A type mounted inside itself: a definition problem, found when its mounting route is learned.
indirect enum PreparedFolder: Routable, Equatable {
    static var host: String { "files" }
    case leaf(name: String)
    case folder(PreparedFolder)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case leaf = "leaf/${name}"
        case folder = "f/${_0...}"
    }
}

/// An app enum whose links carry query items every route shares.
enum PreparedSharing: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case home
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case home = ""
    }
}

struct PreparedTracking: Codable, Equatable {
    var utm_source: String?
    var ref_id: Int?
}

/// Feature enums for closure routes, and for the race below.
enum PreparedClosureFeature: Routable, Equatable {
    case item(id: Int)
    case list
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case list = "list"
    }
}

enum PreparedScreen: Equatable, Sendable {
    case profile(id: Int)
    case feature(PreparedClosureFeature)
}

enum RacedFeature: Routable, Equatable {
    case item(id: Int)
    case tagged(tag: String, flag: Bool)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case tagged = "tag/${tag}/${flag}"
    }
}

enum RacedApp: Routable, Equatable {
    static var scheme: String { "race" }
    static var host: String { "prepared" }
    case user(id: Int)
    case feature(RacedFeature)
    case page(number: Int, title: String?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case feature = "f/${_0...}"
        case page = "page/${number}?title=${title}"
    }
}

/// A handler's routes, and the structs of its legacy redirects (one with a placeholder its
/// struct lacks).
enum PreparedHandled: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case home
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case home = ""
    }
}

struct PreparedLegacyProfile: Codable, Sendable { var uid: Int }
struct PreparedLegacyPost: Codable, Sendable { var slug: String }

/// A label type of the app's own, which a route's first use asks the runtime about.
enum PreparedShelf: String, Codable, Sendable { case new, sale }

/// A feature enum mounted by ``PreparedEveryApp``, one of whose routes has such a label.
enum PreparedEverySettings: Routable, Equatable {
    case notifications(channel: Int)
    case shelf(kind: PreparedShelf)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifications = "notifications/${channel}"
        case shelf = "shelf/${kind}"
    }
}

/// An app enum prepared with `.everyRoute`: its last route's label is a type of the app's own.
enum PreparedEveryApp: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case settings(PreparedEverySettings)
    case shelf(kind: PreparedShelf)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case settings = "settings/${_0...}"
        case shelf = "shelf/${kind}"
    }
}

/// The same shape, prepared with `.firstRoute` first and `.everyRoute` after it.
enum PreparedTwiceSettings: Routable, Equatable {
    case notifications(channel: Int)
    case shelf(kind: PreparedShelf)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifications = "notifications/${channel}"
        case shelf = "shelf/${kind}"
    }
}

enum PreparedTwiceApp: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case settings(PreparedTwiceSettings)
    case shelf(kind: PreparedShelf)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case settings = "settings/${_0...}"
        case shelf = "shelf/${kind}"
    }
}

/// A handler prepared with `.everyRoute`, and its legacy redirect's struct.
enum PreparedEveryHandled: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case user(id: Int)
    case shelf(kind: PreparedShelf)
    case home
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case shelf = "shelf/${kind}"
        case home = ""
    }
}

struct PreparedEveryLegacyShelf: Codable, Sendable { var kind: PreparedShelf }

/// Feature enums for closure routes prepared with `.everyRoute`.
enum PreparedEveryClosureFeature: Routable, Equatable {
    case item(id: Int)
    case list
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case list = "list"
    }
}

enum PreparedEveryScreen: Equatable, Sendable {
    case profile(id: Int)
    case feature(PreparedEveryClosureFeature)
    case shelf(PreparedShelf)
}

/// `prepare()`: a table's first-use work done ahead (the first route and the mounting routes
/// learned, the mounted tables prepared; with `.everyRoute` every route), and nothing any match
/// or render returns changed.
@Suite struct PrepareTests {
    /// Which routes of `table` are learned, in declaration order.
    static func learned(_ table: RouteTable) -> [Bool] { table.routes.map(\.isLearned) }

    /// Whether the process keeps an entry of `kind` for `type`.
    static func kept(_ type: Any.Type, _ kind: TableCache.Kind) -> Bool {
        TableCache.existingEntry(for: type, kind: kind) != nil
    }

    @Test func preparingLearnsTheFirstRouteAndTheMountingRoutesAndPreparesWhatTheyMount() throws {
        #expect(!Self.kept(PreparedApp.self, .table))
        #expect(!Self.kept(PreparedSettings.self, .mountedMatcher))
        PreparedApp.prepare()
        #expect(Self.learned(PreparedApp.router.table) == [true, true, false])
        // The feature's table as it is mounted, and its matcher: what a link into it reads.
        #expect(Self.kept(PreparedSettings.self, .mountedMatcher))
        #expect(Self.learned(PreparedSettings.mountedTable) == [true, false])
        // Its table of its own is not what a link into the app reads: not built.
        #expect(!Self.kept(PreparedSettings.self, .table))
        // Again: nothing more is learned.
        PreparedApp.prepare()
        #expect(Self.learned(PreparedApp.router.table) == [true, true, false])
        #expect(Self.learned(PreparedSettings.mountedTable) == [true, false])
    }

    @Test func preparingEveryRouteLearnsEveryRouteAndEveryRouteOfWhatTheyMount() throws {
        #expect(!Self.kept(PreparedEveryApp.self, .table))
        #expect(!Self.kept(PreparedEverySettings.self, .mountedMatcher))
        PreparedEveryApp.prepare(.everyRoute)
        #expect(Self.learned(PreparedEveryApp.router.table) == [true, true, true])
        #expect(Self.kept(PreparedEverySettings.self, .mountedMatcher))
        #expect(Self.learned(PreparedEverySettings.mountedTable) == [true, true])
        #expect(!Self.kept(PreparedEverySettings.self, .table))
        #expect(PreparedEveryApp.match("myapp://app/shelf/sale") == .success(.shelf(kind: .sale)))
        #expect(PreparedEveryApp.match("myapp://app/settings/shelf/new") == .success(.settings(.shelf(kind: .new))))
        let error = try #require(PreparedEveryApp.match("myapp://app/shelf/old").failure)
        #expect(error.reason == .formatFailure(label: "kind", found: "old", expected: .of(PreparedShelf.self)))
    }

    @Test func preparingEveryRouteAfterTheFirstLearnsTheRest() throws {
        PreparedTwiceApp.prepare()
        #expect(Self.learned(PreparedTwiceApp.router.table) == [true, true, false])
        #expect(Self.learned(PreparedTwiceSettings.mountedTable) == [true, false])
        PreparedTwiceApp.prepare(.everyRoute)
        #expect(Self.learned(PreparedTwiceApp.router.table) == [true, true, true])
        #expect(Self.learned(PreparedTwiceSettings.mountedTable) == [true, true])
        // Once every route is learned, the least preparation learns nothing more, nor undoes it.
        PreparedTwiceApp.prepare()
        #expect(Self.learned(PreparedTwiceApp.router.table) == [true, true, true])
    }

    @Test("a prepared table answers as a twin that was never prepared", arguments: [
        "myapp://app/user/42",
        "myapp://app/settings/notifications/3",
        "myapp://app/settings/privacy",
        "myapp://app/search?q=shoes",
        "myapp://app/user/4x2",
        "myapp://app/settings/notifications/loud",
        "myapp://app/settings/nope",
        "myapp://app/nope",
        "myapp://other/user/42",
    ], [RoutePreparation.firstRoute, .everyRoute])
    func aPreparedTableAnswersAsOneNeverPrepared(_ link: String, _ extent: RoutePreparation) throws {
        PreparedTwin.prepare(extent)
        switch (PreparedTwin.match(link), UnpreparedTwin.match(link)) {
        case (.success(let prepared), .success(let twin)):
            // The same case and values, and the same link back.
            #expect("\(prepared)".replacingOccurrences(of: "Prepared", with: "")
                == "\(twin)".replacingOccurrences(of: "Unprepared", with: ""))
            #expect(try prepared.link() == twin.link())
        case (.failure(let prepared), .failure(let twin)):
            #expect(prepared.reason == twin.reason)
            #expect(prepared.span == twin.span)
            #expect(prepared.closestRoute == twin.closestRoute)
            #expect(prepared.description == twin.description)
        case (let prepared, let twin):
            Issue.record("prepared \(prepared), never prepared \(twin)")
        }
    }

    @Test func aTableWithAPatternProblemIsPreparedAsItsFirstMatchWouldFindIt() throws {
        PreparedBroken.prepare()
        // Its first match learns every route to name every problem: so does preparing it.
        #expect(Self.learned(PreparedBroken.router.table) == [true, true])
        let error = try #require(throws: RouteMatchError.self) { try PreparedBroken.validate() }
        #expect(error.definitionProblems.map(\.reason) == [.patternSyntax(.unclosedPlaceholder)])
        let matched = try #require(PreparedBroken.match("app/user/42").failure)
        #expect(matched.definitionProblems == error.definitionProblems)
    }

    @Test func aTypeMountedInsideItselfIsPreparedWithoutEnd() throws {
        PreparedFolder.prepare()
        #expect(Self.learned(PreparedFolder.router.table) == [true, true])
        // The mounting route has a problem: nothing is prepared under it.
        #expect(!Self.kept(PreparedFolder.self, .mountedMatcher))
        let error = try #require(throws: RouteMatchError.self) { try PreparedFolder.validate() }
        #expect(error.definitionProblems.map(\.reason) == [
            .unsupportedType(label: "_0", type: "PreparedFolder", problem: .mountsItself),
        ])
        #expect(PreparedFolder.match("leaf/a") == .success(.leaf(name: "a")))
    }

    @Test func theItemsEveryRouteSharesArePreparedWhenNamed() throws {
        #expect(!Self.kept(SharedTable<PreparedTracking>.self, .table))
        PreparedSharing.prepare(sharing: PreparedTracking.self)
        #expect(Self.learned(PreparedSharing.router.table) == [true, false])
        #expect(Self.kept(SharedTable<PreparedTracking>.self, .table))
        #expect(PreparedSharing.match("myapp://app/user/42?utm_source=mail&ref_id=7", sharing: PreparedTracking.self)
            == .success(SharedMatch(route: .user(id: 42), shared: PreparedTracking(utm_source: "mail", ref_id: 7))))
        let error = try #require(
            PreparedSharing.match("myapp://app/?ref_id=x", sharing: PreparedTracking.self).failure)
        #expect(error.reason == .formatFailure(label: "ref_id", found: "x", expected: .of(Int.self)))
    }

    @Test func closureRoutesArePreparedWithTheEnumsTheyMount() throws {
        let router = Router<PreparedScreen>(scheme: "myapp", host: "app") { routes in
            routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
            routes.add("feature/${rest...}") { try .feature($0.value("rest", as: PreparedClosureFeature.self)) }
        }
        #expect(Self.learned(router.table) == [false, false])
        router.prepare()
        #expect(Self.learned(router.table) == [true, true])
        #expect(Self.kept(PreparedClosureFeature.self, .mountedMatcher))
        #expect(Self.learned(PreparedClosureFeature.mountedTable) == [true, false])
        #expect(router.match("myapp://app/feature/list") == .success(.feature(.list)))
        #expect(router.match("myapp://app/user/7") == .success(.profile(id: 7)))
    }

    @Test func closureRoutesPreparedWithEveryRouteLearnEveryRouteOfTheEnumsTheyMount() throws {
        let router = Router<PreparedEveryScreen>(scheme: "myapp", host: "app") { routes in
            routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
            routes.add("feature/${rest...}") { try .feature($0.value("rest", as: PreparedEveryClosureFeature.self)) }
            routes.add("shelf/${kind}") { try .shelf($0.value("kind", as: PreparedShelf.self)) }
        }
        router.prepare(.everyRoute)
        #expect(Self.learned(router.table) == [true, true, true])
        #expect(Self.learned(PreparedEveryClosureFeature.mountedTable) == [true, true])
        #expect(router.match("myapp://app/feature/item/3") == .success(.feature(.item(id: 3))))
        #expect(router.match("myapp://app/shelf/new") == .success(.shelf(.new)))
    }

    @Test func aLinkHandlerPreparesEveryRouteOfItsRouterWhenAsked() async throws {
        let handler = LinkHandler(PreparedEveryHandled.self) { config in
            config.redirect("shelf.php?kind=${kind}", as: PreparedEveryLegacyShelf.self, name: "old shelf") {
                .shelf(kind: $0.kind)
            }
        } handle: { _ in }
        let redirects = await handler.configuration.redirects
        #expect(Self.learned(PreparedEveryHandled.router.table) == [false, false, false])
        handler.prepare(.everyRoute)
        #expect(Self.learned(PreparedEveryHandled.router.table) == [true, true, true])
        #expect(redirects.map { Self.learned($0.table) } == [[true]])
        #expect(await handler.open("myapp://app/shelf.php?kind=sale")
            == .redirected(from: .link("myapp://app/shelf.php?kind=sale"), to: .shelf(kind: .sale), by: "old shelf"))
        #expect(await handler.open("myapp://app/shelf/new") == .handled(.shelf(kind: .new)))
    }

    @Test func aLinkHandlerPreparesItsRouterAndEveryLegacyRedirect() async throws {
        let handler = LinkHandler(PreparedHandled.self) { config in
            config.redirect("profile.php?uid=${uid}", as: PreparedLegacyProfile.self, name: "old profile") {
                .user(id: $0.uid)
            }
            config.redirect("post.php?id=${id}", as: PreparedLegacyPost.self, name: "old post") { _ in .home }
        } handle: { _ in }
        let redirects = await handler.configuration.redirects
        #expect(Self.learned(PreparedHandled.router.table) == [false, false])
        #expect(redirects.map { Self.learned($0.table) } == [[false], [false]])
        handler.prepare()
        #expect(Self.learned(PreparedHandled.router.table) == [true, false])
        #expect(redirects.map { Self.learned($0.table) } == [[true], [true]])
        // The outcomes are what they are unprepared: a legacy link redirected, a current one
        // handled, and one that reaches the broken redirect failed with both of its problems.
        #expect(await handler.open("myapp://app/profile.php?uid=7")
            == .redirected(from: .link("myapp://app/profile.php?uid=7"), to: .user(id: 7), by: "old profile"))
        #expect(await handler.open("myapp://app/user/8") == .handled(.user(id: 8)))
        let outcome = await handler.open("myapp://app/post.php?id=a")
        guard case .failed(let error) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(error.subject == .pattern)
        #expect(error.definitionProblems.map(\.reason) == [.unknownPlaceholder(name: "id"), .unusedLabel(label: "slug")])
        #expect(error.closestRoute == RouteReference(name: "old post", pattern: "post.php?id=${id}"))
    }

    /// Preparing on some tasks while others match and render: every task gets what one task
    /// alone gets.
    @Test func preparingWhileOtherTasksMatchChangesNoAnswer() async throws {
        let expected: [(link: String, found: String)] = [
            ("race://prepared/user/42", "user(id: 42) reads back"),
            ("race://prepared/f/item/8", "feature(RouteMatchTests.RacedFeature.item(id: 8)) reads back"),
            ("race://prepared/f/tag/a%20b/true", "feature(RouteMatchTests.RacedFeature.tagged(tag: \"a b\", flag: true)) reads back"),
            ("race://prepared/page/3?title=x", "page(number: 3, title: Optional(\"x\")) reads back"),
            ("race://prepared/f/item/x7", "format-failure at feature › item"),
            ("race://prepared/page", "missing-path-segment at page"),
        ]
        let rounds = 300
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<rounds {
                group.addTask {
                    if index.isMultiple(of: 5) {
                        // Some preparations learn every route, the others the least.
                        RacedApp.prepare(index.isMultiple(of: 10) ? .everyRoute : .firstRoute)
                        return (index, nil)
                    }
                    let entry = index % expected.count
                    switch RacedApp.match(expected[entry].link) {
                    case .success(let route):
                        let back = (try? route.link()) == expected[entry].link ? "reads back" : "renders otherwise"
                        return (entry, "\(route) \(back)")
                    case .failure(let error):
                        return (entry, "\(error.reason.code) at \(error.closestRoute?.name ?? "none")")
                    }
                }
            }
            var collected: [(Int, String?)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == rounds)
        for (entry, found) in results {
            guard let found else { continue }
            #expect(found == expected[entry].found, "\(expected[entry].link)")
        }
        #expect(Self.learned(RacedApp.router.table) == [true, true, true])
    }
}
