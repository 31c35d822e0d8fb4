import Foundation
import Testing
@testable import RouteMatch

/// Links an attacker or a sloppy source may send: each gives a named reason, never a crash,
/// a hang or a wrong route. Regression cases found by the fuzzers are at the end.
@Suite struct HostileLinkTests {
    @Test("host confusion", arguments: [
        ("myapp://app@evil.com/user/1/profile", Reason.hostMismatch(expected: "app", found: "evil.com")),
        ("myapp://app:x@evil.com/user/1/profile", .hostMismatch(expected: "app", found: "evil.com")),
        ("myapp://app%40evil.com/user/1/profile", .malformedLink(.invalidHostCharacter("%"))),
        ("myapp://app\\@evil.com/user/1/profile", .malformedLink(.invalidHostCharacter("\\"))),
        ("myapp://evil.com\\app/user/1/profile", .malformedLink(.invalidHostCharacter("\\"))),
        ("myapp://app%2Eevil.com/user/1/profile", .malformedLink(.invalidHostCharacter("%"))),
        ("myapp://app./user/1/profile", .hostMismatch(expected: "app", found: "app.")),
        ("myapp://аpp/user/1/profile", .hostMismatch(expected: "app", found: "аpp")), // Cyrillic а
        ("myapp://app.evil.com/user/1/profile", .hostMismatch(expected: "app", found: "app.evil.com")),
        ("myapp://[::1]/user/1/profile", .hostMismatch(expected: "app", found: "[::1]")),
        ("myapp://127.0.0.1/user/1/profile", .hostMismatch(expected: "app", found: "127.0.0.1")),
        ("myapp://app:0/user/1/profile", .hostMismatch(expected: "app", found: "app:0")),
        ("myapp://app:65536/user/1/profile", .malformedLink(.invalidPort("65536"))),
        ("myapp://app:99999999999999999999999/user/1/profile", .malformedLink(.invalidPort("99999999999999999999999"))),
        ("myapp://[::1/user", .malformedLink(.unterminatedIPLiteral)),
        // The closest route is the one whose scheme and path the link fits.
        ("https://good.com@evil.com/secure/1", .hostMismatch(expected: "example.com", found: "evil.com")),
    ])
    func hostConfusion(_ link: String, _ reason: Reason) {
        let route: Outcome<AppRoute> = AppRoute.match(link).outcome
        if link.hasPrefix("https://") {
            #expect(UniversalRoute.match(link).outcome == .reason(reason))
        } else {
            #expect(route == .reason(reason))
        }
    }

    @Test("scheme tricks", arguments: [
        ("javascript:alert(1)", Reason.schemeMismatch(expected: "myapp", found: "javascript")),
        ("data:text/html,x", .schemeMismatch(expected: "myapp", found: "data")),
        ("file:///etc/passwd", .schemeMismatch(expected: "myapp", found: "file")),
        ("my app://app/user/1/profile", .malformedLink(.controlCharacter(32))),
        (" myapp://app/user/1/profile", .malformedLink(.controlCharacter(32))),
        ("myapp//app/user/1/profile", .extraPathSegment(found: "myapp")),
    ])
    func schemeTricks(_ link: String, _ reason: Reason) {
        #expect(AppRoute.match(link).failure?.reason == reason)
    }

    @Test func schemesAreTheSameUpToCase() {
        #expect(AppRoute.match("MyApp://app/user/1/profile") == .success(.userProfile(id: "1")))
    }

    /// A host check that a link passes by leaving its host out is no host check.
    @Test("a link with a scheme and no host is a host mismatch, with the caret where the host belongs", arguments: [
        ("myapp:user/1/profile", 6), ("myapp:/user/1/profile", 6), ("myapp:///user/1/profile", 8),
        ("myapp://", 8), ("myapp:", 6),
    ])
    func linksWithoutHost(_ link: String, _ caret: Int) {
        let error = AppRoute.match(link).failure
        #expect(error?.reason == .hostMismatch(expected: "app", found: nil))
        #expect(error?.span == caret..<caret)
    }

