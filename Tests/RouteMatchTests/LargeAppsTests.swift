import Foundation
import Testing
@testable import RouteMatch

/// A route value that is not `Codable`: a closure builds it, another reads it back.
enum Screen: Equatable, Sendable {
    case profile(id: Int)
    case search(query: String, page: Int?)
    case tagged(tags: [String])
}

/// A raw-value enum a closure route renders.
enum Shade: String, Codable, Sendable { case light, dark }

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

    /// A closure route's values: an `Optional` is told by its own `encode(to:)` (no dynamic
    /// cast: a first render asked the runtime three conformances of an `Int?`), `nil` left out
    /// (nested ones too), a wrapped value rendered as its own type renders, any other value as
    /// before.
    @Test("closure route values render as their types do", arguments: [
        (Int?.none as any Encodable & Sendable, nil as [String]?), (Int?.some(2), ["2"]), (String?.some("a b"), ["a b"]),
        (String?.none, nil), (Shade?.some(.dark), ["dark"]), ([String]?.some(["a", "b"]), ["a", "b"]),
        ([String]?.none, nil), (UUID?.some(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
        ["01020304-0506-0708-090A-0B0C0D0E0F10"]), (Int??.some(nil), nil), (Int??.some(3), ["3"]), (Shade.light, ["light"]),
        ([1, 2], ["1", "2"]), (42, ["42"]), (Double?.some(2.5), ["2.5"]), (Bool?.some(false), ["false"]),
    ])
    func closureRouteValuesRender(value: any Encodable & Sendable, texts: [String]?) {
        let values: RouteValues = ["v": value]
        #expect(values.rendered.texts(for: "v") == .some(texts))
        #expect(values.rendered.problem == nil)
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

    /// A closure route's captures are probed for their types as a `Codable` route's values are
    /// (one function records each label): a type with no sample value, or whose sample does not
    /// read back, is the label's problem, optional or not.
    @Test(arguments: [
        (Router<String>(host: "app") { $0.add("p/${sku}") { try String(describing: $0.value("sku", as: BareSku.self)) } },
         RouteMatchError.Reason.unsupportedType(label: "sku", type: "BareSku", problem: .noSampleValue)),
        (Router<String>(host: "app") { $0.add("p/${sku}") { try String(describing: $0.value("sku", as: BareSku?.self)) } },
         .unsupportedType(label: "sku", type: "BareSku", problem: .noSampleValue)),
        (Router<String>(host: "app") { $0.add("p/${sku}") { try String(describing: $0.value("sku", as: WrongSku.self)) } },
         .unsupportedType(label: "sku", type: "WrongSku", problem: .sampleDoesNotConvert("sku-1"))),
    ])
    func aClosureRouteAskingForAnUnsupportedTypeHasItsLabelsProblem(router: Router<String>, reason: RouteMatchError.Reason) throws {
        let error = try #require(throws: RouteMatchError.self) { try router.validate() }
        #expect(error.definitionProblems.map(\.reason) == [reason])
        #expect(router.match("app/p/x").failure?.reason == reason)
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

@Suite struct NestedRoutesTests {
    @Test("a mounted table reads the rest of the link, several levels deep", arguments: [
        ("myapp://app/settings", FeatureApp.settings(.home)),
        ("myapp://app/settings/", .settings(.home)),
        ("https://example.com/settings/notifications/3", .settings(.notifications(channel: 3))),
        ("myapp://app/settings/privacy", .settings(.privacy(.overview))),
        ("myapp://app/settings/privacy/ads?expanded=true", .settings(.privacy(.section(name: "ads", expanded: true)))),
        ("myapp://app/user/7", .profile(id: 7)),
    ])
    func nested(_ link: String, _ route: FeatureApp) throws {
        #expect(try FeatureApp(link: link) == route)
        let back = try route.link()
        #expect(try FeatureApp(link: back) == route)
    }

    @Test func renderingWritesTheWholeLink() throws {
        #expect(try FeatureApp.settings(.privacy(.section(name: "a b", expanded: false))).link()
            == "myapp://app/settings/privacy/a%20b?expanded=false")
        #expect(try FeatureApp.settings(.home).link(origin: "https://example.com") == "https://example.com/settings")
        // The mounted type still works on its own, under its own origin.
        #expect(try SettingsRoute.notifications(channel: 2).link() == "settings://module/notifications/2")
        #expect(try SettingsRoute(link: "settings://module/privacy/ads") == .privacy(.section(name: "ads", expanded: nil)))
    }

    @Test func aNestedMissNamesTheNestedRouteWithTheCaretInTheWholeLink() throws {
        let link = "myapp://app/settings/notifications/loud"
        let error = try #require(FeatureApp.match(link).failure)
        #expect(error == RouteMatchError(
            reason: .formatFailure(label: "channel", found: "loud", expected: .of(Int.self)), input: link, subject: .link,
            span: 35..<39, closestRoute: RouteReference(name: "settings › notifications", pattern: "notifications/${channel}")))
        let deep = try #require(FeatureApp.match("myapp://app/settings/privacy/ads?expanded=maybe").failure)
        #expect(deep.closestRoute?.name == "settings › privacy › section")
        #expect(deep.reason == .formatFailure(label: "expanded", found: "maybe", expected: .of(Bool.self)))
    }

    /// A mounted table's view shares the mounting table's link and keeps its origin (none,
    /// here): the mounted routes take the scheme and host the mounting route accepted.
    @Test("a mount under a table whose patterns give their hosts", arguments: [
        ("myapp://app/settings/notifications/3", HostsGivenApp.settings(.notifications(channel: 3))),
        ("app/settings/privacy/ads", .settings(.privacy(.section(name: "ads", expanded: nil)))),
        ("https://web/s/notifications/4", .web(.notifications(channel: 4))),
    ])
    func aMountUnderPatternsGivingTheirHosts(_ link: String, _ route: HostsGivenApp) throws {
        #expect(try HostsGivenApp(link: link) == route)
    }

    @Test func aMountedRouteUnderAnotherHostIsAHostMiss() throws {
        #expect(HostsGivenApp.match("myapp://elsewhere/settings/notifications/3").failure?.reason
            == .hostMismatch(expected: "app", found: "elsewhere"))
    }

    /// Closure routes mount a feature enum too: the app level builds its value without
    /// `Codable`, the feature enum's table reads the rest of the link.
    enum ClosureApp: Equatable { case settings(SettingsRoute), profile(id: Int) }
    static let closureApp = Router<ClosureApp>(origins: ["myapp://app", "https://example.com"]) { routes in
        routes.add("settings/${rest...}", name: "settings") { try .settings($0.value("rest", as: SettingsRoute.self)) } render: {
            if case .settings(let settings) = $0 { ["rest": settings] } else { nil }
        }
        routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
            if case .profile(let id) = $0 { ["id": id] } else { nil }
        }
    }

    @Test("closure routes mount a feature enum", arguments: [
        ("myapp://app/settings", ClosureApp.settings(.home)),
        ("https://example.com/settings/notifications/3", .settings(.notifications(channel: 3))),
        ("myapp://app/settings/privacy/ads?expanded=true", .settings(.privacy(.section(name: "ads", expanded: true)))),
        ("myapp://app/user/7", .profile(id: 7)),
    ])
    func closureRoutesMountAFeatureEnum(_ link: String, _ route: ClosureApp) throws {
        #expect(try NestedRoutesTests.closureApp.match(link).get() == route)
    }

    /// A closure route's `render` hands the mounted value as it is; the feature enum's own
    /// table renders it, as it does under an app enum.
    @Test("closure routes render a mounted feature enum", arguments: [
        (ClosureApp.settings(.home), "myapp://app/settings", FeatureApp.settings(.home)),
        (.settings(.notifications(channel: 3)), "myapp://app/settings/notifications/3", .settings(.notifications(channel: 3))),
        (.settings(.privacy(.section(name: "a b", expanded: true))), "myapp://app/settings/privacy/a%20b?expanded=true",
         .settings(.privacy(.section(name: "a b", expanded: true)))),
        (.profile(id: 7), "myapp://app/user/7", .profile(id: 7)),
    ])
    func closureRoutesRenderAFeatureEnum(_ route: ClosureApp, _ link: String, _ asAppEnum: FeatureApp) throws {
        let router = NestedRoutesTests.closureApp
        #expect(try router.link(for: route) == link)
        #expect(try asAppEnum.link() == link)
        #expect(try router.match(link).get() == route)
        #expect(try router.link(for: route, origin: "https://example.com") == "https://example.com" + link.dropFirst("myapp://app".count))
    }

    @Test func aMountedValueThatDoesNotRenderIsTheSameErrorUnderAClosureRoute() throws {
        let unrenderable = SettingsRoute.privacy(.section(name: "", expanded: nil))
        let error = try #require(Result { () throws(RouteMatchError) in try NestedRoutesTests.closureApp.link(for: .settings(unrenderable)) }.failure)
        #expect(error.reason == .unrenderableValue(label: "name", problem: .emptyPathSegment))
        // Named by its path of mounts, as a miss inside a mounted table is.
        #expect(error.closestRoute == RouteReference(name: "settings › privacy › section", pattern: "${name}?expanded=${expanded}"))
        let asAppEnum = try #require(Result { () throws(RouteMatchError) in try FeatureApp.settings(unrenderable).link() }.failure)
        #expect(error == asAppEnum)
    }

    /// A render closure may hand any value for any label: a route value for a label that
    /// mounts no table does not render as text, as before closures could mount.
    @Test func aRouteValueForALabelThatMountsNothingIsNotTextual() throws {
        enum Odd: Equatable { case user(id: Int), item(id: Int, key: String) }
        let odd = Router<Odd>(scheme: "myapp", host: "app") { routes in
            routes.add("user/${id}") { try .user(id: $0.value("id", as: Int.self)) } render: {
                if case .user = $0 { ["id": SettingsRoute.notifications(channel: 3)] } else { nil }
            }
            routes.add("item/${id}?key=${key}") { try .item(id: $0.value("id", as: Int.self), key: $0.value("key", as: String.self)) } render: {
                if case .item(let id, _) = $0 { ["id": id, "key": SettingsRoute.home] } else { nil }
            }
        }
        let user = try #require(Result { () throws(RouteMatchError) in try odd.link(for: .user(id: 1)) }.failure)
        #expect(user.reason == .unrenderableValue(label: "id", problem: .notTextual))
        #expect(user.span == 5..<10)
        let item = try #require(Result { () throws(RouteMatchError) in try odd.link(for: .item(id: 1, key: "k")) }.failure)
        #expect(item.reason == .unrenderableValue(label: "key", problem: .notTextual))
    }

    /// A route value for a label that mounts no table is not textual whatever else the closure
    /// hands, a route value for the label that mounts one included, in either order.
    @Test(arguments: [false, true])
    func aRouteValueBesideTheMountedOneIsNotTextual(mountedFirst: Bool) throws {
        enum Pair: Equatable { case pair(SettingsRoute) }
        let pair = Router<Pair>(scheme: "myapp", host: "app") { routes in
            routes.add("m/${kind}/${rest...}") { try .pair($0.value("rest", as: SettingsRoute.self)) } render: {
                guard case .pair(let settings) = $0 else { return nil }
                let other = SettingsRoute.notifications(channel: 3)
                return mountedFirst ? ["rest": settings, "kind": other] : ["kind": other, "rest": settings]
            }
        }
        let error = try #require(Result { () throws(RouteMatchError) in try pair.link(for: .pair(.home)) }.failure)
        #expect(error.reason == .unrenderableValue(label: "kind", problem: .notTextual))
        // A route value that does not render, for a label that mounts nothing: not textual too.
        let broken = Router<Pair>(scheme: "myapp", host: "app") { routes in
            routes.add("m/${kind}/${rest...}") { try .pair($0.value("rest", as: SettingsRoute.self)) } render: {
                guard case .pair(let settings) = $0 else { return nil }
                return ["kind": SettingsRoute.privacy(.section(name: "", expanded: nil)), "rest": settings]
            }
        }
        let brokenError = try #require(Result { () throws(RouteMatchError) in try broken.link(for: .pair(.home)) }.failure)
        #expect(brokenError.reason == .unrenderableValue(label: "kind", problem: .notTextual))
    }

    @Test func aMissInsideAFeatureEnumMountedByAClosureRoute() throws {
        let link = "https://example.com/settings/notifications/loud"
        let error = try #require(NestedRoutesTests.closureApp.match(link).failure)
        #expect(error == RouteMatchError(
            reason: .formatFailure(label: "channel", found: "loud", expected: .of(Int.self)), input: link, subject: .link,
            span: 43..<47, closestRoute: RouteReference(name: "settings › notifications", pattern: "notifications/${channel}")))
        // Told as the app enum that mounts the same feature enum tells it.
        let mountedByEnum = try #require(FeatureApp.match(link).failure)
        #expect("\(error)" == "\(mountedByEnum)")
    }

    /// A route whose build reads its mount as one type or another, by another label's text.
    /// The plain path reads the rest for the type the route's probe learned (`Small`); a build
    /// that asks for the other type gets that type's route for the rest, never the route of
    /// `Small`'s table at the same index (which named another route of `Wide`, or read a slot
    /// `Wide`'s route has and `Small`'s has not: a trap).
    enum Small: Routable, Equatable {
        case item(x: Int)
        enum CodingKeys: String, CodingKey, CaseIterable { case item = "a/${x}" }
    }
    enum Wide: Routable, Equatable {
        case wide(y: String, v: Int, u: Int), item(z: String)
        enum CodingKeys: String, CodingKey, CaseIterable { case wide = "b/${y}/${v}/${u}", item = "a/${z}" }
    }
    enum Either: Equatable { case small(Small), wide(Wide) }
    static let either = Router<Either>(scheme: "myapp", host: "app") { routes in
        routes.add("m/${kind}/${rest...}") { values in
            try values.value("kind", as: String.self) == "wide"
                ? .wide(values.value("rest", as: Wide.self)) : .small(values.value("rest", as: Small.self))
        } render: {
            switch $0 {
            case .small(let small): ["kind": "small", "rest": small]
            case .wide(let wide): ["kind": "wide", "rest": wide]
            }
        }
    }

    @Test("a build that asks for another mounted type than its probe learned gets that type's route", arguments: [
        ("myapp://app/m/small/a/7", Either.small(.item(x: 7))),
        ("myapp://app/m/wide/a/7", .wide(.item(z: "7"))),
        ("myapp://app/m/wide/a/7x", .wide(.item(z: "7x"))),
        ("myapp://app/m/wide/b/x/1/2", .wide(.wide(y: "x", v: 1, u: 2))),
    ])
    func aMountReadAsAnotherType(_ link: String, _ route: Either) throws {
        #expect(try NestedRoutesTests.either.match(link).get() == route)
    }

    @Test("a closure route renders whichever route type its render closure hands", arguments: [
        (Either.small(.item(x: 7)), "myapp://app/m/small/a/7"),
        (.wide(.item(z: "q")), "myapp://app/m/wide/a/q"),
        (.wide(.wide(y: "a b", v: 1, u: 2)), "myapp://app/m/wide/b/a%20b/1/2"),
    ])
    func aMountRenderedAsEitherType(_ route: Either, _ link: String) throws {
        #expect(try NestedRoutesTests.either.link(for: route) == link)
        #expect(try NestedRoutesTests.either.match(link).get() == route)
    }

    @Test func aMountReadAsAnotherTypeMissesAsThatType() throws {
        let error = try #require(NestedRoutesTests.either.match("myapp://app/m/wide/b/x/one/2").failure)
        #expect(error.reason == .formatFailure(label: "v", found: "one", expected: .of(Int.self)))
        #expect(error.closestRoute == RouteReference(name: "m/${kind}/${rest...} › wide", pattern: "b/${y}/${v}/${u}"))
    }

    /// A route type mounted by a capture of one segment: `SettingsRoute`, and `SampledFeature`,
    /// which also gives a sample text and is a route type all the same.
    enum OneSegmentMount: Routable {
        case settings(SettingsRoute)
        enum CodingKeys: String, CodingKey, CaseIterable { case settings = "app/settings/${_0}" }
    }

    enum OneSegmentSampledMount: Routable {
        case feature(SampledFeature)
        enum CodingKeys: String, CodingKey, CaseIterable { case feature = "app/feature/${_0}" }
    }

    @Test("a mounted route type needs a rest capture", arguments: ["SettingsRoute", "SampledFeature"])
    func aMountNeedsARestCapture(_ type: String) throws {
        let validate: () throws -> Void = type == "SettingsRoute"
            ? { try OneSegmentMount.validate() } : { try OneSegmentSampledMount.validate() }
        let error = try #require(throws: RouteMatchError.self) { try validate() }
        #expect(error.reason == .unsupportedType(label: "_0", type: type, problem: .routesNeedRestCapture))
    }

    @Test("a route type that also gives a sample text is mounted as a route type", arguments: [
        ("myapp://app/feature", SampledFeatureApp.feature(.list)),
        ("myapp://app/feature/item/4", .feature(.item(id: 4))),
    ])
    func aRouteTypeGivingASampleIsMounted(_ link: String, _ route: SampledFeatureApp) throws {
        #expect(try SampledFeatureApp(link: link) == route)
        #expect(try route.link() == link)
    }

    @Test func whatALabelsTypeDeclaresIsOneAnswer() {
        // A route type names itself; a type that gives a sample, its sample; both at once, a
        // route type's answer (its routes read the rest of the link, not one text).
        #expect(SettingsRoute._mountedRoutes == SettingsRoute.self)
        #expect(SettingsRoute._declaredSample == nil)
        #expect(Sku._mountedRoutes == nil)
        #expect(Sku._declaredSample == "SKU-1")
        #expect(SampledFeature._mountedRoutes == SampledFeature.self)
        #expect(SampledFeature._declaredSample == nil)
    }

    @Test func aNestedTablesProblemsAreNamedByTheirMountPath() throws {
        enum BrokenFeature: Routable {
            case item(id: Int)
            enum CodingKeys: String, CodingKey, CaseIterable { case item = "item/${idd}" }
        }
        enum Host: Routable {
            static var host: String { "app" }
            case feature(BrokenFeature)
            enum CodingKeys: String, CodingKey, CaseIterable { case feature = "feature/${_0...}" }
        }
        let error = try #require(throws: RouteMatchError.self) { try Host.validate() }
        #expect(error.definitionProblems.map(\.reason) == [.unknownPlaceholder(name: "idd")])
        #expect(error.definitionProblems.first?.route == RouteReference(name: "feature › item", pattern: "item/${idd}"))
        // Found on the nested route's first use too, named the same way.
        let firstUse = try #require(Host.match("myapp://app/feature/item/1").failure)
        #expect(firstUse.subject == .pattern)
        #expect(firstUse.definitionProblems == error.definitionProblems)
        #expect(firstUse.description.contains("found when the route was first used"))
    }

    @Test func mountsThatLeadBackAreADefinitionProblemNotAnEndlessMatch() throws {
        indirect enum Ping: Routable {
            static var host: String { "app" }
            case pong(Pong)
            case end
            enum CodingKeys: String, CodingKey, CaseIterable {
                case pong = "${_0...}"
                case end = "end"
            }
        }
        indirect enum Pong: Routable {
            case ping(Ping)
            case stop
            enum CodingKeys: String, CodingKey, CaseIterable {
                case ping = "${_0...}"
                case stop = "stop"
            }
        }
        let error = try #require(throws: RouteMatchError.self) { try Ping.validate() }
        #expect(error.definitionProblems.map(\.reason) == [
            .unsupportedType(label: "_0", type: "Pong", problem: .mountsItself),
        ])
        #expect(Ping.match("app/x").failure?.reason == .unsupportedType(label: "_0", type: "Pong", problem: .mountsItself))
        #expect(Pong.match("x").failure?.subject == .pattern)
    }
}

