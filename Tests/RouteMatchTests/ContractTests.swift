import Foundation
import Testing
@testable import RouteMatch

/// The public contract of the shared notes §1, called exactly as written there.
@Suite struct ContractTests {
    @Test func matchesTheContractExamples() throws {
        let result: Result<AppRoute, RouteMatchError> = AppRoute.match("myapp://app/user/42/profile")
        #expect(result == .success(.userProfile(id: "42")))
        let raw = AppRoute.match("user/42/profile")
        #expect(raw == .success(.userProfile(id: "42")))
        let url = try #require(URL(string: "myapp://app/user/42/posts?page=2&premium=true"))
        let route = try AppRoute(url: url)
        #expect(route == .userPosts(id: 42, page: 2, premium: true))
        #expect(AppRoute.match(url) == .success(.userPosts(id: 42, page: 2, premium: true)))
        let again = try AppRoute(link: "myapp://app/article/swift")
        #expect(again == .article(slug: "swift", ref: nil))
        let link: String = try AppRoute.article(slug: "swift", ref: nil).link()
        #expect(link == "myapp://app/article/swift")
        let other: URL = try route.url(scheme: "otherapp")
        #expect(other.absoluteString == "otherapp://app/user/42/posts?page=2&premium=true")
        #expect(try route.link(host: "example.com") == "myapp://example.com/user/42/posts?page=2&premium=true")
    }

    @Test func initThrowsTheTypedError() {
        #expect(throws: RouteMatchError.self) { try AppRoute(link: "myapp://app/nowhere") }
        do {
            _ = try AppRoute(link: "myapp://app/user/42/posts?page=2")
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .missingQueryItem(key: "premium"))
            #expect(error.closestRoute == RouteReference(
                name: "userPosts", pattern: "user/${id}/posts?page=${page}&premium=${premium}"))
        }
    }

    /// The throwing spellings make no `Result` of their own (a first use compiled by default
    /// would check the error's `Error` conformance for it): each returns the route `match`
    /// returns and throws exactly the error it returns, for a `String` and a `URL`.
    @Test(arguments: [
        "myapp://app/user/42/profile", "user/42/profile", "myapp://app/user/42/posts?page=2&premium=true",
        "myapp://app/nowhere", "myapp://app/user/42/posts?page=2", "myapp://app/user/4x2/posts?page=2&premium=true",
        "otherapp://app/user/42/profile", "myapp://evil.com/user/42/profile",
    ])
    func throwingSpellingsAgreeWithMatch(link: String) throws {
        let url = try #require(URL(string: link))
        func spellings(of text: String, _ url: URL) -> [Result<AppRoute, RouteMatchError>] {
            [
                Result { () throws(RouteMatchError) in try AppRoute(link: text) },
                Result { () throws(RouteMatchError) in try AppRoute(url: url) },
                Result { () throws(RouteMatchError) in try AppRoute.router.route(for: text) },
                Result { () throws(RouteMatchError) in try AppRoute.router.route(for: url) },
                AppRoute.router.match(text), AppRoute.match(url),
            ]
        }
        let expected = AppRoute.match(link)
        #expect(spellings(of: link, url) == Array(repeating: expected, count: 6))
    }

    @Test func errorIsEquatableData() throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2&premium=true").failure)
        #expect(error == RouteMatchError(
            reason: .formatFailure(label: "id", found: "4x2", expected: .of(Int.self)),
            input: "myapp://app/user/4x2/posts?page=2&premium=true", subject: .link, span: 17..<20,
            closestRoute: RouteReference(name: "userPosts", pattern: "user/${id}/posts?page=${page}&premium=${premium}")))
        #expect(String(describing: error.reason).hasPrefix("formatFailure("))
        #expect("\(error)" == error.description)
        #expect(error.description.hasPrefix("error: no route matches myapp://app/user/4x2/posts"))
    }

    @Test func validateBuildsTheTableUpFront() throws {
        try AppRoute.validate()
        try TypedRoute.validate()
        try PriorityRoute.validate()
        try KakaoRoute.validate()
        try UniversalRoute.validate()
        #expect(AppRoute.router.routes.map(\.name) == ["home", "userProfile", "userPosts", "article"])
    }
}

extension Result {
    /// The failure, if any.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
