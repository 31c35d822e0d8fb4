import Foundation
import Testing
@testable import RouteMatch

/// Issue 8: several origins per table, captures inside a segment and to the end of the path,
/// and malformed escapes named by the route they break.
@Suite struct RealLinksTests {
    typealias Hit = LinkHit<StoreRoute>

    @Test("every origin reads the same routes", arguments: [
        Hit(link: "myapp://app/items/item-7.json", route: .item(id: 7)),
        Hit(link: "https://example.com/items/item-7.json", route: .item(id: 7)),
        Hit(link: "https://www.example.com/app/items/item-7.json", route: .item(id: 7)),
        Hit(link: "HTTPS://Example.COM:443/items/item-7.json", route: .item(id: 7)),
        Hit(link: "items/item-7.json", route: .item(id: 7)),
        Hit(link: "myapp://app", route: .home),
        Hit(link: "https://example.com/", route: .home),
        Hit(link: "https://www.example.com/app", route: .home),
        Hit(link: "https://www.example.com/app/", route: .home),
        Hit(link: "https://help.example.com/billing", route: .help(topic: "billing")),
    ])
    func origins(_ hit: Hit) {
        #expect(StoreRoute.match(hit.link) == .success(hit.route))
    }

    @Test("captures inside a segment", arguments: [
        Hit(link: "myapp://app/app/id284882215", route: .appStore(id: 284_882_215)),
        Hit(link: "myapp://app/images/logo@2x.png", route: .image(name: "logo")),
        Hit(link: "myapp://app/images/a%40b@2x.png", route: .image(name: "a@b")),
        Hit(link: "myapp://app/images/@2x.png@2x.png", route: .image(name: "@2x.png")),
        Hit(link: "myapp://app/api/v2", route: .apiVersion(major: 2)),
        Hit(link: "myapp://app/search?q=shoes&v=v3", route: .search(query: "shoes", version: 3)),
        Hit(link: "myapp://app/search?q=shoes&v=", route: .search(query: "shoes", version: nil)),
        Hit(link: "myapp://app/search?q=shoes", route: .search(query: "shoes", version: nil)),
    ])
    func inSegment(_ hit: Hit) {
        #expect(StoreRoute.match(hit.link) == .success(hit.route))
    }

    @Test("captures to the end of the path", arguments: [
        Hit(link: "myapp://app/blob/main/Sources/a.swift", route: .file(ref: "main", path: ["Sources", "a.swift"])),
        Hit(link: "myapp://app/blob/main/a%2Fb/c", route: .file(ref: "main", path: ["a/b", "c"])),
        Hit(link: "myapp://app/blob/main/x/", route: .file(ref: "main", path: ["x"])),
        Hit(link: "myapp://app/blob/main", route: .file(ref: "main", path: [])),
        Hit(link: "myapp://app/docs", route: .docs(page: nil)),
        Hit(link: "myapp://app/docs/guide/install", route: .docs(page: "guide/install")),
        Hit(link: "myapp://app/download/a/b%20c", route: .download(path: "a/b c")),
        // Literal and shorter routes win over a rest capture.
        Hit(link: "myapp://app/files/recent", route: .filesRecent),
        Hit(link: "myapp://app/files/report", route: .files(name: "report")),
    ])
    func rest(_ hit: Hit) {
        #expect(StoreRoute.match(hit.link) == .success(hit.route))
    }

    @Test("what does not match, and why", arguments: [
        ("https://exmaple.com/items/item-7.json", RouteMatchError.Reason.hostMismatch(expected: "example.com", found: "exmaple.com")),
        ("https://www.example.com/items/item-7.json", .literalMismatch(expected: "app", found: "items")),
        ("https://example.com:8443/items/item-7.json", .hostMismatch(expected: "example.com", found: "example.com:8443")),
        ("ftp://example.com/items/item-7.json", .schemeMismatch(expected: "https", found: "ftp")),
        ("myapp:///items/item-7.json", .hostMismatch(expected: "app", found: nil)),
        ("myapp://app/items/item-x.json", .formatFailure(label: "id", found: "x", expected: .of(Int.self))),
        ("myapp://app/items/7.json", .literalMismatch(expected: "item-${id}.json", found: "7.json")),
        ("myapp://app/items/item-.json", .literalMismatch(expected: "item-${id}.json", found: "item-.json")),
        ("myapp://app/search?q=a&v=3", .literalMismatch(expected: "v${version}", found: "3")),
        ("myapp://app/download", .missingPathSegment(expected: "${path...}")),
        ("myapp://app/download/a//b", .emptyPathSegment(label: "path")),
        ("myapp://app/blob/main/a/%zz", .malformedPercentEncoding(found: "%zz", label: "path")),
        ("myapp://app/items/item-%zz.json", .malformedPercentEncoding(found: "%zz", label: "id")),
        ("myapp://app/search?q=%E9t%E9", .malformedPercentEncoding(found: "%E9t%E9", label: "query")),
        ("https://help.example.com/a%zz", .malformedPercentEncoding(found: "%zz", label: "topic")),
    ])
    func misses(_ link: String, _ reason: RouteMatchError.Reason) {
        #expect(StoreRoute.match(link).failure?.reason == reason)
    }