indirect enum Folder: Routable, Equatable {
    static var host: String { "files" }
    case folder(Folder)
    case leaf
    enum CodingKeys: String, CodingKey, CaseIterable {
        case folder = "f/${_0...}"
        case leaf = ""
    }
}

extension NestedRoutesTests {
    @Test func aTypeMountedInsideItselfIsADefinitionProblem() throws {
        let error = try #require(throws: RouteMatchError.self) { try Folder.validate() }
        #expect(error.definitionProblems.map(\.reason) == [
            .unsupportedType(label: "_0", type: "Folder", problem: .mountsItself),
        ])
        #expect(error.definitionProblems.first?.route?.name == "folder")
    }
}

struct Tracking: Codable, Equatable, Sendable {
    var utm_source: String?
    var utm_campaign: String?
    var ref_id: Int?
    var tags: [String]?
}

@Suite struct SharedItemsTests {
    @Test("shared query items are read beside any route", arguments: [
        ("myapp://app/user/42/profile?utm_source=mail", AppRoute.userProfile(id: "42"), Tracking(utm_source: "mail")),
        ("myapp://app/article/swift?ref=news&utm_campaign=fall&ref_id=3", .article(slug: "swift", ref: "news"),
         Tracking(utm_campaign: "fall", ref_id: 3)),
        ("myapp://app?tags=a&tags=b", .home, Tracking(tags: ["a", "b"])),
        ("myapp://app", .home, Tracking()),
    ])
    func shared(_ link: String, _ route: AppRoute, _ tracking: Tracking) throws {
        let found = try AppRoute.match(link, sharing: Tracking.self).get()
        #expect(found == SharedMatch(route: route, shared: tracking))
    }

