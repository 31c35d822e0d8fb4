import Foundation
import Testing
@testable import RouteMatch

/// One test per row of the link-policy table (shared notes §3; README "Link policies").
@Suite struct PolicyTests {
    typealias Hit = LinkHit<AppRoute>

    /// A link and the reason it must fail with.
    struct Miss: CustomTestStringConvertible, Sendable {
        let link: String
        let reason: Reason
        var testDescription: String { link }
    }

    @Test("scheme and host compare case-insensitively; values keep their case", arguments: [
        Hit(link: "MYAPP://APP/user/AbC/profile", route: .userProfile(id: "AbC")),
        Hit(link: "MyApp://App/article/Swift?ref=News", route: .article(slug: "Swift", ref: "News")),
    ])
    func caseInsensitiveSchemeAndHost(_ hit: Hit) {
        #expect(AppRoute.match(hit.link) == .success(hit.route))
    }

    @Test("path literals are case-sensitive")
    func pathIsCaseSensitive() {
        #expect(AppRoute.match("myapp://app/USER/42/profile").failure?.reason == .extraPathSegment(found: "USER"))
    }

    @Test("userinfo is never the host, and is ignored once the real host matches", arguments: [
        Miss(link: "myapp://app@evil.com/user/42/profile", reason: .hostMismatch(expected: "app", found: "evil.com")),
        Miss(link: "myapp://app:pw@evil.com/user/42/profile", reason: .hostMismatch(expected: "app", found: "evil.com")),
        Miss(link: "myapp://app%40evil.com/user/42/profile", reason: .malformedLink(.invalidHostCharacter("%"))),
    ])
    func userinfoIsNeverTheHost(_ miss: Miss) {
        #expect(AppRoute.match(miss.link).failure?.reason == miss.reason)
    }

    @Test func userinfoIsIgnoredWhenTheHostMatches() {
        #expect(AppRoute.match("myapp://evil.com@app/user/42/profile") == .success(.userProfile(id: "42")))
        #expect(AppRoute.match("myapp://u:p@app/user/42/profile") == .success(.userProfile(id: "42")))
    }

    @Test("split first, then decode each piece exactly once", arguments: [
        Hit(link: "myapp://app/article/a%2Fb", route: .article(slug: "a/b", ref: nil)),
        Hit(link: "myapp://app/article/a%252Fb", route: .article(slug: "a%2Fb", ref: nil)),
        Hit(link: "myapp://app/article/caf%C3%A9?ref=%26%3D%3F%23", route: .article(slug: "café", ref: "&=?#")),
        Hit(link: "myapp://app/article/café", route: .article(slug: "café", ref: nil)),
        Hit(link: "myapp://app/article/x?r%65f=y", route: .article(slug: "x", ref: "y")),
    ])
    func decodesOnce(_ hit: Hit) {
        #expect(AppRoute.match(hit.link) == .success(hit.route))
    }

    @Test("a bad escape is an error, not a silent drop", arguments: [
        Miss(link: "myapp://app/article/a%zzb", reason: .malformedPercentEncoding(found: "%zz", label: "slug")),
        Miss(link: "myapp://app/article/100%", reason: .malformedPercentEncoding(found: "%", label: "slug")),
        Miss(link: "myapp://app/article/x?ref=100%2", reason: .malformedPercentEncoding(found: "%2", label: "ref")),
        Miss(link: "myapp://app/article/%FF", reason: .malformedPercentEncoding(found: "%FF", label: "slug")),
        Miss(link: "myapp://app/article/%C3%28", reason: .malformedPercentEncoding(found: "%C3%28", label: "slug")),
        // A Latin-1 run is one problem, underlined whole.
        Miss(link: "myapp://app/article/caf%E9t%E9", reason: .malformedPercentEncoding(found: "%E9t%E9", label: "slug")),
        // An escape in a literal segment names no label; in an item no route reads, neither.
        Miss(link: "myapp://app/arti%zzcle/x", reason: .malformedPercentEncoding(found: "%zz", label: nil)),
        Miss(link: "myapp://app/article/x?utm=%zz", reason: .malformedPercentEncoding(found: "%zz", label: nil)),
    ])
    func badEscapes(_ miss: Miss) {
        #expect(AppRoute.match(miss.link).failure?.reason == miss.reason)
    }