    @Test func aFormatFailureUnderlinesOnlyTheCapturedPart() throws {
        let error = try #require(StoreRoute.match("myapp://app/items/item-4x2.json").failure)
        #expect(error.inputRange.map { String(error.input[$0]) } == "4x2")
        let query = try #require(StoreRoute.match("myapp://app/search?q=a&v=v%41").failure)
        #expect(query.inputRange.map { String(query.input[$0]) } == "%41")
        #expect(StoreRoute.match("myapp://app/images/%E2%9C%93x@2x.png") == .success(.image(name: "✓x")))
    }

    @Test("round trip under every origin", arguments: [
        StoreRoute.home, .appStore(id: 1), .item(id: -3), .image(name: "a@b/c"), .apiVersion(major: 10),
        .file(ref: "main", path: ["a/b", "c d", "✓"]), .file(ref: "v1", path: []), .docs(page: nil),
        .docs(page: "guide/install"), .download(path: "x"), .files(name: "recent2"), .filesRecent,
        .search(query: "a+b", version: nil), .search(query: "", version: 2),
    ])
    func roundTrip(_ route: StoreRoute) throws {
        for origin in StoreRoute.origins {
            let link = try route.link(origin: origin)
            #expect(link.hasPrefix(origin))
            #expect(StoreRoute.match(link) == .success(route))
        }
        #expect(try route.link() == route.link(origin: "myapp://app"))
    }

