import Foundation
import Testing
import RouteMatch

/// The public error as data: equality and hashing, the index helper, its texts, and the
/// bugs found trying the package as a new user would (issue 7), each pinned here.
@Suite struct ErrorAPITests {
    @Test func equalErrorsHashAlike() throws {
        let first = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)
        let second = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)
        _ = first.description  // computing the details changes nothing that is compared
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        let other = try #require(AppRoute.match("myapp://app/user/4x3/posts?page=2").failure)
        #expect(first != other)
    }

    @Test func inputRangeGivesTheSpanAsStringIndices() throws {
        let link = "myapp://app/p/日本語/x"
        let error = try #require(WideRoute.match(link).failure)
        let range = try #require(error.inputRange)
        #expect(link[range] == "x")
        #expect(error.span == 24..<25)
    }

    @Test func debugDescriptionIsTheDataOnOneLine() throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)
        #expect(String(reflecting: error) == #"""
            RouteMatchError(reason: formatFailure(label: "id", found: "4x2", expected: Int), input: "myapp://app/user/4x2/posts?page=2", subject: .link, span: 17..<20, closestRoute: "userPosts \"user/${id}/posts?page=${page}&premium=${premium}\"")
            """#)
    }

    @Test func localizedDescriptionIsTheSummary() throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)
        #expect(error.localizedDescription == error.summary)
        #expect(!error.localizedDescription.contains("could not be completed"))
    }

    @Test func formatFailuresCarryTheTypeAsData() throws {
        let error = try #require(TypedRoute.match("typed://x/numbers?i8=300&u16=1&i64=1&d=1&f=1").failure)
        guard case .formatFailure(let label, let found, let expected) = error.reason else {
            Issue.record("\(error.reason)")
            return
        }
        #expect(label == "i8")
        #expect(found == "300")
        #expect(expected == RouteMatchError.ValueType(
            name: "Int8", integerRange: RouteMatchError.IntegerRange(minimum: -128, maximum: 127)))
        #expect(RouteMatchError.ValueType.of(Tab.self).allowedValues == ["home", "settings"])
    }

    @Test func routerHasTheThrowingSpelling() throws {
        let router = Router<UserPage>(scheme: "myapp", host: "app") { $0.add("user/${id}") }
        #expect(try router.route(for: "myapp://app/user/42") == UserPage(id: 42))
        #expect(throws: RouteMatchError(
            reason: .formatFailure(label: "id", found: "x", expected: .of(Int.self)),
            input: "myapp://app/user/x", subject: .link, span: 17..<18,
            closestRoute: RouteReference(name: "UserPage", pattern: "user/${id}"))) {
            try router.route(for: "myapp://app/user/x")
        }
    }

    /// A label whose text the matcher accepts and the route's own decode does not convert
    /// (the route decodes it as another type for some values of another label): the decoder's
    /// failure names that label, with its text and where it stands, not the label read before.
    @Test func aDecodeFailureNamesItsOwnLabel() throws {
        let router = Router<Shifting>(scheme: "myapp", host: "app") { $0.add("s/${mode}/${count}") }
        #expect(try router.route(for: "myapp://app/s/n/3") == Shifting(mode: "n", count: "3"))
        #expect(try router.route(for: "myapp://app/s/t/x") == Shifting(mode: "t", count: "x"))
        #expect(throws: RouteMatchError(
            reason: .formatFailure(label: "count", found: "x", expected: .of(Int.self)),
            input: "myapp://app/s/n/x", subject: .link, span: 16..<17,
            closestRoute: RouteReference(name: "Shifting", pattern: "s/${mode}/${count}"))) {
            try router.route(for: "myapp://app/s/n/x")
        }
    }

    // MARK: Bugs found as a new user (issue 7)

    @Test("the closest route does not depend on declaration order when routes carry their origins")
    func closestAcrossOrigins() throws {
        let link = "https://evil.com/track/1"
        let expected = RouteMatchError.Reason.hostMismatch(expected: "open.spotify.com", found: "evil.com")
        #expect(SlackFirst.match(link).failure?.reason == expected)
        #expect(SpotifyFirst.match(link).failure?.reason == expected)
        #expect(SlackFirst.match(link).failure?.closestRoute?.name == "track")
        #expect(SpotifyFirst.match(link).failure?.closestRoute?.name == "track")
    }

    @Test func redactionHidesTheUserinfo() throws {
        let error = try #require(AppRoute.match(
            "myapp://admin:hunter2@app/user/abc/posts?page=2&premium=true&token=s3cr3t#frag").failure)
        for text in [error.redactedDescription, error.redactedSummary, error.redactedInput] {
            for secret in ["admin", "hunter2", "abc", "token", "s3cr3t", "frag"] {
                #expect(!text.contains(secret), "\(secret) in \(text)")
            }
        }
        #expect(error.redactedInput.hasPrefix("myapp://<13 chars>@app/user/<3 chars>/posts?page="))
    }

    @Test func aTypeGivesItsOwnSample() throws {
        #expect(try ShopRoute.validate() == ())
        #expect(ShopRoute.match("shop://app/product/SKU-9?count=2") == .success(.product(sku: Sku("SKU-9")!, count: 2)))
        #expect(try ShopRoute.product(sku: Sku("SKU-3")!, count: 1).link() == "shop://app/product/SKU-3?count=1")
        let bare = Router<BareProduct>(scheme: "shop", host: "app") { $0.add("p/${sku}?count=${count}") }
        #expect(throws: (any Error).self) { try bare.validate() }
        do { try bare.validate() } catch {
            #expect(error.reason == .unsupportedType(label: "sku", type: "BareSku", problem: .noSampleValue))
            #expect(!error.description.contains("values after it"))
            #expect(error.description.contains("RouteSampleProviding"))
        }
    }

    @Test func aSampleThatDoesNotConvertIsNamed() throws {
        let router = Router<WrongProduct>(scheme: "shop", host: "app") { $0.add("p/${sku}") }
        #expect(throws: (any Error).self) { try router.validate() }
        do { try router.validate() } catch {
            #expect(error.reason == .unsupportedType(label: "sku", type: "WrongSku", problem: .sampleDoesNotConvert("sku-1")))
        }
    }

    @Test func theExampleLinkLinesUpWithTheRoute() throws {
        let error = try #require(SpotifyFirst.match("https://open.spotify.com/intl-de/track/123").failure)
        #expect(error.description.contains("a link that matches: https://open.spotify.com/track/123"))
        #expect(!error.description.contains("track/track"))
    }

    @Test("a host override that would not read back throws with its cause")
    func hostOverride() throws {
        let inline = Router<UserPage>(scheme: "myapp", host: "") { $0.add("user/${id}") }
        #expect(throws: RouteMatchError(
            reason: .unrenderableRoute(.hostOverride(host: "myapp.com", patternHost: "user")),
            input: "user/${id}", subject: .render, span: 0..<4,
            closestRoute: RouteReference(name: "UserPage", pattern: "user/${id}"))) {
            try inline.link(for: UserPage(id: 42), scheme: "https", host: "myapp.com")
        }
        // With a default host, overrides render for another environment and read back.
        let app = Router<UserPage>(scheme: "myapp", host: "app") { $0.add("user/${id}") }
        #expect(try app.link(for: UserPage(id: 42), scheme: "https", host: "staging.example.com")
            == "https://staging.example.com/user/42")
        #expect(try AppRoute.userProfile(id: "7").link(scheme: "otherapp") == "otherapp://app/user/7/profile")
    }

    @Test func aRenderedLinkOverTheLimitsSaysSo() throws {
        let router = Router<UserPage>(
            scheme: "myapp", host: "app", options: MatchOptions(limits: MatchLimits(maxLinkLength: 20))
        ) { $0.add("user/${id}") }
        #expect(throws: RouteMatchError(
            reason: .limitExceeded(.linkLength, maximum: 20, found: 36), input: "myapp://app/user/1234567890123456789",
            subject: .link, span: 20..<36, closestRoute: RouteReference(name: "UserPage", pattern: "user/${id}"))) {
            try router.link(for: UserPage(id: 1_234_567_890_123_456_789))
        }
    }

    @Test func aValueWhoseTextDoesNotReadBackIsNamed() throws {
        let router = Router<Versioned>(scheme: "myapp", host: "app") { $0.add("v/${version}") }
        #expect(throws: RouteMatchError(
            reason: .unrenderableValue(label: "version", problem: .doesNotReadBack),
            input: "v/${version}", subject: .render, span: 2..<12,
            closestRoute: RouteReference(name: "Versioned", pattern: "v/${version}"))) {
            try router.link(for: Versioned(version: Lopsided("1")!))
        }
    }
}

/// A type whose `description` its `init?(_:)` does not read.
struct Lopsided: LosslessStringConvertible, Codable, Equatable {
    let text: String
    init?(_ text: String) {
        guard !text.hasPrefix("v") else { return nil }
        self.text = text
    }
    var description: String { "v" + text }
    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

struct Versioned: Codable, Equatable { var version: Lopsided }

/// A route whose `count` is a number when its `mode` is `n`, any text otherwise: learned as a
/// text (its sample mode is not `n`), refused by its own decode for `n` and a count that is not
/// a number.
struct Shifting: Codable, Equatable {
    var mode: String
    var count: String

    init(mode: String, count: String) {
        self.mode = mode
        self.count = count
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decode(String.self, forKey: .mode)
        count = mode == "n" ? String(try container.decode(Int.self, forKey: .count)) : try container.decode(String.self, forKey: .count)
    }
}