    @Test("+ in a query is a literal plus; rendering encodes + and space apart")
    func plusIsLiteral() throws {
        #expect(AppRoute.match("myapp://app/article/x?ref=a+b") == .success(.article(slug: "x", ref: "a+b")))
        #expect(AppRoute.match("myapp://app/article/x?ref=a%20b") == .success(.article(slug: "x", ref: "a b")))
        #expect(try AppRoute.article(slug: "x", ref: "a+b c").link() == "myapp://app/article/x?ref=a%2Bb%20c")
    }

    @Test("a trailing slash is ignored", arguments: [
        Hit(link: "myapp://app/user/42/profile/", route: .userProfile(id: "42")),
        Hit(link: "user/42/profile/", route: .userProfile(id: "42")),
        Hit(link: "myapp://app/", route: .home),
    ])
    func trailingSlash(_ hit: Hit) {
        #expect(AppRoute.match(hit.link) == .success(hit.route))
    }

    @Test("an empty segment never binds silently", arguments: [
        Miss(link: "myapp://app/user//profile", reason: .emptyPathSegment(label: "id")),
        Miss(link: "myapp://app/user/42//", reason: .literalMismatch(expected: "profile", found: "")),
        Miss(link: "myapp://app/article/", reason: .missingPathSegment(expected: "${slug}")),
    ])
    func emptySegment(_ miss: Miss) {
        #expect(AppRoute.match(miss.link).failure?.reason == miss.reason)
    }

    @Test("a repeated key fills a list, and is a duplicate for a single value")
    func repeatedKeys() {
        #expect(TypedRoute.match("typed://x/list?id=1&id=2&id=3&tag=a") == .success(.list(ids: [1, 2, 3], tags: ["a"])))
        #expect(TypedRoute.match("typed://x/list") == .success(.list(ids: [], tags: nil)))
        #expect(AppRoute.match("myapp://app/article/x?ref=a&ref=b").failure?.reason == .duplicateQueryItem(key: "ref", count: 2))
    }

    @Test("extra query items are ignored; strict mode reports them")
    func extraQueryItems() {
        #expect(AppRoute.match("myapp://app/user/42/profile?utm_source=mail&x") == .success(.userProfile(id: "42")))
        #expect(StrictRoute.match("s://h/item/1") == .success(.item(id: 1)))
        #expect(StrictRoute.match("s://h/item/1?utm=x").failure?.reason == .unexpectedQueryItem(key: "utm"))
    }

    @Test("the fragment is ignored unless a pattern asks for it")
    func fragment() {
        #expect(AppRoute.match("myapp://app/user/42/profile#top") == .success(.userProfile(id: "42")))
        #expect(TypedRoute.match("typed://x/doc/intro#setup") == .success(.fragment(slug: "intro", section: "setup")))
        #expect(TypedRoute.match("typed://x/doc/intro") == .success(.fragment(slug: "intro", section: nil)))
        #expect(TypedRoute.match("typed://x/doc/intro#a%20b") == .success(.fragment(slug: "intro", section: "a b")))
    }

    @Test("most specific wins: literal before capture, literal query values first, then declaration order")
    func priority() {
        #expect(PriorityRoute.match("p://h/user/me") == .success(.me))
        #expect(PriorityRoute.match("p://h/user/you") == .success(.user(id: "you")))
        #expect(PriorityRoute.match("p://h/search?q=a&type=users") == .success(.searchUsers(q: "a")))
        #expect(PriorityRoute.match("p://h/search?q=a") == .success(.search(q: "a")))
        #expect(PriorityRoute.match("p://h/search?q=a&type=posts") == .success(.search(q: "a")))
        #expect(PriorityRoute.match("p://h/x/y") == .success(.any(a: "x", b: "y")))
        // A literal branch that fails later falls back to the capture branch.
        let tooLong = PriorityRoute.match("p://h/user/me/x").failure
        #expect(tooLong?.reason == .extraPathSegment(found: "x"))
        #expect(tooLong?.closestRoute?.name == "user")
        #expect(PriorityRoute.match("p://h/search/x") == .success(.any(a: "search", b: "x")))
    }