    /// The throwing spellings return the route and items `match(_:sharing:)` returns and throw
    /// exactly its error (the route's, the items', an unreadable link's), for a `String` and a
    /// `URL`, on a router and on the route type.
    @Test(arguments: [
        "myapp://app/user/42/profile?utm_source=mail", "myapp://app?tags=a&tags=b", "myapp://app/nowhere?utm_source=x",
        "myapp://app/user/42/profile?ref_id=x7", "myapp://app?utm_source=a&utm_source=b", "myapp://evil.com/user/42/profile",
        "myapp://app/user/x/posts?page=1&premium=true&ref_id=x",
    ])
    func throwingSpellingsAgreeWithMatch(link: String) throws {
        let url = try #require(URL(string: link))
        let expected = AppRoute.match(link, sharing: Tracking.self)
        let spellings: [Result<SharedMatch<AppRoute, Tracking>, RouteMatchError>] = [
            Result { () throws(RouteMatchError) in try AppRoute.route(for: link, sharing: Tracking.self) },
            Result { () throws(RouteMatchError) in try AppRoute.route(for: url, sharing: Tracking.self) },
            Result { () throws(RouteMatchError) in try AppRoute.router.route(for: link, sharing: Tracking.self) },
            Result { () throws(RouteMatchError) in try AppRoute.router.route(for: url, sharing: Tracking.self) },
            AppRoute.router.match(link, sharing: Tracking.self),
        ]
        #expect(spellings == Array(repeating: expected, count: 5))
    }

