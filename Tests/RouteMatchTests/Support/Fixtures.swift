import Foundation
import Testing
import RouteMatch

/// The contract's example type, exactly as the shared notes declare it.
enum AppRoute: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }

    case home
    case userProfile(id: String)
    case userPosts(id: Int, page: Int, premium: Bool)
    case article(slug: String, ref: String?)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case userProfile = "user/${id}/profile"
        case userPosts = "user/${id}/posts?page=${page}&premium=${premium}"
        case article = "article/${slug}?ref=${ref}"
    }
}

/// A type with no default host: each pattern's first segment is its host.
enum KakaoRoute: Routable, Equatable {
    static var scheme: String { "kakaoapp" }

    case link(id: Int)
    case home
    enum CodingKeys: String, CodingKey, CaseIterable {
        case link = "kakaolink?id=${id}"
        case home = "home"
    }
}

/// Any scheme, hosts written in the patterns, one pattern with its own scheme.
enum UniversalRoute: Routable, Equatable {
    case user(id: Int)
    case secure(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "inline.app/user/${id}"
        case secure = "https://example.com/secure/${id}"
    }
}

enum Tab: String, Codable, CaseIterable, Equatable { case home, settings }
enum Plain: Int, Codable, Equatable { case zero, one, two }

/// Every value type the pattern language converts.
enum TypedRoute: Routable, Equatable {
    static var scheme: String { "typed" }
    static var host: String { "x" }

    case tab(tab: Tab)
    case plain(value: Plain)
    case uuid(id: UUID)
    case numbers(i8: Int8, u16: UInt16, i64: Int64, d: Double, f: Float)
    case flags(on: Bool)
    case list(ids: [Int], tags: [String]?)
    case optionals(a: Int?, b: String?, c: String)
    case lossless(version: Version)
    case fragment(slug: String, section: String?)
    case unlabeled(Int, String)
    case anchor(name: String)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case tab = "tab/${tab}"
        case plain = "plain/${value}"
        case uuid = "uuid/${id}"
        case numbers = "numbers?i8=${i8}&u16=${u16}&i64=${i64}&d=${d}&f=${f}"
        case flags = "flags?on=${on}"
        case list = "list?id=${ids}&tag=${tags}"
        case optionals = "optionals?a=${a}&b=${b}&c=${c}"
        case lossless = "lossless/${version}"
        case fragment = "doc/${slug}#${section}"
        case unlabeled = "unlabeled/${_0}/${_1}"
        case anchor = "anchor#${name}"
    }
}

/// A user type that reads itself from text.
struct Version: Codable, Equatable, LosslessStringConvertible {
    var major: Int
    var minor: Int
    init(major: Int, minor: Int) { self.major = major; self.minor = minor }
    init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }
    var description: String { "\(major).\(minor)" }
}

/// Literal segments and literal query values next to captures, for priority.
enum PriorityRoute: Routable, Equatable {
    static var scheme: String { "p" }
    static var host: String { "h" }

    case user(id: String)
    case me
    case search(q: String)
    case searchUsers(q: String)
    case any(a: String, b: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case user = "user/${id}"
        case me = "user/me"
        case search = "search?q=${q}"
        case searchUsers = "search?type=users&q=${q}"
        case any = "${a}/${b}"
    }
}

/// A type in strict query mode with small limits.
enum StrictRoute: Routable, Equatable {
    static var scheme: String { "s" }
    static var host: String { "h" }
    static var options: MatchOptions {
        MatchOptions(limits: MatchLimits(maxLinkLength: 200, maxPathSegments: 4, maxQueryItems: 3), strictQuery: true)
    }

    case item(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
    }
}

/// A match's outcome reduced to what a table-driven test compares: the route, or the reason.
enum Outcome<Route: Equatable & Sendable>: Equatable, Sendable {
    case route(Route)
    case reason(RouteMatchError.Reason)
}

extension Result where Failure == RouteMatchError, Success: Equatable & Sendable {
    var outcome: Outcome<Success> {
        switch self {
        case .success(let route): return .route(route)
        case .failure(let error): return .reason(error.reason)
        }
    }
}

/// Routes that carry their own origins, declared in one order and in the other: the closest
/// route must not depend on the order.
enum SlackFirst: Routable, Equatable {
    case channel(team: String)
    case track(id: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case channel = "slack://channel?team=${team}"
        case track = "https://open.spotify.com/track/${id}"
    }
}