    @Test("render encodes per component so that every value reads back", arguments: [
        AppRoute.article(slug: "a/b?c#d&e=f+g%h", ref: "x/y?z#w&v=u+t%s"),
        AppRoute.article(slug: "café 🇰🇷 e\u{301}", ref: "한글"),
        AppRoute.article(slug: ".hidden", ref: "."),
        AppRoute.userProfile(id: "~-._"),
        AppRoute.userPosts(id: -7, page: Int.max, premium: false),
        AppRoute.home,
    ])
    func roundTrip(_ route: AppRoute) throws {
        let link = try route.link()
        #expect(AppRoute.match(link) == .success(route), "\(link)")
        #expect(link.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test("render encodes only unreserved characters literally, hex in upper case")
    func renderEncoding() throws {
        #expect(try AppRoute.article(slug: "é/ ", ref: nil).link() == "myapp://app/article/%C3%A9%2F%20")
        #expect(try AppRoute.userPosts(id: 1, page: 2, premium: true).link() == "myapp://app/user/1/posts?page=2&premium=true")
    }

    @Test("a value that cannot round-trip is a render error", arguments: [
        (AppRoute.userProfile(id: ""), Reason.unrenderableValue(label: "id", problem: .emptyPathSegment)),
        (AppRoute.userProfile(id: ".."), Reason.unrenderableValue(label: "id", problem: .dotSegment)),
        (AppRoute.article(slug: "x", ref: ""), Reason.unrenderableValue(label: "ref", problem: .emptyOptional)),
    ])
    func renderErrors(_ route: AppRoute, _ reason: Reason) {
        #expect(throws: RouteMatchError.self) { try route.link() }
        do { _ = try route.link() } catch { #expect(error.reason == reason) }
    }

    @Test("an empty default host makes the pattern's first segment the host", arguments: [
        ("kakaoapp://kakaolink?id=1", KakaoRoute.link(id: 1)),
        ("KAKAOAPP://KakaoLink?id=2", KakaoRoute.link(id: 2)),
        ("kakaolink?id=3", KakaoRoute.link(id: 3)),
        ("kakaoapp://home", KakaoRoute.home),
    ])
    func hostFromPattern(_ link: String, _ route: KakaoRoute) throws {
        #expect(KakaoRoute.match(link) == .success(route))
    }

    @Test("a link with a scheme and no host never has a path segment promoted to its host", arguments: [
        ("kakaoapp:///kakaolink?id=4", 11),
        ("kakaoapp:kakaolink?id=4", 9),
        ("kakaoapp:/kakaolink?id=4", 9),
    ])
    func noSegmentPromotedToHost(_ link: String, _ caret: Int) {
        let error = KakaoRoute.match(link).failure
        #expect(error?.reason == .hostMismatch(expected: "kakaolink", found: nil))
        #expect(error?.span == caret..<caret)
    }

    @Test func inlineHostsAndSchemes() throws {
        #expect(UniversalRoute.match("https://inline.app/user/42") == .success(.user(id: 42)))
        #expect(UniversalRoute.match("anything://inline.app/user/42") == .success(.user(id: 42)))
        #expect(UniversalRoute.match("inline.app/user/42") == .success(.user(id: 42)))
        #expect(UniversalRoute.match("https://example.com/secure/1") == .success(.secure(id: 1)))
        #expect(UniversalRoute.match("http://example.com/secure/1").failure?.reason == .schemeMismatch(expected: "https", found: "http"))
        #expect(try UniversalRoute.secure(id: 1).link() == "https://example.com/secure/1")
        #expect(try UniversalRoute.user(id: 1).link() == "inline.app/user/1")
        #expect(try UniversalRoute.user(id: 1).link(scheme: "https") == "https://inline.app/user/1")
        #expect(try KakaoRoute.link(id: 9).link() == "kakaoapp://kakaolink?id=9")
    }

    @Test("a raw string is path?query under the defaults", arguments: [
        Hit(link: "user/42/profile", route: .userProfile(id: "42")),
        Hit(link: "/user/42/profile", route: .userProfile(id: "42")),
        Hit(link: "", route: .home),
        Hit(link: "/", route: .home),
        Hit(link: "article/x?ref=y#z", route: .article(slug: "x", ref: "y")),
    ])
    func rawInput(_ hit: Hit) {
        #expect(AppRoute.match(hit.link) == .success(hit.route))
    }

    @Test("a port is absent or the scheme's default")
    func ports() {
        #expect(UniversalRoute.match("https://example.com:443/secure/1") == .success(.secure(id: 1)))
        #expect(UniversalRoute.match("https://example.com:8443/secure/1").failure?.reason
            == .hostMismatch(expected: "example.com", found: "example.com:8443"))
        #expect(AppRoute.match("myapp://app:80/user/1/profile").failure?.reason == .hostMismatch(expected: "app", found: "app:80"))
        #expect(AppRoute.match("myapp://app:x/user/1/profile").failure?.reason == .malformedLink(.invalidPort("x")))
    }

    @Test("an empty query value is \"\" for a String and nil for an Optional; a bare key is the same", arguments: [
        ("typed://x/optionals?a=&b=&c=", TypedRoute.optionals(a: nil, b: nil, c: "")),
        ("typed://x/optionals?a&b&c", TypedRoute.optionals(a: nil, b: nil, c: "")),
        ("typed://x/optionals?c=z", TypedRoute.optionals(a: nil, b: nil, c: "z")),
        ("typed://x/optionals?a=1&b=2&c=3", TypedRoute.optionals(a: 1, b: "2", c: "3")),
    ])
    func emptyQueryValues(_ link: String, _ route: TypedRoute) {
        #expect(TypedRoute.match(link) == .success(route))
    }

    @Test("Bool is exactly true or false; numbers read as Swift reads them", arguments: [
        ("typed://x/flags?on=true", Outcome<TypedRoute>.route(.flags(on: true))),
        ("typed://x/flags?on=false", .route(.flags(on: false))),
        ("typed://x/flags?on=1", .reason(.formatFailure(label: "on", found: "1", expected: .of(Bool.self)))),
        ("typed://x/flags?on=TRUE", .reason(.formatFailure(label: "on", found: "TRUE", expected: .of(Bool.self)))),
        ("typed://x/numbers?i8=-128&u16=65535&i64=9223372036854775807&d=1e3&f=-0.5",
         .route(.numbers(i8: -128, u16: 65535, i64: .max, d: 1000, f: -0.5))),
        ("typed://x/numbers?i8=128&u16=1&i64=1&d=1&f=1",
         .reason(.formatFailure(label: "i8", found: "128", expected: .of(Int8.self)))),
        ("typed://x/numbers?i8=1&u16=-1&i64=1&d=1&f=1",
         .reason(.formatFailure(label: "u16", found: "-1", expected: .of(UInt16.self)))),
        ("typed://x/numbers?i8=1&u16=1&i64=1&d=1x&f=1",
         .reason(.formatFailure(label: "d", found: "1x", expected: .of(Double.self)))),
    ])
    func scalars(_ link: String, _ expected: Outcome<TypedRoute>) {
        #expect(TypedRoute.match(link).outcome == expected)
    }

    @Test("the closest route is the one the link got furthest into; ties go to declaration order", arguments: [
        ("myapp://app/user/42/posts?page=x", "userPosts"),
        ("myapp://app/user/42/poste", "userProfile"),
        ("myapp://app/user", "userProfile"),
        ("myapp://app/zzz", "home"),
        ("otherapp://app/article/x", "article"),
        ("myapp://other/user/42/posts?page=1&premium=true", "userPosts"),
    ])
    func closestRoute(_ link: String, _ name: String) {
        #expect(AppRoute.match(link).failure?.closestRoute?.name == name)
    }
}