    @Test func strictQueryModeAcceptsSharedItems() throws {
        struct Page: Codable, Equatable { var id: Int }
        let strict = Router<Page>(scheme: "myapp", host: "app", options: MatchOptions(strictQuery: true)) { $0.add("u/${id}") }
        #expect(strict.match("myapp://app/u/1?utm_source=x").failure?.reason == .unexpectedQueryItem(key: "utm_source"))
        #expect(try strict.match("myapp://app/u/1?utm_source=x", sharing: Tracking.self).get().shared == Tracking(utm_source: "x"))
        #expect(strict.match("myapp://app/u/1?utm_source=x&other=1", sharing: Tracking.self).failure?.reason
            == .unexpectedQueryItem(key: "other"))
    }

    @Test func aSharedItemsFormatFailureHasItsCaret() throws {
        let link = "myapp://app/user/42/profile?ref_id=x7"
        let error = try #require(AppRoute.match(link, sharing: Tracking.self).failure)
        #expect(error.reason == .formatFailure(label: "ref_id", found: "x7", expected: .of(Int.self)))
        #expect(error.span == 35..<37)
        #expect(error.closestRoute?.name == "shared Tracking")
        // A repeated key into a single value follows the policy of any query item.
        #expect(AppRoute.match("myapp://app?utm_source=a&utm_source=b", sharing: Tracking.self).failure?.reason
            == .duplicateQueryItem(key: "utm_source", count: 2))
        // The route's own failure comes first.
        #expect(AppRoute.match("myapp://app/user/x/posts?page=1&premium=true&ref_id=x", sharing: Tracking.self).failure?.reason
            == .formatFailure(label: "id", found: "x", expected: .of(Int.self)))
    }

    @Test func renderingAppendsSharedItems() throws {
        let link = try AppRoute.article(slug: "swift", ref: nil).link(sharing: Tracking(utm_source: "a b", tags: ["x", "y"]))
        #expect(link == "myapp://app/article/swift?utm_source=a%20b&tags=x&tags=y")
        let back = try AppRoute.match(link, sharing: Tracking.self).get()
        #expect(back == SharedMatch(route: .article(slug: "swift", ref: nil), shared: Tracking(utm_source: "a b", tags: ["x", "y"])))
        // A shared key another route's pattern uses is still written for this one.
        struct Ref: Codable, Equatable { var ref: String? }
        #expect(try AppRoute.home.link(sharing: Ref(ref: "x")) == "myapp://app?ref=x")
        #expect(try AppRoute.article(slug: "s", ref: "own").link(sharing: Ref(ref: "x")) == "myapp://app/article/s?ref=own")
    }
}