    @Test func renderedLinks() throws {
        #expect(try StoreRoute.file(ref: "main", path: ["a/b", "c"]).link() == "myapp://app/blob/main/a%2Fb/c")
        #expect(try StoreRoute.download(path: "a/b c").link(origin: "https://www.example.com/app")
            == "https://www.example.com/app/download/a/b%20c")
        #expect(try StoreRoute.appStore(id: 42).link(origin: "https://example.com") == "https://example.com/app/id42")
        #expect(try StoreRoute.help(topic: "x").link() == "https://help.example.com/x")
        #expect(try StoreRoute.item(id: 1).url(origin: "https://example.com").absoluteString == "https://example.com/items/item-1.json")
    }

    @Test("values that cannot round-trip are render errors", arguments: [
        (StoreRoute.download(path: ""), RouteMatchError.RenderProblem.emptyPathSegment, "path"),
        (.download(path: "a//b"), .emptyPathSegment, "path"),
        (.download(path: "a/../b"), .dotSegment, "path"),
        (.file(ref: "x", path: ["a", ""]), .emptyPathSegment, "path"),
        (.docs(page: ""), .emptyOptional, "page"),
        (.image(name: ""), .emptyInsideText, "name"),
    ])
    func renderErrors(_ route: StoreRoute, _ problem: RouteMatchError.RenderProblem, _ label: String) {
        #expect(throws: RouteMatchError.self) { try route.link() }
        do { _ = try route.link() } catch {
            #expect(error.reason == .unrenderableValue(label: label, problem: problem))
        }
    }

    @Test func anUnknownOriginIsARenderError() {
        #expect(throws: RouteMatchError(
            reason: .unrenderableRoute(.unknownOrigin("https://evil.com", declared: StoreRoute.origins)),
            input: "https://evil.com", subject: .render, span: 0..<16,
            closestRoute: RouteReference(name: "home", pattern: ""))) {
            try StoreRoute.home.link(origin: "https://evil.com")
        }
        // A pattern that gives its own host takes no origin.
        #expect(throws: RouteMatchError.self) { try StoreRoute.help(topic: "x").link(origin: "https://example.com") }
    }

    @Test func theShorthandIsDerivedFromTheFirstOrigin() {
        #expect(StoreRoute.scheme == "myapp")
        #expect(StoreRoute.host == "app")
    }

    @Test func matchingCostIsFlatInTheNumberOfOrigins() {
        // Only the origins whose host is the link's are compared beyond their host.
        let link = "https://www.example.com/app/blob/main/a/b/c"
        #expect(StoreRoute.match(link) == .success(.file(ref: "main", path: ["a", "b", "c"])))
    }

    @Test("definition problems of the new syntax, all at once, each with a caret")
    func definitionProblems() throws {
        struct Page: Codable { var id: Int; var path: [String]; var more: String }
        let router = Router<Page>(origins: ["myapp://app", "https://", "https://a.com?x=1", "myapp://app"]) { routes in
            routes.add("a/${path...}/b?id=${id}&more=${more}")
            routes.add("b/${id}-${more}/${path...}")
            routes.add("c/${path}?id=x${id}&more=${more...}")
        }
        let error = try #require(router.match("x").failure)
        #expect(error.definitionProblems.map(\.reason) == [
            .invalidOrigin(.missingHost),
            .invalidOrigin(.queryOrFragment),
            .invalidOrigin(.duplicate),
            .patternSyntax(.restNotLast("path")),
            .patternSyntax(.severalPlaceholders),
            .unsupportedType(label: "path", type: "[String]", problem: .listOutsideQuery),
            .patternSyntax(.restOutsidePath("more")),
        ])
        #expect(error.definitionProblems.map(\.span) == [8..<8, 13..<17, 0..<11, 2..<12, 8..<15, 2..<9, 25..<35])
    }

    @Test func theShorthandMustAgreeWithTheFirstOrigin() throws {
        enum Mixed: Routable {
            static var origins: [String] { ["myapp://app"] }
            static var host: String { "other" }
            case home
            enum CodingKeys: String, CodingKey, CaseIterable { case home = "" }
        }
        #expect(Mixed.match("myapp://app").failure?.reason == .invalidOrigin(.disagreesWithShorthand(scheme: "myapp", host: "other")))
    }

    @Test func inSegmentCapturesWithTheSameShapeAreAmbiguous() throws {
        struct Item: Codable { var id: Int }
        let router = Router<Item>(host: "app") { routes in
            routes.add("i/item-${id}")
            routes.add("i/item-${id}")
            routes.add("i/${id}-item")
        }
        let error = try #require(router.match("x").failure)
        #expect(error.definitionProblems.map(\.reason) == [.ambiguousRoutes(route: "Item", other: "Item")])
    }

    /// Routes that end at the same node of the trie are ambiguous when they accept the same
    /// links: the same path shape and the same required query items, keys and literal values
    /// (an item an optional label binds is not required). Only the ambiguity is compared: the
    /// struct's labels each route leaves unused are problems of their own.
    @Test(arguments: [
        ("search?type=a", "search?type=b", false),
        ("search?type=a", "search?kind=a", false),
        ("search?type=a&q=${q}", "search?q=${tag}&type=a", true),
        ("search?q=${q}", "search?tag=${tag}", true),
        ("search/${q}", "search/${tag}?type=a", false),
        ("search/${q}", "search/${tag}", true),
        ("files/${path...}", "files/${rest...}", true),
        ("files/${path...}?a=b", "files/${rest...}?a=c", false),
    ])
    func routesEndingTogetherAreAmbiguousWhenTheyAcceptTheSameLinks(first: String, second: String, ambiguous: Bool) throws {
        struct Found: Codable { var q: String?, tag: String?, path: String?, rest: String? }
        let router = Router<Found>(host: "app") { routes in
            routes.add(first, name: "first")
            routes.add(second, name: "second")
        }
        var found: [RouteMatchError.Reason] = []
        do throws(RouteMatchError) { try router.validate() } catch { found = error.definitionProblems.map(\.reason) }
        let expected: [RouteMatchError.Reason] = ambiguous ? [.ambiguousRoutes(route: "second", other: "first")] : []
        #expect(found.filter { if case .ambiguousRoutes = $0 { true } else { false } } == expected)
    }

    @Test func longerLiteralTextWinsAndThenDeclarationOrder() throws {
        struct Named: Codable, Equatable { var id: String }
        let router = Router<Named>(host: "app") { routes in
            routes.add("i/${id}", name: "whole")
            routes.add("i/v${id}", name: "short")
            routes.add("i/v1.${id}", name: "long")
        }
        #expect(try router.route(for: "i/v1.2") == Named(id: "2"))
        #expect(try router.route(for: "i/v3") == Named(id: "3"))
        #expect(try router.route(for: "i/x") == Named(id: "x"))
    }

    @Test func aListRestConvertsEachSegment() throws {
        struct Path: Codable, Equatable { var ids: [Int] }
        let router = Router<Path>(host: "app") { $0.add("ids/${ids...}") }
        #expect(try router.route(for: "ids/1/2/3") == Path(ids: [1, 2, 3]))
        let error = try #require(router.match("ids/1/x/3").failure)
        #expect(error.reason == .formatFailure(label: "ids", found: "x", expected: .of(Int.self)))
        #expect(error.span == 6..<7)
        #expect(try router.link(for: Path(ids: [4, 5])) == "ids/4/5")
    }

    @Test func aRestValueAShorterRouteWouldReadFirstIsARenderError() throws {
        enum Files: Routable, Equatable {
            static var origins: [String] { ["myapp://app"] }
            case one(name: String)
            case all(path: String)
            enum CodingKeys: String, CodingKey, CaseIterable {
                case one = "files/${name}"
                case all = "files/${path...}"
            }
        }
        #expect(try Files.all(path: "a/b").link() == "myapp://app/files/a/b")
        #expect(throws: RouteMatchError(
            reason: .unrenderableValue(label: "path", problem: .readsAsAnotherRoute("one")), input: "files/${path...}",
            subject: .render, span: 6..<16, closestRoute: RouteReference(name: "all", pattern: "files/${path...}"))) {
            try Files.all(path: "a").link()
        }
    }
}