    @Test("an explicit option reads host-less links under the default host", arguments: [
        "myapp:user/1/profile", "myapp:/user/1/profile", "myapp:///user/1/profile",
    ])
    func linksWithoutHostOptIn(_ link: String) {
        let router = Router<ProfileID>(
            scheme: "myapp", host: "app", options: MatchOptions(allowsLinksWithoutHost: true)
        ) { $0.add("user/${id}/profile") }
        #expect(router.match(link) == .success(ProfileID(id: "1")))
        #expect(Router<ProfileID>(scheme: "myapp", host: "app") { $0.add("user/${id}/profile") }
            .match(link).failure?.reason == .hostMismatch(expected: "app", found: nil))
    }

    struct ProfileID: Codable, Equatable { var id: String }

    @Test("https links without a host", arguments: ["https:///secure/1", "https:/secure/1"])
    func httpsWithoutHost(_ link: String) {
        #expect(UniversalRoute.match(link).failure?.reason == .hostMismatch(expected: "example.com", found: nil))
    }

    @Test("dot segments are never resolved", arguments: [
        "myapp://app/user/../profile", "myapp://app/./user/1/profile", "myapp://app/user/%2E%2E/profile",
        "myapp://app/user/%2e/profile", "myapp://app/article/..",
    ])
    func dotSegments(_ link: String) {
        guard case .dotSegment? = AppRoute.match(link).failure?.reason else {
            Issue.record("\(link): \(String(describing: AppRoute.match(link)))")
            return
        }
    }

    @Test("control characters and NUL", arguments: [
        ("myapp://app/article/a\u{0}b", Reason.malformedLink(.controlCharacter(0))),
        ("myapp://app/article/a\nb", .malformedLink(.controlCharacter(10))),
        ("myapp://app/article/a\u{7F}b", .malformedLink(.controlCharacter(0x7F))),
        ("myapp://app/article/a\rb", .malformedLink(.controlCharacter(13))),
    ])
    func controlCharacters(_ link: String, _ reason: Reason) {
        #expect(AppRoute.match(link).failure?.reason == reason)
    }

    @Test func encodedControlCharactersAreValues() {
        #expect(AppRoute.match("myapp://app/article/a%00b%0A") == .success(.article(slug: "a\u{0}b\n", ref: nil)))
    }

    @Test("escapes that are not UTF-8", arguments: [
        ("myapp://app/article/%C0%AF", "%C0%AF", "slug"), // overlong "/"
        ("myapp://app/article/%ED%A0%80", "%ED%A0%80", "slug"), // surrogate
        ("myapp://app/article/%F8%88%80%80%80", "%F8%88%80%80%80", "slug"),
        ("myapp://app/article/x%E2%82", "%E2%82", "slug"),
        ("myapp://app/article/x?ref=%80", "%80", "ref"),
    ])
    func invalidUTF8(_ link: String, _ found: String, _ label: String) {
        #expect(AppRoute.match(link).failure?.reason == .malformedPercentEncoding(found: found, label: label))
    }

    @Test func hugeLinksAreRefusedByTheLimits() {
        let megabyte = "myapp://app/article/" + String(repeating: "a", count: 1 << 20)
        #expect(AppRoute.match(megabyte).failure?.reason == .limitExceeded(.linkLength, maximum: 65_536, found: megabyte.utf8.count))
        let items = "myapp://app/article/x?" + (0..<100_000).map { "k\($0)=v" }.joined(separator: "&")
        #expect(AppRoute.match(items).failure?.reason == .limitExceeded(.linkLength, maximum: 65_536, found: items.utf8.count))
        let segments = "myapp://app/" + String(repeating: "a/", count: 1000)
        #expect(AppRoute.match(segments).failure?.reason == .limitExceeded(.pathSegments, maximum: 128, found: 1000))
        let manyItems = "myapp://app/article/x?" + String(repeating: "a&", count: 300)
        #expect(AppRoute.match(manyItems).failure?.reason == .limitExceeded(.queryItems, maximum: 256, found: 300))
    }

    @Test func raisedLimitsStillMatchLargeLinks() throws {
        let router = Router<Bulk>(host: "app", options: MatchOptions(limits: MatchLimits(
            maxLinkLength: 4 << 20, maxPathSegments: 10, maxQueryItems: 200_000))) { routes in
            routes.add("bulk?id=${ids}")
        }
        let link = "bulk?" + (0..<100_000).map { "id=\($0)" }.joined(separator: "&")
        let bulk = try router.match(link).get()
        #expect(bulk.ids.count == 100_000)
        #expect(bulk.ids.last == 99_999)
        let megabyte = "bulk?id=1&x=" + String(repeating: "%41", count: 350_000)
        #expect(try router.match(megabyte).get() == Bulk(ids: [1]))
    }

    // MARK: Regressions found by the fuzzers

    /// Fuzz/run.sh roundtrip: `userProfile(id: "me")` rendered `user/me/profile`, which reads
    /// back as the more specific route `me` (FuzzRoutes has `user/me/profile`).
    @Test func aValueSpellingAnotherRoutesLiteralIsARenderError() throws {
        #expect(throws: RouteMatchError.self) { try PriorityRoute.user(id: "me").link() }
        do {
            _ = try PriorityRoute.user(id: "me").link()
        } catch {
            #expect(error.reason == .unrenderableValue(label: "id", problem: .readsAsAnotherRoute("me")))
            #expect(error.span == 5..<10)
        }
        #expect(try PriorityRoute.user(id: "you").link() == "p://h/user/you")
        #expect(try PriorityRoute.any(a: "x", b: "y").link() == "p://h/x/y")
        #expect(throws: RouteMatchError.self) { try PriorityRoute.any(a: "user", b: "x").link() }
    }
}