extension NestedRoutesTests {
    /// A mounted table's diagnostic is read inside the mounting table's: two lazily computed
    /// values, one reading the other, which must never wait on each other's lock.
    @Test(.timeLimit(.minutes(1))) func nestedDiagnosticsNeverDeadlock() throws {
        for index in 0..<200 {
            let error = try #require(FeatureApp.match("myapp://app/settings/notifications/x\(index)").failure)
            #expect(error.description.contains("settings › notifications"))
        }
    }
}

extension NestedRoutesTests {
    @Test func aMountedPatternCannotNameItsHost() throws {
        enum Hosted: Routable {
            case secure(id: Int)
            enum CodingKeys: String, CodingKey, CaseIterable { case secure = "https://example.com/secure/${id}" }
        }
        enum Mounting: Routable {
            static var host: String { "app" }
            case hosted(Hosted)
            enum CodingKeys: String, CodingKey, CaseIterable { case hosted = "h/${_0...}" }
        }
        let error = try #require(throws: RouteMatchError.self) { try Mounting.validate() }
        #expect(error.definitionProblems == [RouteMatchError.DefinitionProblem(
            route: RouteReference(name: "hosted › secure", pattern: "https://example.com/secure/${id}"),
            reason: .patternSyntax(.hostWhenMounted), span: 0..<19)])
        // On its own, the type is fine.
        #expect(throws: Never.self) { try Hosted.validate() }
    }
}

