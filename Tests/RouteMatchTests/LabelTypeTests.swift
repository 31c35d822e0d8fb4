import Foundation
import Testing
@testable import RouteMatch

/// What a first use learns of each label's type, whatever the runtime is asked to learn it: the
/// type's name as diagnostics and listings write it, the sample an example link shows, and
/// whether it is a list. (A first use asks few questions of a type: one for what it declares,
/// `_RouteLabelDeclaring`; an array none, known by its name; a raw-value enum's sample its
/// first case, read from all-zero bits.)
@Suite struct LabelTypeTests {
    @Test("each label's type is named as diagnostics name it", arguments: [
        ("tab", ["Tab (home, settings)"]),
        ("plain", ["Plain"]),
        ("uuid", ["UUID"]),
        ("numbers", ["Int8", "UInt16", "Int64", "Double", "Float"]),
        ("flags", ["Bool"]),
        ("list", ["[Int]", "[String]?"]),
        ("optionals", ["Int?", "String?", "String"]),
        ("lossless", ["Version"]),
        ("fragment", ["String", "String?"]),
        ("unlabeled", ["Int", "String"]),
        ("anchor", ["String"]),
    ])
    func typedRouteListing(_ route: String, _ types: [String]) throws {
        let listing = try #require(TypedRoute.router.listings.first { $0.route.name == route })
        #expect(listing.values.map(\.type) == types)
    }

    @Test("lists of enums, a type that gives its sample, a mounted route type", arguments: [
        (ListedRoute.router.listings, "pick", ["[Tab (home, settings)]", "[Plain]?"]),
        (ShopRoute.router.listings, "product", ["Sku", "Int"]),
        (FeatureApp.router.listings, "settings", ["SettingsRoute"]),
    ])
    func otherListings(_ listings: [RouteListing], _ route: String, _ types: [String]) throws {
        let listing = try #require(listings.first { $0.route.name == route })
        #expect(listing.values.map(\.type) == types)
    }

    @Test("a list of enums reads every value of its key and renders them back", arguments: [
        ("typed://x/pick?c=home&c=settings", ListedRoute.pick(colors: [.home, .settings], sizes: nil)),
        ("typed://x/pick?c=settings&s=2&s=0", .pick(colors: [.settings], sizes: [.two, .zero])),
    ])
    func listOfEnums(_ link: String, _ route: ListedRoute) throws {
        #expect(try ListedRoute(link: link) == route)
        #expect(try route.link() == link)
    }

    @Test func aListOfEnumsNamesTheBadValue() throws {
        let error = try #require(ListedRoute.match("typed://x/pick?c=home&c=away").failure)
        #expect(error.reason == .formatFailure(label: "colors", found: "away", expected: .of(Tab.self)))
    }

    @Test("an example link shows each type's sample", arguments: [
        // A raw-value enum's first case, whether it lists its cases or not.
        ("typed://x/tab/nope", "typed://x/tab/home"),
        ("typed://x/plain/nine", "typed://x/plain/0"),
    ])
    func samples(_ link: String, _ example: String) throws {
        let error = try #require(TypedRoute.match(link).failure)
        #expect(error.details.example == example)
    }

    @Test("the value type a reason expects", arguments: [
        (RouteMatchError.ValueType.of(Tab.self), RouteMatchError.ValueType(name: "Tab", allowedValues: ["home", "settings"])),
        (.of(Plain.self), RouteMatchError.ValueType(name: "Plain")),
        (.of(Version.self), RouteMatchError.ValueType(name: "Version")),
        (.of(Int8.self), RouteMatchError.ValueType(name: "Int8", integerRange: RouteMatchError.IntegerRange(minimum: -128, maximum: 127))),
    ])
    func expectedValueType(_ found: RouteMatchError.ValueType, _ expected: RouteMatchError.ValueType) {
        #expect(found == expected)
    }

    @Test func aTypeThatGivesItsSampleShowsIt() throws {
        let error = try #require(ShopRoute.match("shop://app/product/nope?count=1").failure)
        // The type's own sample where the link's text does not convert; the link's own count.
        #expect(error.details.example == "shop://app/product/SKU-1?count=1")
    }
}

/// Lists of raw-value enums in the query, the second of an enum that does not list its cases,
/// optional.
enum ListedRoute: Routable, Equatable {
    static var scheme: String { "typed" }
    static var host: String { "x" }
    case pick(colors: [Tab], sizes: [Plain]?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case pick = "pick?c=${colors}&s=${sizes}"
    }
}
