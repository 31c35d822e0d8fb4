import Foundation
import Testing
@testable import RouteMatch

/// A route value that is not `Codable`: a closure builds it, another reads it back.
enum Screen: Equatable, Sendable {
    case profile(id: Int)
    case search(query: String, page: Int?)
    case tagged(tags: [String])
}

/// Issue 9: closure routes, several patterns for one case, nested route enums, shared query items.
@Suite struct LargeAppsTests {
    static let screens = Router<Screen>(origins: ["myapp://app", "https://example.com"]) { routes in
        routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
            if case .profile(let id) = $0 { ["id": id] } else { nil }
        }
        routes.add("search?q=${q}&page=${page}", name: "search") {
            try .search(query: $0.value("q", as: String.self), page: $0.value("page", as: Int?.self))
        } render: {
            if case .search(let query, let page) = $0 { ["q": query, "page": page] } else { nil }
        }
        routes.add("tags/${tags...}") { try .tagged(tags: $0.value("tags", as: [String].self)) } render: {
            if case .tagged(let tags) = $0 { ["tags": tags] } else { nil }
        }
    }

    @Test("closure routes read links", arguments: [
        ("myapp://app/user/42", Screen.profile(id: 42)),
        ("https://example.com/search?q=shoes", .search(query: "shoes", page: nil)),
        ("https://example.com/search?q=shoes&page=2", .search(query: "shoes", page: 2)),
        ("myapp://app/tags/a/b%2Fc", .tagged(tags: ["a", "b/c"])),
    ])
    func closureRoutes(_ link: String, _ screen: Screen) throws {
        #expect(try Self.screens.route(for: link) == screen)
        let back = try Self.screens.link(for: screen)
        #expect(try Self.screens.route(for: back) == screen)
    }

    @Test func aClosureFormatFailureHasItsLabelAndCaret() throws {
        let error = try #require(Self.screens.match("myapp://app/user/4x2").failure)
        #expect(error == RouteMatchError(
            reason: .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)), input: "myapp://app/user/4x2",
            subject: .link, span: 17..<20, closestRoute: RouteReference(name: "user/${id}", pattern: "user/${id}")))
        let page = try #require(Self.screens.match("myapp://app/search?q=a&page=two").failure)
        #expect(page.reason == .formatFailure(label: "page", found: "two", expected: .of(Int.self)))
    }

    @Test func closureRenderingNeedsARenderClosure() throws {
        let router = Router<Screen>(host: "app") { routes in
            routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
        }
        #expect(try router.route(for: "user/7") == .profile(id: 7))
        #expect(throws: RouteMatchError(reason: .unrenderableRoute(.notARoute), input: "", subject: .render, span: nil, closestRoute: nil)) {
            try router.link(for: .profile(id: 7))
        }
    }

    @Test func closureDefinitionProblemsAreFoundUpFront() throws {
        let router = Router<Screen>(host: "app") { routes in
            routes.add("user/${id}/${extra}") { try .profile(id: $0.value("id", as: Int.self)) }
            routes.add("find?q=${q}") { try .search(query: $0.value("query", as: String.self), page: nil) }
        }
        let error = try #require(throws: RouteMatchError.self) { try router.validate() }
        #expect(error.definitionProblems.map(\.reason) == [
            .unknownPlaceholder(name: "extra"),
            .unknownPlaceholder(name: "q"),
            .unusedLabel(label: "query"),
        ])
    }

    // MARK: Several patterns for one case

    enum MovedRoute: Routable, Equatable {
        static var origins: [String] { ["myapp://app"] }
        case profile(id: Int)
        case home
        enum CodingKeys: String, CodingKey, CaseIterable {
            case profile = "users/${id} | user/${id}/profile | u?id=${id}"
            case home = ""
        }
    }

    @Test("several patterns reach one case; the first renders", arguments: [
        "myapp://app/users/7", "myapp://app/user/7/profile", "myapp://app/u?id=7",
    ])
    func severalPatterns(_ link: String) throws {
        #expect(try MovedRoute(link: link) == .profile(id: 7))
        #expect(try MovedRoute.profile(id: 7).link() == "myapp://app/users/7")
    }

    @Test func eachPatternOfACaseIsCheckedOnItsOwn() throws {
        enum Broken: Routable {
            case profile(id: Int)
            enum CodingKeys: String, CodingKey, CaseIterable { case profile = "app/users/${id} | app/user/${uid}" }
        }
        let error = try #require(throws: RouteMatchError.self) { try Broken.validate() }
        #expect(error.definitionProblems.map(\.reason) == [.unknownPlaceholder(name: "uid")])
        #expect(error.definitionProblems.first?.route == RouteReference(name: "profile", pattern: "app/user/${uid}"))
    }
}
