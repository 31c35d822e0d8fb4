#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The realistic tables the fuzz targets run against. These files are compiled into one
// module with the library's sources, so they can also check internal invariants.

enum FuzzAppRoute: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }

    case home
    case userProfile(id: String)
    case userPosts(id: Int, page: Int, premium: Bool)
    case article(slug: String, ref: String?)
    case search(q: String, tags: [String], limit: UInt8?)
    case me
    case doc(slug: String, section: String?)
    case item(id: UUID)
    case amount(value: Double)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case userProfile = "user/${id}/profile"
        case userPosts = "user/${id}/posts?page=${page}&premium=${premium}"
        case article = "article/${slug}?ref=${ref}"
        case search = "search?q=${q}&tag=${tags}&limit=${limit}"
        case me = "user/me/profile"
        case doc = "doc/${slug}#${section}"
        case item = "item/${id}"
        case amount = "pay?amount=${value}&currency=EUR"
    }
}

enum FuzzHostRoute: Routable, Equatable {
    case link(id: Int)
    case secure(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case link = "kakaolink?id=${id}"
        case secure = "https://example.com/secure/${id}"
    }
}

/// Issue 8's table: several origins (one under a prefix, one with a port), captures inside a
/// segment and to the end of the path, a pattern with its own host.
enum FuzzOriginRoute: Routable, Equatable {
    static var origins: [String] {
        ["myapp://app", "https://example.com", "https://www.example.com/app", "http://localhost:8080/dev/v1"]
    }

    case home
    case store(id: Int)
    case item(id: Int, variant: String?)
    case image(name: String)
    case file(ref: String, path: [String])
    case docs(page: String?)
    case download(path: String)
    case files(name: String)
    case recent
    case help(topic: String)
    case version(major: UInt8, tags: [String]?)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case store = "app/id${id}"
        case item = "items/item-${id}.json?variant=v-${variant}"
        case image = "images/${name}@2x.png"
        case file = "blob/${ref}/${path...}"
        case docs = "docs/${page...}"
        case download = "files/${path...}"
        case files = "files/${name}"
        case recent = "files/recent"
        case help = "https://help.example.com/${topic}"
        case version = "api/v${major}/${tags...}"
    }
}

enum FuzzLeafRoute: Routable, Equatable {
    case link(id: Int)
    case doc(path: String, anchor: String?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case link = "kakaolink?id=${id}"
        case doc = "doc/${path...}#${anchor}"
    }
}

/// Issue 9's shapes: a feature table mounted two levels deep, several patterns for one case.
enum FuzzFeatureRoute: Routable, Equatable {
    static var scheme: String { "feature" }
    case list(page: Int?)
    case item(id: Int, tags: [String])
    case deeper(FuzzLeafRoute)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case list = "?page=${page}"
        case item = "item/${id}?tag=${tags} | i${id}?tag=${tags}"
        case deeper = "deeper/${_0...}"
    }
}

enum FuzzNestedApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com/app"] }
    case home
    case feature(FuzzFeatureRoute)
    case user(id: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case feature = "feature/${_0...}"
        case user = "user/${id} | u/${id}"
    }
}

/// Fails the fuzz run (a crash libFuzzer records) when an invariant does not hold.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        writeToStandardError("invariant violated: \(message())\n")
        abort()
    }
}

/// Writes `text` to the standard error, unbuffered (C's `stderr` is a global variable, which
/// Swift 6 does not let concurrent code read).
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        guard let start = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = write(2, start + written, bytes.count - written)
            if result <= 0 { return }
            written += result
        }
    }
}

/// Checks the invariants every error must keep, and renders it every way.
func checkError(_ error: RouteMatchError) {
    let count = error.input.utf8.count
    if let span = error.span {
        require(span.lowerBound >= 0 && span.upperBound <= count && span.lowerBound <= span.upperBound,
                "span \(span) outside input of \(count) bytes: \(error.reason)")
    }
    if error.subject == .link, error.closestRoute != nil {
        // A failure that names a route points into the link (or says where it ends).
        require(error.span != nil || { if case .rejectedByRoute = error.reason { return true }; return false }(),
                "a failure on \(String(describing: error.closestRoute)) without a place in the link: \(error.reason)")
    }
    require(!error.description.isEmpty, "empty description")
    require(!error.summary.isEmpty, "empty summary")
    _ = error.redactedDescription
    _ = error.redactedSummary
    _ = error.notes
    _ = error.otherCandidates
}

/// Checks that `again`, the same failure's error made afresh, asked for its one-line and
/// redacted forms first (its details' cheap part, from which its full text then takes the parts
/// of the link to redact), says what `error`, asked for its full text first, says.
func checkSummaryFirst(_ again: RouteMatchError, against error: RouteMatchError) {
    let lines = [again.redactedSummary, again.summary, again.redactedInput]
    require(lines == [error.redactedSummary, error.summary, error.redactedInput],
            "the one-line forms asked for first differ: \(lines)")
    require(again.description == error.description, "the diagnostic after the one-line forms differs")
    require(again.redactedDescription == error.redactedDescription,
            "the redacted diagnostic after the one-line forms differs")
    require(again.notes == error.notes, "the notes after the one-line forms differ")
}

/// Matches `link` against `Route`, checks the error, and on success checks that the route
/// renders to a link that matches back to it.
func exercise<Route: Routable & Equatable>(_ type: Route.Type, _ link: String) {
    // The plain hit path answers only as the matcher's walk would.
    if let disagreement = Route.router.table.plainHitDisagreement(link) { require(false, "\(link): \(disagreement)") }
    switch Route.match(link) {
    case .failure(let error):
        checkError(error)
        if case .failure(let again) = Route.match(link) { checkSummaryFirst(again, against: error) }
    case .success(let route):
        // Under the first origin, and under each declared one.
        for origin in [nil] + Route.origins.map(Optional.some) {
            do {
                let rendered: String
                if let origin { rendered = try route.link(origin: origin) } else { rendered = try route.link() }
                switch Route.match(rendered) {
                case .success(let again): require(again == route, "\(link) → \(route) → \(rendered) → \(again)")
                case .failure(let error): require(false, "\(link) → \(route) → \(rendered) fails: \(error.reason)")
                }
            } catch {
                // A value that cannot round-trip (say `ref=` read as "" into a String?) is a
                // named render error, and so is an origin for a pattern that gives its own
                // host; anything else is a bug.
                switch error.reason {
                case .unrenderableValue: break
                // An origin's prefix can take the link past the table's own limits.
                case .limitExceeded: break
                case .unrenderableRoute(.hostOverride) where origin != nil: break
                default: require(false, "render error \(error.reason)")
                }
            }
        }
    }
}

struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func integer() -> UInt64 {
        (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(byte()) }
    }

    /// Text up to the next 0xFF byte (or the end), decoded leniently.
    mutating func text() -> String {
        let start = min(position, bytes.count)
        var end = start
        while end < bytes.count, bytes[end] != 0xFF { end += 1 }
        position = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