extension NestedRoutesTests {
    enum UserSettings: Routable, Equatable {
        static var host: String { "app" }
        case settings(user: String, SettingsRoute)
        enum CodingKeys: String, CodingKey, CaseIterable { case settings = "u/${user}/settings/${_1...}" }
    }

    enum SettingsThenUser: Routable, Equatable {
        static var host: String { "app" }
        case settings(SettingsRoute, user: String)
        enum CodingKeys: String, CodingKey, CaseIterable { case settings = "u/${user}/settings/${_0...}" }
    }

    /// A value decoded after a mounted one is the mounting route's own: the mounted table's
    /// decode runs inside its parent's, and the parent's decode gets its values back after it.
    @Test(arguments: [1, 2, 3])
    func aValueAfterAMountIsTheMountingRoutesOwn(hits: Int) throws {
        let router = Router(SettingsThenUser.self)
        for channel in 0..<hits {
            #expect(try router.match("myapp://app/u/alice/settings/notifications/\(channel)").get()
                == .settings(.notifications(channel: channel), user: "alice"))
        }
    }

    /// A type mounted in one table and matched on its own keeps two tables under one key
    /// type (its own, under its origin, and the one relative to the mount), whichever is used
    /// first; a mounted type of no size (one case, no values) is built in place like another.
    /// (Each order has its own types, ``Solo`` and ``Holder`` of its own `Order`: a type's
    /// tables live as long as the process.)
    @Test func aTypeMatchedOnItsOwnFirstKeepsItsMountedTableApart() throws {
        enum OwnFirst {}
        try expectOwnAndMountedTables(OwnFirst.self, ownFirst: true)
    }

    @Test func aTypeMountedFirstKeepsItsOwnTableApart() throws {
        enum MountedFirst {}
        try expectOwnAndMountedTables(MountedFirst.self, ownFirst: false)
    }

    enum Solo<Order>: Routable, Equatable {
        static var origins: [String] { ["solo://module"] }
        case only
        enum CodingKeys: String, CodingKey, CaseIterable { case only = "only" }
    }

    enum Holder<Order>: Routable, Equatable {
        static var scheme: String { "myapp" }
        static var host: String { "app" }
        case solo(Solo<Order>)
        case after(Solo<Order>, tail: Int)
        enum CodingKeys: String, CodingKey, CaseIterable {
            case solo = "solo/${_0...}"
            case after = "after/${tail}/${_0...}"
        }
    }

    private func expectOwnAndMountedTables<Order>(_ order: Order.Type, ownFirst: Bool) throws {
        #expect(MemoryLayout<Solo<Order>>.size == 0)
        if ownFirst { #expect(try Solo<Order>(link: "solo://module/only") == .only) }
        #expect(try Holder<Order>(link: "myapp://app/solo/only") == .solo(.only))
        #expect(try Holder<Order>(link: "myapp://app/after/7/only") == .after(.only, tail: 7))
        #expect(try Solo<Order>(link: "solo://module/only") == .only)
        #expect(Holder<Order>.match("myapp://app/solo/other").failure?.closestRoute?.name == "solo › only")
        #expect(Solo<Order>.match("solo://module/solo/only").failure?.closestRoute?.name == "only")
    }

    @Test func aNestedDiagnosticHidesTheMountingRoutesValuesToo() throws {
        let error = try #require(UserSettings.match("myapp://app/u/alice/settings/notifications/loud").failure)
        #expect(error.closestRoute?.name == "settings › notifications")
        #expect(error.redactedInput == "myapp://app/u/<5 chars>/settings/notifications/<4 chars>")
    }
}

/// A feature enum that also gives a sample text (``RouteSampleProviding``): a route type still,
/// whose routes read the rest of the link; its sample text is not used.
enum SampledFeature: Routable, RouteSampleProviding, Equatable {
    static var routeSample: String { "not-a-route" }
    case list
    case item(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case list = ""
        case item = "item/${id}"
    }
}

enum SampledFeatureApp: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case feature(SampledFeature)
    enum CodingKeys: String, CodingKey, CaseIterable { case feature = "feature/${_0...}" }
}
