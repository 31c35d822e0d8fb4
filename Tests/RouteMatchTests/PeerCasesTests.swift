import Testing
import RouteMatch

/// Links from other routers' own test suites and documentation (Corridor, URLNavigator,
/// SchemeRoute; see `shared/research/peers.md`), tried as a new user would, with the outcome
/// RouteMatch's policies give. Where a peer behaves differently on purpose, the case says so.
@Suite struct PeerCasesTests {
    /// Corridor's patterns, written in RouteMatch's syntax, under a universal-link host.
    enum CorridorRoute: Routable, Equatable {
        static var scheme: String { "https" }
        static var host: String { "www.example.com" }

        case comment(postId: String, commentId: String)
        case user(userId: Int, nickname: String?)
        case newsFeed(sourceUserId: String)
        case emailSource(source: String?)
        case flag(enabled: Bool)
        case ids(ids: [Int])

        enum CodingKeys: String, CodingKey, CaseIterable {
            case comment = "newsfeed/${postId}/${commentId}"
            case user = "user/${userId}?nickname=${nickname}"
            case newsFeed = "news_feed?sourceUserId=${sourceUserId}"
            case emailSource = "landing?source=email&ref=${source}"
            case flag = "flag?enabled=${enabled}"
            case ids = "ids?id=${ids}"
        }
    }

    @Test("Corridor cases", arguments: [
        ("https://www.example.com/newsfeed/123/456", Outcome<CorridorRoute>.route(.comment(postId: "123", commentId: "456"))),
        ("https://www.example.com/user/12891?nickname=Bob", .route(.user(userId: 12891, nickname: "Bob"))),
        ("https://www.example.com/user/5/", .route(.user(userId: 5, nickname: nil))),
        ("https://www.example.com/user/%35", .route(.user(userId: 5, nickname: nil))),
        ("https://www.example.com/user/-5", .route(.user(userId: -5, nickname: nil))),
        ("https://www.example.com/news_feed/?sourceUserId=abc123", .route(.newsFeed(sourceUserId: "abc123"))),
        ("https://www.example.com/landing?source=email", .route(.emailSource(source: nil))),
        ("https://www.example.com/flag?enabled=true", .route(.flag(enabled: true))),
        ("https://www.example.com/ids?id=1&id=2", .route(.ids(ids: [1, 2]))),
        // Corridor: no match, no reason. RouteMatch: the reason.
        ("https://www.example.com/user//5", .reason(.emptyPathSegment(label: "userId"))),
        // Paths are case-sensitive; the closest route is the first declared (ties go to
        // declaration order), and the diagnostic's help suggests 'user'.
        ("https://www.example.com/User/5", .reason(.literalMismatch(expected: "newsfeed", found: "User"))),
        ("https://www.example.com/user/99999999999999999999",
         .reason(.formatFailure(label: "userId", found: "99999999999999999999",
                                expected: .of(Int.self)))),
        ("https://www.example.com/landing?source=Email", .reason(.literalMismatch(expected: "email", found: "Email"))),
        ("https://www.example.com/landing", .reason(.missingQueryItem(key: "source"))),
        // Corridor ignores the host; RouteMatch compares it.
        ("https://evil.com/user/5", .reason(.hostMismatch(expected: "www.example.com", found: "evil.com"))),
        // Corridor decodes queries twice; RouteMatch once.
        ("https://www.example.com/news_feed?sourceUserId=a%252Fb", .route(.newsFeed(sourceUserId: "a%2Fb"))),
        // Corridor drops `100%` silently; RouteMatch names it.
        ("https://www.example.com/news_feed?sourceUserId=100%", .reason(.malformedPercentEncoding(found: "%", label: "sourceUserId"))),
        // Corridor: last duplicate wins; RouteMatch: a duplicate for a single value.
        ("https://www.example.com/user/1?nickname=a&nickname=b", .reason(.duplicateQueryItem(key: "nickname", count: 2))),
        // Corridor accepts yes/1/True for bool; RouteMatch reads Bool exactly.
        ("https://www.example.com/flag?enabled=yes", .reason(.formatFailure(label: "enabled", found: "yes", expected: .of(Bool.self)))),
    ])
    func corridor(_ link: String, _ expected: Outcome<CorridorRoute>) {
        #expect(CorridorRoute.match(link).outcome == expected)
    }

    /// URLNavigator's `myapp://user/<int:id>` style: no default host, the host is the first segment.
    enum NavigatorRoute: Routable, Equatable {
        static var scheme: String { "myapp" }

        case user(id: Int)
        case post(title: String)
        case me
        enum CodingKeys: String, CodingKey, CaseIterable {
            case user = "user/${id}"
            case post = "post/${title}"
            case me = "user/me"
        }
    }

    @Test("URLNavigator cases", arguments: [
        ("myapp://user/123", Outcome<NavigatorRoute>.route(.user(id: 123))),
        ("myapp://user/123/", .route(.user(id: 123))),
        ("myapp://user/me", .route(.me)),
        ("myapp://post/hello-world", .route(.post(title: "hello-world"))),
        ("myapp://post/a%20b", .route(.post(title: "a b"))),
        ("MYAPP://user/1", .route(.user(id: 1))),
        ("myapp://user/+12", .route(.user(id: 12))),
        ("myapp://user/abc", .reason(.formatFailure(label: "id", found: "abc", expected: .of(Int.self)))),
        ("http://user/1", .reason(.schemeMismatch(expected: "myapp", found: "http"))),
        ("myapp://user", .reason(.missingPathSegment(expected: "${id}"))),
        ("myapp://browser/http://google.fr", .reason(.hostMismatch(expected: "user", found: "browser"))),
        ("", .reason(.hostMismatch(expected: "user", found: nil))),
    ])
    func urlNavigator(_ link: String, _ expected: Outcome<NavigatorRoute>) {
        #expect(NavigatorRoute.match(link).outcome == expected)
    }

    /// SchemeRoute's README routes.
    enum SchemeRouteExample: Routable, Equatable {
        static var scheme: String { "myapp" }
        static var host: String { "app" }

        case profile(id: String)
        case payComplete(orderId: String)
        case article(ref: String)
        enum CodingKeys: String, CodingKey, CaseIterable {
            case profile = "user/${id}/profile"
            case payComplete = "pay/complete?order_id=${orderId}"
            case article = "article?ref=${ref}"
        }
    }

    @Test("SchemeRoute cases", arguments: [
        ("myapp://app/user/42/profile?b=2&a=1#frag", Outcome<SchemeRouteExample>.route(.profile(id: "42"))),
        ("myapp://APP/user/42/profile/", .route(.profile(id: "42"))),
        ("myapp://app/pay/complete?order_id=A-1", .route(.payComplete(orderId: "A-1"))),
        ("myapp://app/article?ref=", .route(.article(ref: ""))),
        // SchemeRoute binds "" here; RouteMatch refuses an empty segment.
        ("myapp://app/user//profile", .reason(.emptyPathSegment(label: "id"))),
        // SchemeRoute accepts any port; RouteMatch does not take another port.
        ("myapp://app:8080/user/42/profile", .reason(.hostMismatch(expected: "app", found: "app:8080"))),
        // SchemeRoute reads a link without a host under the default host; RouteMatch refuses it.
        ("myapp:///user/42/profile", .reason(.hostMismatch(expected: "app", found: nil))),
        ("https://app/user/42/profile", .reason(.schemeMismatch(expected: "myapp", found: "https"))),
    ])
    func schemeRoute(_ link: String, _ expected: Outcome<SchemeRouteExample>) {
        #expect(SchemeRouteExample.match(link).outcome == expected)
    }
}