struct Bulk: Codable, Equatable { var ids: [Int] }

/// Issue 14: a pattern-fuzzing campaign found a failure the matcher could not explain (its
/// last-resort reason, `missingPathSegment(expected: "?")`). The single evaluator gives the
/// true reasons: the link has a scheme and no host, and the route needs its fragment.
@Suite struct FuzzFindingTests {
    static let router = Router<Fields>(scheme: "myapp", host: "app") { $0.add("/${a}?b=${b}&c=${c}#") }

    @Test func aLinkWithoutAHostIsAHostMismatch() throws {
        let error = try #require(Self.router.match("myapp:/))))))/").failure)
        #expect(error == RouteMatchError(
            reason: .hostMismatch(expected: "app", found: nil), input: "myapp:/))))))/", subject: .link,
            span: 6..<6, closestRoute: RouteReference(name: "Fields", pattern: "/${a}?b=${b}&c=${c}#")))
        #expect(error.notes == [RouteMatchError.Problem(reason: .missingFragment(expected: ""), span: 14..<14)])
    }

    @Test func aMissingLiteralFragmentIsNamed() throws {
        let error = try #require(Self.router.match("myapp://app/))))))/").failure)
        #expect(error.reason == .missingFragment(expected: ""))
        #expect(error.span == 19..<19)
        #expect(Self.router.match("myapp://app/))))))/#") == .success(Fields(a: "))))))", b: nil, c: [])))
    }

    /// Issue 8's table campaign: a value rendered under `https://example.com` that starts with
    /// `p/` would be read under the origin `https://example.com/p`, one segment shorter.
    @Test func aLinkAnotherOriginWouldReadIsARenderError() throws {
        let router = Router<RestOnly>(origins: ["myapp://app", "https://example.com/p", "https://example.com"]) {
            $0.add("${a...}")
        }
        let value = RestOnly(a: "p/x")
        #expect(try router.route(for: "p/x") == value)
        #expect(try router.link(for: value) == "myapp://app/p/x")
        #expect(try router.link(for: value, origin: "https://example.com/p") == "https://example.com/p/p/x")
        #expect(throws: RouteMatchError(
            reason: .unrenderableRoute(.readsUnderAnotherOrigin("https://example.com/p")), input: "https://example.com/p/x",
            subject: .render, span: nil, closestRoute: RouteReference(name: "RestOnly", pattern: "${a...}"))) {
            try router.link(for: value, origin: "https://example.com")
        }
    }
}

extension FuzzFindingTests {
    /// Issue 8's link campaign: a raw link of 128 segments reads as a rest capture; rendered
    /// under an origin with a path prefix it would have 129, which the table's own limit refuses.
    @Test func aPrefixThatTakesALinkPastTheLimitsIsThatLimitsError() throws {
        let link = "blob/a/" + Array(repeating: "x", count: 126).joined(separator: "/")
        let route = try StoreRoute(link: link)
        #expect(route == .file(ref: "a", path: Array(repeating: "x", count: 126)))
        #expect(try route.link().hasPrefix("myapp://app/blob/a/x/"))
        #expect(throws: RouteMatchError.self) { try route.link(origin: "https://www.example.com/app") }
        do { _ = try route.link(origin: "https://www.example.com/app") } catch {
            #expect(error.reason == .limitExceeded(.pathSegments, maximum: 128, found: 129))
        }
    }
}

struct RestOnly: Codable, Equatable {
    var a: String
}

