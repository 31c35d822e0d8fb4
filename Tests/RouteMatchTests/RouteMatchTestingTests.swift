import Testing
import RouteMatch
import RouteMatchTesting

/// The `RouteMatchTesting` helpers: each passes when it should, and a failing one records an
/// issue whose text (snapshotted) shows the diagnostic.
@Suite struct RouteMatchTestingTests {
    @Test func passingHelpersRecordNothing() {
        expectRoute("myapp://app/user/42/profile", is: AppRoute.userProfile(id: "42"))
        expectRoute("myapp://app/user/42/profile", is: AppRoute.userProfile(id: "42"), in: AppRoute.router)
        expectFailure("myapp://app/user/4x2/posts?page=2", in: AppRoute.self, code: "format-failure")
        expectFailure("myapp://app/user/42/posts?page=2", in: AppRoute.self, reason: .missingQueryItem(key: "premium"))
        expectValidTable(AppRoute.self)
        expectRoundTrip(AppRoute.article(slug: "swift", ref: nil))
        expectRoundTrip(AppRoute.userPosts(id: -1, page: 0, premium: false))
    }

    struct Failing: CustomTestStringConvertible, Sendable {
        let snapshot: String
        let message: @Sendable () -> String?
        var testDescription: String { snapshot }
    }

    /// What each failing helper prints.
    @Test(arguments: [
        Failing(snapshot: "testing.route-miss") {
            RouteExpectations.route("myapp://app/user/4x2/posts?page=2", is: AppRoute.userPosts(id: 42, page: 2, premium: true),
                                    router: AppRoute.router)
        },
        Failing(snapshot: "testing.route-other") {
            RouteExpectations.route("myapp://app/user/7/profile", is: AppRoute.userProfile(id: "42"), router: AppRoute.router)
        },
        Failing(snapshot: "testing.failure-other-code") {
            RouteExpectations.failure("myapp://app/user/42/posts?page=x", router: AppRoute.router, matches: .code("missing-query-item"))
        },
        Failing(snapshot: "testing.failure-matched") {
            RouteExpectations.failure("myapp://app/user/42/profile", router: AppRoute.router,
                                      matches: .reason(.missingQueryItem(key: "premium")))
        },
        Failing(snapshot: "testing.invalid-table") { RouteExpectations.validTable(ManyProblems.router) },
        Failing(snapshot: "testing.no-round-trip") {
            RouteExpectations.roundTrip(AppRoute.userProfile(id: ""), origin: nil, router: AppRoute.router)
        },
    ])
    func failingHelperOutput(_ failing: Failing) throws {
        let message = try #require(failing.message())
        assertSnapshot(message, named: failing.snapshot)
    }

    /// The helper records its issue (here expected) with the diagnostic in its comment.
    @Test func aFailingHelperRecordsAnIssue() {
        withKnownIssue {
            expectFailure("myapp://app/user/4x2/posts?page=2", in: AppRoute.self, code: "missing-query-item")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("^^^ 'id' expects Int, found \"4x2\"") }
        }
    }
}
