import Testing
@testable import RouteMatch

/// A route type whose query keys are longer than a tag (eight bytes), and share their first
/// eight: the keys a link's are compared with by tag first, then in place.
enum TrackedRoute: Routable, Equatable {
    static var scheme: String { "tracked" }
    static var host: String { "h" }
    case campaign(source: String, sourceKind: String?, id: Int?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case campaign = "c?utm_source=${source}&utm_sourcekind=${sourceKind}&id=${id}"
    }
}

/// Query keys compared by their tags (``ByteTag``) and then, past eight bytes, in place.
@Suite struct QueryKeyTests {
    @Test(arguments: [
        ("", "", true), ("id", "id", true), ("id", "ID", false), ("id", "i", false), ("page", "pagE", false),
        ("12345678", "12345678", true), ("12345678", "1234567", false), ("123456789", "123456780", true),
        ("utm_source", "utm_sourcekind", false), ("é", "é", true), ("é", "e", false),
    ])
    func tagsAreEqualForEqualTextsAndDecideAlonePastNone(_ a: String, _ b: String, tagsEqual: Bool) {
        #expect((ByteTag(a) == ByteTag(b)) == tagsEqual)
        // Equal texts always have equal tags; a tag decides alone only up to eight bytes.
        if a == b { #expect(ByteTag(a) == ByteTag(b)) }
        if ByteTag(a) == ByteTag(b), ByteTag(a).isWhole { #expect(a == b) }
    }

    /// The tag of a text read where eight bytes stand from its start (one load, masked) and
    /// where they do not (byte by byte, at the end of the buffer) is the same.
    @Test(arguments: ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "utm_campaign"])
    func aTagIsTheSameLoadedOrReadByteByByte(_ text: String) {
        var padded = text + "=........"
        var alone = text
        let loaded = padded.withUTF8 { ByteTag(of: $0, 0..<text.utf8.count) }
        let read = alone.withUTF8 { ByteTag(of: $0, 0..<$0.count) }
        #expect(loaded == read)
        #expect(loaded == ByteTag(text))
        #expect(loaded.count == text.utf8.count)
    }

    @Test(arguments: [
        ("tracked://h/c?utm_source=mail&utm_sourcekind=news&id=4",
         TrackedRoute.campaign(source: "mail", sourceKind: "news", id: 4) as TrackedRoute?),
        ("tracked://h/c?utm_sourcekind=news&utm_source=mail", .campaign(source: "mail", sourceKind: "news", id: nil)),
        ("tracked://h/c?utm_source=mail&utm_sourceKind=news", .campaign(source: "mail", sourceKind: nil, id: nil)),
        ("tracked://h/c?utm_%73ource=mail&utm_sourcekin%64=x", .campaign(source: "mail", sourceKind: "x", id: nil)),
        ("tracked://h/c?utm_sourcf=mail", nil),
        ("tracked://h/c?utm_source_=mail", nil),
    ])
    func keysLongerThanATagAreComparedWhole(_ link: String, _ expected: TrackedRoute?) {
        let matched = try? TrackedRoute.match(link).get()
        #expect(matched == expected)
    }

    @Test(arguments: [
        ("tracked://h/c?utm_sourcX=mail", RouteMatchError.Reason.missingQueryItem(key: "utm_source")),
        ("tracked://h/c?utm_sourcekinx=a&utm_source=m&id=x", .formatFailure(label: "id", found: "x", expected: .of(Int.self))),
    ])
    func aKeySharingATagIsStillAnotherKey(_ link: String, _ reason: RouteMatchError.Reason) {
        #expect(TrackedRoute.match(link).failure?.reason == reason)
    }

    /// In strict query mode, an item whose key shares a tag with the pattern's but differs
    /// past it is unexpected.
    @Test func strictModeComparesKeysWhole() {
        struct Tracked: Codable, Equatable {
            var utm_source: String
            var utm_sourcekind: String?
        }
        let router = Router<Tracked>(scheme: "tracked", host: "h", options: MatchOptions(strictQuery: true)) {
            $0.add("c?utm_source=${utm_source}&utm_sourcekind=${utm_sourcekind}")
        }
        guard case .failure(let error) = router.match("tracked://h/c?utm_source=m&utm_sourcekinX=a") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .unexpectedQueryItem(key: "utm_sourcekinX"))
        #expect(router.match("tracked://h/c?utm_source=m&utm_sourcekind=a") == .success(Tracked(utm_source: "m", utm_sourcekind: "a")))
    }
}
