import Foundation
import Testing
@testable import RouteMatch

/// Struct routers, broken tables in use, values, and sharing a table between tasks.
@Suite struct RouterTests {
    struct Search: Codable, Equatable {
        var q: String
        var page: Int?
        var tags: [String]
    }

    @Test func structRouterReadsAndRenders() throws {
        let router = Router<Search>(scheme: "https", host: "example.com") { routes in
            routes.add("search?q=${q}&page=${page}&tag=${tags}", name: "search")
        }
        #expect(router.match("https://example.com/search?q=swift&tag=a&tag=b")
            == .success(Search(q: "swift", page: nil, tags: ["a", "b"])))
        #expect(try router.link(for: Search(q: "a b", page: 2, tags: ["x"]))
            == "https://example.com/search?q=a%20b&page=2&tag=x")
        #expect(router.routes == [RouteReference(name: "search", pattern: "search?q=${q}&page=${page}&tag=${tags}")])
        let error = try #require(router.match("https://example.com/search?page=1").failure)
        #expect(error.reason == .missingQueryItem(key: "q"))
    }

    enum HalfBroken: Routable, Equatable {
        static var origins: [String] { ["myapp://app"] }
        case good(id: Int)
        case bad(id: Int, page: Int)
        enum CodingKeys: String, CodingKey, CaseIterable {
            case good = "good/${id}"
            case bad = "bad/${id}"
        }
    }

    @Test func aRouteWhoseTypeHasAProblemFailsTheLinksThatReachIt() throws {
        // The table is built from the patterns: a problem that needs the route's type is
        // found on the route's first use, and the other routes match.
        #expect(HalfBroken.match("myapp://app/good/1") == .success(.good(id: 1)))
        let error = try #require(HalfBroken.match("myapp://app/bad/1").failure)
        #expect(error == RouteMatchError(
            reason: .unusedLabel(label: "page"), input: "bad/${id}", subject: .pattern, span: 9..<9,
            closestRoute: RouteReference(name: "bad", pattern: "bad/${id}"),
            definitionProblems: [RouteMatchError.DefinitionProblem(
                route: RouteReference(name: "bad", pattern: "bad/${id}"), reason: .unusedLabel(label: "page"), span: 9..<9,
                alternatives: ["id"])]))
        #expect(error.description.hasSuffix(
            "= note: found when the route was first used; call validate() in a test to find every such problem at once"))
        // A link the broken route is closest to names it too; rendering with it fails the same way.
        #expect(HalfBroken.match("myapp://app/bad").failure == error)
        #expect(throws: error) { try HalfBroken.bad(id: 1, page: 2).link() }
        #expect(throws: error) { try HalfBroken.validate() }
        #expect(try HalfBroken.good(id: 2).link() == "myapp://app/good/2")
    }

    /// Counts the calls of each closure route's build closure, by route.
    final class BuildCounter: Sendable {
        let calls = Locked<[String: Int]>([:])
        func count(_ route: String) { calls.withLock { $0[route, default: 0] += 1 } }
        var snapshot: [String: Int] { calls.withLock { $0 } }
    }

    /// A decode reads each label where the pattern put it, whatever order the case declares
    /// its values in (the decoder guesses the slot after the last label read, and looks it up
    /// when the guess is wrong).
    @Test(arguments: [
        ("myapp://app/p/true/abc?first=1", ReorderedLabels.pair(first: 1, second: "abc", third: true)),
        ("myapp://app/p/false/x?first=-7", .pair(first: -7, second: "x", third: false)),
        ("myapp://app/q/2/y?one=z", .inOrder(one: "z", two: 2, three: "y")),
    ])
    func labelsNamedInAnotherOrderThanDeclaredReadTheirOwnText(_ link: String, _ route: ReorderedLabels) throws {
        #expect(try ReorderedLabels(link: link) == route)
        #expect(try route.link() == link)
    }

    @Test func aTableLearnsEachRouteOnItsFirstUseOnly() throws {
        let counter = BuildCounter()
        let router = Router<String>(host: "app") { routes in
            for name in ["a", "b", "c"] {
                routes.add("\(name)/${id}") {
                    counter.count(name)
                    return name + (try $0.value("id", as: String.self))
                }
            }
        }
        // Built from the patterns: no route's closure has run.
        #expect(counter.snapshot == [:])
        // A miss learns only the route its diagnostic names.
        #expect(router.match("myapp://app/x/1").failure?.reason == .literalMismatch(expected: "a", found: "x"))
        #expect(counter.snapshot == ["a": 1])
        // The first link to reach `b` learns it (one probe) and builds its value (one call).
        #expect(router.match("myapp://app/b/1") == .success("b1"))
        #expect(counter.snapshot == ["a": 1, "b": 2])
        #expect(router.match("myapp://app/b/2") == .success("b2"))
        #expect(counter.snapshot == ["a": 1, "b": 3])
        // `validate()` learns the others, once.
        try router.validate()
        try router.validate()
        #expect(counter.snapshot == ["a": 1, "b": 3, "c": 1])
    }

    @Test func aTableWithAPatternProblemFailsEveryMatchWithAllItsProblems() {
        let error = UnusedLabel.match("myapp://app/user/1/posts").failure
        #expect(error?.reason == .unusedLabel(label: "page"))
        #expect(error?.subject == .pattern)
        #expect(error?.span == 16..<16)
        #expect(throws: RouteMatchError.self) { try UnusedLabel.validate() }
        #expect(ManyProblems.match("anything").failure?.definitionProblems.map(\.reason) == [
            .unknownPlaceholder(name: "idd"),
            .unusedLabel(label: "page"),
            .duplicatePlaceholder(name: "a"),
            .duplicateQueryKey(key: "k"),
            .ambiguousRoutes(route: "same", other: "posts"),
            .patternSyntax(.unclosedPlaceholder),
        ])
    }

    @Test(arguments: [
        ("typed://x/tab/settings", TypedRoute.tab(tab: .settings)),
        ("typed://x/plain/2", TypedRoute.plain(value: .two)),
        ("typed://x/uuid/e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
         TypedRoute.uuid(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)),
        ("typed://x/lossless/1.2", TypedRoute.lossless(version: Version(major: 1, minor: 2))),
        ("typed://x/unlabeled/7/x", TypedRoute.unlabeled(7, "x")),
        ("typed://x/anchor#top", TypedRoute.anchor(name: "top")),
    ])
    func values(_ link: String, _ route: TypedRoute) throws {
        #expect(TypedRoute.match(link) == .success(route))
        #expect(TypedRoute.match(try route.link()) == .success(route))
    }

    @Test func aRoutesOwnValidationIsANamedReason() throws {
        let router = structRouter(Paging.self, "list?page=${page}")
        #expect(router.match("myapp://app/list?page=3") == .success(Paging(page: 3)))
        #expect(router.match("myapp://app/list?page=0").failure?.reason == .rejectedByRoute(message: "page must be at least 1"))
        #expect(throws: RouteMatchError.self) { try structRouter(Unencodable.self, "u/${id}").link(for: Unencodable(id: 1)) }
    }

    @Test func valueFailuresNameTheType() {
        #expect(TypedRoute.match("typed://x/plain/9").failure?.reason
            == .formatFailure(label: "value", found: "9", expected: .of(Plain.self)))
        #expect(TypedRoute.match("typed://x/lossless/1").failure?.reason
            == .formatFailure(label: "version", found: "1", expected: .of(Version.self)))
    }

    /// The notes are the closest route's other problems, the other candidates the near routes'
    /// first problems.
    @Test func notesAndCandidatesAreTheClosestRoutesOtherProblemsAndTheNearRoutes() throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=x").failure)
        #expect(error.reason == .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)))
        #expect(error.notes == [
            Problem(reason: .formatFailure(label: "page", found: "x", expected: .of(Int.self)), span: 32..<33),
            Problem(reason: .missingQueryItem(key: "premium"), span: 33..<33),
        ])
        let near = try #require(PriorityRoute.match("p://h/user/me/x").failure)
        #expect(near.otherCandidates.map(\.route.name) == ["me", "any"])
    }

    /// A link's problems with its closest route come as they stand in the link: the first is
    /// the error's reason and span, the others its notes, whether it has one problem (the
    /// evaluator holds it apart, with no array of others) or several, and whether the walk
    /// found them (the link reached the route's end) or the notes are found when asked for
    /// (the walk left the route before its end: the match finds the first problem only).
    @Test(arguments: [
        ("myapp://app/user/4x2/posts?page=2&premium=true",
         Problem(reason: .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)), span: 17..<20), [Problem]()),
        ("myapp://app/user/42/posts?page=x&premium=true",
         Problem(reason: .formatFailure(label: "page", found: "x", expected: .of(Int.self)), span: 31..<32), []),
        ("myapp://app/user/4x2/posts?page=x&premium=true",
         Problem(reason: .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)), span: 17..<20),
         [Problem(reason: .formatFailure(label: "page", found: "x", expected: .of(Int.self)), span: 32..<33)]),
        ("myapp://app/user/4x2/posts?page=x",
         Problem(reason: .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)), span: 17..<20),
         [Problem(reason: .formatFailure(label: "page", found: "x", expected: .of(Int.self)), span: 32..<33),
          Problem(reason: .missingQueryItem(key: "premium"), span: 33..<33)]),
        ("myapp://app/user/42/posts/extra?page=x",
         Problem(reason: .extraPathSegment(found: "extra"), span: 26..<31),
         [Problem(reason: .formatFailure(label: "page", found: "x", expected: .of(Int.self)), span: 37..<38),
          Problem(reason: .missingQueryItem(key: "premium"), span: 38..<38)]),
        ("myapp://app/user/42/posts/extra?page=2&premium=true",
         Problem(reason: .extraPathSegment(found: "extra"), span: 26..<31), []),
    ])
    func problemsComeInTheOrderTheyStand(link: String, first: Problem, notes: [Problem]) throws {
        let error = try #require(AppRoute.match(link).failure)
        // The walk finds every problem of a route it reaches the end of; the notes of one it
        // leaves before its end are found when asked for.
        #expect((error.knownNotes == nil) == link.contains("/extra"))
        #expect(Problem(reason: error.reason, span: error.span) == first)
        #expect(error.notes == notes)
        #expect(error.closestRoute?.name == "userPosts")
    }

    /// A miss inside a mounted table keeps the inner route's notes beside its reason, their
    /// spans in the whole link, as the mounting table reports it (found when asked for, as the
    /// inner table's error finds them: the walk left the inner route before its end).
    @Test func aMountedRoutesNotesComeWithItsReason() throws {
        let error = try #require(FeatureApp.match("https://example.com/settings/notifications/loud/extra").failure)
        #expect(error.knownNotes == nil)
        #expect(error.reason == .formatFailure(label: "channel", found: "loud", expected: .of(Int.self)))
        #expect(error.span == 43..<47)
        #expect(error.notes == [Problem(reason: .extraPathSegment(found: "extra"), span: 48..<53)])
        #expect(error.closestRoute?.name == "settings › notifications")
    }

    @Test func tablesAreSharedSafelyBetweenTasks() async {
        let links = (0..<3000).map { index in
            switch index % 3 {
            case 0: return "myapp://app/user/\(index)/posts?page=\(index)&premium=true"
            case 1: return "myapp://app/user/\(index)x/posts"
            default: return "myapp://app/article/a\(index)?ref=r"
            }
        }
        func outcome(_ link: String) -> String {
            switch AppRoute.match(link) {
            case .success(let route): return "ok \(route) \((try? route.link()) ?? "-")"
            case .failure(let error): return error.description
            }
        }
        let serial = links.map(outcome)
        let parallel = await withTaskGroup(of: (Int, String).self) { group in
            for (index, link) in links.enumerated() {
                group.addTask { (index, outcome(link)) }
            }
            var results = [String](repeating: "", count: links.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(parallel == serial)
    }
}

/// Case names as diagnostics show them, however the case is spelled.
enum NamedCases: Routable {
    case URLOpen(link: String)
    case home
    case _private
    case x(Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case URLOpen = "open/${link}"
        case home = "home"
        case _private = "private"
        case x = "x/${_0}"
    }
}

@Test func caseNamesAreTheCasesOwn() {
    #expect(NamedCases.router.routes.map(\.name) == ["URLOpen", "home", "_private", "x"])
}

/// A case's name from its key type's name: read as bytes when it starts with two ASCII bytes,
/// as characters otherwise (a first letter with a mark after it, a letter outside ASCII); the
/// key type's name itself when the spelling does not say it (an acronym, nothing before the
/// suffix) and no sample value does.
@Test(arguments: [
    ("UserPostsCodingKeys", "userPosts"), ("XCodingKeys", "x"), ("_privateCodingKeys", "_private"),
    ("A1CodingKeys", "a1"), ("ÜberCodingKeys", "über"), ("E\u{301}tatCodingKeys", "e\u{301}tat"),
    ("URLOpenCodingKeys", "URLOpenCodingKeys"), ("CodingKeys", "CodingKeys"), ("Keys", "Keys"),
])
func aCaseIsNamedByItsKeyType(_ keyTypeName: String, _ name: String) {
    #expect(Router<NamedCases>.caseName(keyTypeName: keyTypeName, sample: .none) == name)
}

/// Per-case key types of the spellings a case name takes (see `aCaseNameIsReadWhenAskedAndKept`).
enum NamingKeyTypes {
    enum UserPostsCodingKeys {}
    enum URLOpenCodingKeys {}
}

/// A learned case's name is read from its key type when something asks, and kept: the route's
/// probe is asked only for a name the key type's name does not say (an acronym), and once.
@Test func aCaseNameIsReadWhenAskedAndKept() {
    var asked = 0
    let probed = { () -> String in
        asked += 1
        return "URLOpen"
    }
    let userPosts = RouteName.caseKeyType(NamingKeyTypes.UserPostsCodingKeys.self)
    #expect([userPosts.text(probed: probed), userPosts.text(probed: probed)] == ["userPosts", "userPosts"])
    #expect(asked == 0)
    let acronym = RouteName.caseKeyType(NamingKeyTypes.URLOpenCodingKeys.self)
    #expect([acronym.text(probed: probed), acronym.text(probed: probed)] == ["URLOpen", "URLOpen"])
    #expect(asked == 1)
    #expect(RouteName.given.text(probed: probed) == "URLOpen")
    #expect(asked == 2)
}

/// Cases without values: a hit returns the value the table kept when it was built (no
/// `Codable` runs), the same value a decode would give, every time and from any thread.
@Suite struct ConstantCaseTests {
    enum Tabs: Routable, Equatable {
        static var scheme: String { "myapp" }
        static var host: String { "app" }

        case home, settings, inbox
        case user(id: Int)
        case legacy

        enum CodingKeys: String, CodingKey, CaseIterable {
            case home = "", settings = "settings", inbox = "inbox | mail"
            case user = "user/${id}"
            case legacy = "old/settings"
        }
    }

    @Test(arguments: [
        ("myapp://app", Tabs.home), ("myapp://app/settings", .settings), ("myapp://app/inbox", .inbox),
        ("myapp://app/mail", .inbox), ("myapp://app/user/7", .user(id: 7)), ("myapp://app/old/settings", .legacy),
    ])
    func hitsGiveTheCase(_ link: String, _ expected: Tabs) throws {
        #expect(try Tabs(link: link) == expected)
        #expect(try Tabs(link: try expected.link()) == expected)
    }

    @Test func concurrentHitsGiveTheSameValue() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { (try? Tabs(link: index % 2 == 0 ? "myapp://app/settings" : "myapp://app/mail")) == (index % 2 == 0 ? .settings : .inbox) }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 200 && results.allSatisfy { $0 })
    }

    /// Decodes of the same learned cases racing on many threads each read their own link's
    /// values: the containers a learned case keeps hold none, and serve the decode running on
    /// their thread (a mounted table's decode, inside its parent's, too; and a new table of
    /// struct routes, whose one kept labels' container the first decodes race to make).
    @Test func concurrentDecodesOfTheSameCasesEachReadTheirOwnValues() async {
        let items = Router<DispatchInternalsTests.SectionItem>(scheme: "myapp", host: "app") { routes in
            routes.add("section/${id}", name: "section")
        }
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<256 {
                group.addTask {
                    let posts = "myapp://app/user/\(index)/posts?page=\(index * 3)&premium=\(index % 2 == 0)"
                    let mounted = "myapp://app/u/user\(index)/settings/notifications/\(index)"
                    // Many decodes a task, so that decodes on different threads overlap.
                    return (0..<200).allSatisfy { _ in
                        (try? AppRoute(link: posts)) == .userPosts(id: index, page: index * 3, premium: index % 2 == 0)
                            && (try? NestedRoutesTests.SettingsThenUser(link: mounted))
                                == .settings(.notifications(channel: index), user: "user\(index)")
                            && (try? items.match("myapp://app/section/\(index)").get()) == .init(id: index)
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 256 && results.allSatisfy { $0 })
    }
}

enum ReorderedLabels: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case pair(first: Int, second: String, third: Bool)
    case inOrder(one: String, two: Int, three: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case pair = "p/${third}/${second}?first=${first}"
        case inOrder = "q/${two}/${three}?one=${one}"
    }
}