enum SpotifyFirst: Routable, Equatable {
    case track(id: String)
    case channel(team: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case track = "https://open.spotify.com/track/${id}"
        case channel = "slack://channel?team=${team}"
    }
}

/// A text type that refuses every fixed sample RouteMatch tries, and gives its own.
struct Sku: LosslessStringConvertible, Codable, Equatable, RouteSampleProviding {
    let value: String
    init?(_ text: String) {
        guard text.hasPrefix("SKU-") else { return nil }
        value = text
    }
    var description: String { value }
    static var routeSample: String { "SKU-1" }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let sku = Sku(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a SKU"))
        }
        self = sku
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// The same type without a sample of its own.
struct BareSku: LosslessStringConvertible, Codable, Equatable {
    let value: String
    init?(_ text: String) {
        guard text.hasPrefix("SKU-") else { return nil }
        value = text
    }
    var description: String { value }
}

enum ShopRoute: Routable, Equatable {
    static var scheme: String { "shop" }
    static var host: String { "app" }
    case product(sku: Sku, count: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case product = "product/${sku}?count=${count}"
    }
}

struct BareProduct: Codable, Equatable { var count: Int; var sku: BareSku }

/// Wide, combining and invisible characters before a caret.
enum WideRoute: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case page(title: String, page: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case page = "p/${title}/${page}"
    }
}

/// The route of issue 14's fuzz finding.
struct Fields: Codable, Equatable { var a: String; var b: Int?; var c: [Int] }

/// A type whose own sample does not convert to it.
struct WrongSku: LosslessStringConvertible, Codable, Equatable, RouteSampleProviding {
    let value: String
    init?(_ text: String) {
        guard text.hasPrefix("SKU-") else { return nil }
        value = text
    }
    var description: String { value }
    static var routeSample: String { "sku-1" }
}

struct WrongProduct: Codable, Equatable { var sku: WrongSku }

/// Issue 8's table: one custom scheme and two universal-link domains (one under a path prefix),
/// captures inside a segment and to the end of the path, a pattern with its own host.
enum StoreRoute: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com", "https://www.example.com/app"] }

    case home
    case appStore(id: Int)
    case item(id: Int)
    case image(name: String)
    case apiVersion(major: Int)
    case file(ref: String, path: [String])
    case docs(page: String?)
    case download(path: String)
    case files(name: String)
    case filesRecent
    case help(topic: String)
    case search(query: String, version: Int?)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case appStore = "app/id${id}"
        case item = "items/item-${id}.json"
        case image = "images/${name}@2x.png"
        case apiVersion = "api/v${major}"
        case file = "blob/${ref}/${path...}"
        case docs = "docs/${page...}"
        case download = "download/${path...}"
        case files = "files/${name}"
        case filesRecent = "files/recent"
        case help = "https://help.example.com/${topic}"
        case search = "search?q=${query}&v=v${version}"
    }
}

/// Issue 9: a feature module's routes, with its own scheme and host (unused when mounted).
enum PrivacyRoute: Routable, Equatable {
    static var scheme: String { "privacy" }
    static var host: String { "module" }
    case overview
    case section(name: String, expanded: Bool?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case overview = ""
        case section = "${name}?expanded=${expanded}"
    }
}

enum SettingsRoute: Routable, Equatable {
    static var origins: [String] { ["settings://module"] }
    case home
    case notifications(channel: Int)
    case privacy(PrivacyRoute)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case notifications = "notifications/${channel}"
        case privacy = "privacy/${_0...}"
    }
}

enum FeatureApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com"] }
    case home
    case settings(SettingsRoute)
    case profile(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case settings = "settings/${_0...}"
        case profile = "user/${id}"
    }
}

/// Feature enums mounted by routes whose patterns give their hosts (the table has no origin).
enum HostsGivenApp: Routable, Equatable {
    case settings(SettingsRoute)
    case web(SettingsRoute)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case settings = "app/settings/${_0...}"
        case web = "web/s/${_0...}"
    }
}

/// A link and the route it must give, as a test argument named by its link.
struct LinkHit<Route: Sendable>: CustomTestStringConvertible, Sendable {
    let link: String
    let route: Route
    var testDescription: String { link }
}