extension FuzzFindingTests {
    /// A rendered link is read back on the plain hit path only under an origin no origin tried
    /// before it could read: one with its host (and a scheme it may have) and a path prefix at
    /// least as long. Under every origin the link reads back as the value, or says which origin
    /// would read it.
    @Test("which origins read their own links back", arguments: [
        (["myapp://app", "https://example.com/p", "https://example.com"], [true, true, false]),
        (["https://example.com", "https://example.com/p"], [false, true]),
        (["https://example.com", "http://example.com"], [true, true]),
        (["https://a.example.com/x", "https://b.example.com/x/y"], [true, true]),
        (["https://example.com/a", "https://example.com/b"], [true, false]),
    ])
    func originsThatReadTheirOwnLinks(origins: [String], owns: [Bool]) throws {
        let router = Router<RestOnly>(origins: origins) { $0.add("${a...}") }
        #expect(router.table.defaults.readsOwnLinks == owns)
        for value in [RestOnly(a: "x"), RestOnly(a: "p/x"), RestOnly(a: "b/y")] {
            for origin in origins {
                do {
                    let link = try router.link(for: value, origin: origin)
                    #expect(try router.route(for: link) == value)
                } catch {
                    #expect(error.reason == .unrenderableRoute(.readsUnderAnotherOrigin("https://example.com/p")))
                    #expect(origins.contains("https://example.com/p"))
                    #expect(origin == "https://example.com" && value == RestOnly(a: "p/x"))
                }
            }
        }
        let shorthand = Router<RestOnly>(scheme: "", host: "app") { $0.add("${a...}") }
        #expect(shorthand.table.defaults.readsOwnLinks == [true])
    }

    /// A link is tried against a table's origins longest path prefix first, origins of one
    /// prefix length in the order they are declared.
    @Test("the order a table tries its origins in", arguments: [
        (["myapp://app", "https://example.com/p", "https://example.com"], [1, 0, 2]),
        (["https://e.com/a", "https://e.com/a/b/c", "https://e.com", "https://e.com/x/y", "https://f.com/a/b/c"], [1, 4, 3, 0, 2]),
        (["https://a.example.com", "https://b.example.com", "https://c.example.com"], [0, 1, 2]),
        (["https://example.com"], [0]),
    ])
    func originsAreTriedLongestPrefixFirst(origins: [String], order: [Int]) {
        let parsed = Origin.parseAll(origins) { "origin \($0)" }
        #expect(parsed.problems.isEmpty)
        #expect(Origin.order(of: parsed.origins) == order)
        #expect(Router<RestOnly>(origins: origins) { $0.add("${a...}") }.table.defaults.originOrder == order)
    }

    /// The plain hit path finds where a link's routes' path starts from the origins' bytes
    /// alone: after the prefix of the first origin, in the table's order, whose scheme, host
    /// and prefix the link has (the byte index and the segments the prefix takes), or nowhere.
    @Test("the origins' bytes say where a link's routes' path starts", arguments: [
        ("https://example.com/app/user/42", "https", "example.com", 23, 1),
        ("https://example.com/apple/x", "https", "example.com", 19, 0),
        ("https://example.com/app", "https", "example.com", 23, 1),
        ("https://example.com", "https", "example.com", 19, 0),
        ("myapp://app/user", "myapp", "app", 11, 0),
        ("myapp://other/user", "myapp", "other", -1, -1),
        ("http://example.com/app/user", "http", "example.com", -1, -1),
        ("ftp://files.example.com/a/b/c", "ftp", "files.example.com", 29, 3),
        ("https://files.example.com/a/b/c", "https", "files.example.com", 31, 3),
        ("https://files.example.com/a/b", "https", "files.example.com", -1, -1),
    ])
    func originBytesFindThePathAfterThePrefix(link: String, scheme: String, host: String, start: Int, segments: Int) {
        // The scheme-less origin (any scheme) after the others of its prefix length.
        let parsed = Origin.parseAll(["myapp://app", "https://example.com/app", "https://example.com"]) { "origin \($0)" }
        let anyScheme = Origin(text: "", scheme: nil, host: "files.example.com", prefix: ["a", "b", "c"])
        let origins = parsed.origins + [anyScheme]
        let bytes = OriginBytes(origins, order: Origin.order(of: origins))
        let pathStart = scheme.utf8.count + 3 + host.utf8.count
        let found = Array(link.utf8).withUnsafeBufferPointer { link in
            Array(scheme.utf8).withUnsafeBufferPointer { scheme in
                Array(host.utf8).withUnsafeBufferPointer { host in
                    bytes.pathStart(scheme: scheme, host: host, link: link, from: pathStart)
                }
            }
        }
        #expect(found?.index ?? -1 == start)
        #expect(found?.segments ?? -1 == segments)
    }
}
