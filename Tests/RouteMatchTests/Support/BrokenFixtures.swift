import Foundation
import RouteMatch

// Route types with definition problems, one problem each (and one with many), for the
// snapshot scenarios. Each type's table is built on first use and reports its problems.

enum MisspelledPlaceholder: Routable {
    static var host: String { "app" }
    case profile(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case profile = "user/${idd}/profile"
    }
}

enum UnusedLabel: Routable {
    static var host: String { "app" }
    case posts(id: Int, page: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case posts = "user/${id}/posts"
    }
}

enum AmbiguousRoutes: Routable {
    static var host: String { "app" }
    case byID(id: Int)
    case byName(name: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case byID = "user/${id}"
        case byName = "user/${name}"
    }
}

enum ManyProblems: Routable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }
    case profile(id: Int)
    case posts(id: Int, page: Int)
    case pair(a: String)
    case same(x: Int)
    case broken(v: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case profile = "user/${idd}/profile"
        case posts = "user/${id}/posts"
        case pair = "x/${a}/${a}?k=1&k=2"
        case same = "user/${x}/posts"
        case broken = "v/${v"
    }
}

struct UserPage: Codable, Equatable { var id: Int }
struct Pair: Codable, Equatable { var a: String }
struct IDs: Codable, Equatable { var ids: [Int] }
struct Nested: Codable, Equatable {
    struct Inner: Codable, Equatable { var x: Int }
    var inner: Inner
}

/// A type that decodes a String and refuses most: no sample value can be made for it.
struct Email: Codable, Equatable {
    var address: String
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard text.contains("@") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an email"))
        }
        address = text
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }
}
struct Invite: Codable, Equatable { var email: Email; var code: Int }

/// A struct router over `Route` with one pattern, for pattern problems.
func structRouter<Route: Codable>(_ type: Route.Type, _ pattern: String, host: String = "app") -> Router<Route> {
    Router<Route>(scheme: "myapp", host: host) { $0.add(pattern) }
}

/// A struct whose `encode(to:)` leaves its value out: rendering reports the missing value.
struct ForgetfulPage: Codable, Equatable {
    var id: Int
    func encode(to encoder: any Encoder) throws {}
}

/// A struct whose `encode(to:)` writes a keyed structure where text belongs.
struct NestedEncoding: Codable, Equatable {
    var id: Int
    init(id: Int) { self.id = id }
    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .id)
        try nested.encode(id, forKey: .id)
    }
    enum CodingKeys: String, CodingKey { case id }
}

/// A struct route that validates its own values in `init(from:)`.
struct Paging: Codable, Equatable {
    var page: Int
    init(page: Int) { self.page = page }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        guard page >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .page, in: container, debugDescription: "page must be at least 1")
        }
    }
}

/// A struct whose `encode(to:)` throws.
struct Unencodable: Codable, Equatable {
    var id: Int
    init(id: Int) { self.id = id }
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(id, .init(codingPath: [], debugDescription: "no"))
    }
}

/// A struct route whose validation refuses the probe's sample values (42 is over the limit).
struct SmallPage: Codable, Equatable {
    var page: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        guard page <= 10 else {
            throw DecodingError.dataCorruptedError(forKey: .page, in: container, debugDescription: "page must be at most 10")
        }
    }
}

/// A feature table with a misspelled placeholder, mounted by `NestedHost`.
enum BrokenFeature: Routable {
    case item(id: Int)
    case list
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${idd}"
        case list = ""
    }
}

enum NestedHost: Routable {
    static var host: String { "app" }
    case feature(BrokenFeature)
    enum CodingKeys: String, CodingKey, CaseIterable { case feature = "feature/${_0...}" }
}

/// A route type mounted by a whole-segment placeholder instead of a rest capture.
enum WrongMount: Routable {
    static var host: String { "app" }
    case settings(SettingsRoute)
    enum CodingKeys: String, CodingKey, CaseIterable { case settings = "settings/${_0}" }
}
