import Foundation
import Testing
@testable import RouteMatch

/// The plain hit path (``PlainHit``): which links take it, and that on every link it answers
/// only as the matcher's walk would (the route the walk builds first, the same texts bound).
@Suite struct PlainHitTests {
    /// The fixtures' tables whose links may take the plain path, and some that never do.
    enum Fixture: String, CaseIterable, Sendable {
        case app, typed, priority, strict, shop, wide, prefixed, store, tracked, kakao, universal, hostsGiven, featureApp
        case strictMounting, affixed, affixedApp

        var table: RouteTable {
            switch self {
            case .app: return AppRoute.router.table
            case .typed: return TypedRoute.router.table
            case .priority: return PriorityRoute.router.table
            case .strict: return StrictRoute.router.table
            case .shop: return ShopRoute.router.table
            case .wide: return WideRoute.router.table
            case .prefixed: return PrefixedRoute.router.table
            case .store: return StoreRoute.router.table
            case .tracked: return TrackedRoute.router.table
            case .kakao: return KakaoRoute.router.table
            case .universal: return UniversalRoute.router.table
            case .hostsGiven: return HostsGivenApp.router.table
            case .featureApp: return FeatureApp.router.table
            case .strictMounting: return StrictMountingApp.router.table
            case .affixed: return AffixedRoute.router.table
            case .affixedApp: return AffixedApp.router.table
            }
        }
    }

    @Test("which tables links may take the plain path in", arguments: [
        (Fixture.app, true), (.typed, true), (.priority, true), (.strict, true), (.shop, true), (.wide, true),
        (.tracked, true), (.prefixed, true), (.store, true), (.featureApp, true), (.strictMounting, true),
        (.affixed, true), (.affixedApp, true),
        // No default host, patterns that give their hosts.
        (.kakao, false), (.universal, false), (.hostsGiven, false),
    ])
    func tablesThatQualify(_ fixture: Fixture, _ qualifies: Bool) {
        #expect(fixture.table.plainHits == qualifies)
    }

    /// A table none of whose patterns the plain path may read (those with a fragment) takes no
    /// link on it; one such pattern is enough. In-segment captures are read, in the path and in
    /// query values, and a rest at the end of the path (one text, a list, or a mounted table's
    /// route).
    @Test(arguments: [
        ([("files/${path...}", ["path"]), ("feature/${rest...}", ["rest"])], true),
        ([("files-${path}", ["path"]), ("item-${id}", ["id"])], true),
        ([("files-${path}", ["path"]), ("item/${id}", ["id"])], true),
        ([("a/${x}#${frag}", ["x", "frag"]), ("b/${x}?q=pre-${q}#${frag}", ["x", "q", "frag"])], false),
        ([("a/${x}#${frag}", ["x", "frag"])], false),
        ([("b/${x}?q=pre-${q}", ["x", "q"])], true),
    ])
    func tablesOfPatternsThePlainPathCannotRead(_ patterns: [(String, [String])], _ qualifies: Bool) throws {
        let router = Router<String>(scheme: "myapp", host: "app") { routes in
            for (pattern, labels) in patterns {
                routes.add(pattern) { captures in try labels.map { try captures.value($0, as: String.self) }.joined() }
            }
        }
        try router.validate()
        #expect(router.table.plainHits == qualifies)
    }

    @Test("which links take the plain path", arguments: [
        ("myapp://app/user/42/posts?page=2&premium=true", true),
        ("myapp://app/user/42/posts?premium=true&page=2", true),
        ("myapp://app/user/me-2_x.y~z/profile", true),
        ("myapp://app/article/hello", true),
        ("myapp://app/article/hello?ref=mail", true),
        // An item no route reads is left to the matcher only in strict mode.
        ("myapp://app/article/hello?ref=mail&utm=x", true),
        ("MYAPP://app/user/42/profile", false),
        ("myapp://APP/user/42/profile", false),
        ("myapp://app:1/user/42/profile", false),
        ("myapp://me@app/user/42/profile", false),
        ("myapp://app/user/4%32/profile", false),
        ("myapp://app/user/42/profile/", false),
        ("myapp://app/user//profile", false),
        ("myapp://app/user/../profile", false),
        ("myapp://app/user/42/profile#top", false),
        ("myapp://app/user/42/profile?", false),
        ("myapp://app/user/42/posts?page=2&page=3&premium=true", false),
        ("myapp://app/user/42/posts?page=2", false),
        ("myapp://app/article/hello?ref=", false),
        ("myapp://app/article/hello?ref", false),
        ("myapp://app/article/hello?ref=a+b", false),
        ("myapp://app/article/hello?ref=a&&b=c", false),
        ("myapp://app/caf%C3%A9", false),
        ("myapp://app", false),
        ("myapp://app/", false),
        ("app/user/42/profile", false),
        ("myapp:/user/42/profile", false),
        ("myapp://app/nowhere", false),
    ])
    func linksThatTakeThePlainPath(_ link: String, _ plain: Bool) {
        let table = AppRoute.router.table
        #expect((PlainHit.find(link, in: table) != nil) == plain)
        #expect(table.plainHitDisagreement(link) == nil)
    }

    @Test("what the plain path leaves to the matcher in other tables", arguments: [
        (Fixture.typed, "typed://x/tab/home", true),
        // Lists in the query: every item with the key.
        (.typed, "typed://x/list?id=1", true),
        (.typed, "typed://x/list?id=1&id=2&tag=a&id=3", true),
        (.typed, "typed://x/list?id=1&id=x", true),  // handed over, and the build refuses `x`
        (.typed, "typed://x/list", true),
        (.typed, "typed://x/list?id=1&id=", false),  // an empty value
        (.typed, "typed://x/doc/a", false),  // a pattern with a fragment
        (.typed, "typed://x/optionals?c=1", true),
        (.strict, "s://h/item/1", true),
        (.strict, "s://h/item/1?x=1", false),  // strict: an item no route reads
        (.strict, "s://h/a/b/c/d/e", false),  // over the table's segment limit
        (.priority, "p://h/user/me", true),
        (.priority, "p://h/search?type=users&q=a", true),
        // Under an origin with a path prefix: the longest prefix the link has first.
        (.prefixed, "https://example.com/app/item/1", true),
        (.prefixed, "https://example.com/app/v2/item/1", true),
        (.prefixed, "https://example.com/item/1", true),
        (.prefixed, "https://example.com/app", true),
        (.prefixed, "https://example.com/app/search?q=a", true),
        (.prefixed, "https://example.com/app/app/7", true),
        // Under `/app`, whose routes have no `42`: the matcher says why, as for any miss.
        (.prefixed, "https://example.com/app/42", false),
        (.prefixed, "https://example.com/ap%70/item/1", false),
        (.prefixed, "https://example.com/apps/item/1", false),
        // The origin's host, which a pattern gives: the pattern's route is the walk's first.
        (.prefixed, "myapp://app/item/1", false),
        // A host a pattern gives: its routes come first, the matcher's to walk.
        (.store, "https://help.example.com/x", false),
        (.store, "https://example.com/files/recent", true),
        (.store, "https://www.example.com/app/files/x", true),
        (.store, "myapp://app/files/recent", true),
        (.store, "myapp://app", false),  // no path: the matcher's
        // In-segment captures, and a rest bound to a list.
        (.store, "https://example.com/app/id42", true),
        (.store, "https://example.com/app/idx", true),  // refuted: `x` is no `Int`
        (.store, "https://www.example.com/app/items/item-7.json", true),
        (.store, "myapp://app/images/logo@2x.png", false),  // `@` is not plain
        (.store, "myapp://app/api/v2", true),
        (.store, "myapp://app/api/v", false),  // nothing between the literal parts: no edge fits
        (.store, "https://example.com/blob/main/a/b/c.txt", true),
        (.store, "https://example.com/docs/a/b", true),
        // An in-segment capture in a query value.
        (.store, "https://example.com/search?q=a&v=v2", true),
        (.store, "https://example.com/search?q=a&v=vx", true),  // refuted: `x` is no `Int`
        (.store, "https://example.com/search?q=a&v=2", false),  // no `v`: the route does not fit
        (.store, "https://example.com/search?q=a", true),
        // The end's first route reads `type=users`: the matcher goes on to the next.
        (.priority, "p://h/search?q=a", false),
    ])
    func otherTables(_ fixture: Fixture, _ link: String, _ plain: Bool) {
        #expect((PlainHit.find(link, in: fixture.table) != nil) == plain)
        #expect(fixture.table.plainHitDisagreement(link) == nil)
    }

    /// Links made from each table's own patterns, then varied where the plain path and the
    /// reader are most likely to part: case, escapes, empty and dot segments, a trailing `/`,
    /// repeated, missing, extra and empty query items, fragments, ports, userinfo.
    @Test(arguments: Fixture.allCases)
    func thePlainPathAgreesWithTheWalkOnEveryLink(_ fixture: Fixture) {
        let table = fixture.table
        var generator = SeededGenerator(seed: 0x7_1A1B + UInt64(fixture.rawValue.utf8.count))
        var plain = 0, disagreements: [String] = []
        let count = 4_000
        for _ in 0..<count {
            let link = Self.link(for: table, &generator)
            if PlainHit.find(link, in: table) != nil, table.plainHits { plain += 1 }
            if let disagreement = table.plainHitDisagreement(link) { disagreements.append("\(link): \(disagreement)") }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(10).joined(separator: "\n"))")
        // The links do take the path where the table qualifies: the comparison is not vacuous.
        if table.plainHits { #expect(plain > count / 10, "\(plain) of \(count) links took the plain path") }
    }

    /// A closure route whose closure refuses the link's texts runs once for the match: the
    /// matcher explains the refusal the plain path met, and does not build the route again.
    /// (A `Double`'s text is converted to be judged: its bytes refute nothing.)
    @Test func aRefusedBuildRunsOnce() throws {
        let calls = CallCount()
        let router = Router<Double>(scheme: "myapp", host: "app") { routes in
            routes.add("item/${id}") { captures in
                calls.add()
                return try captures.value("id", as: Double.self)
            }
        }
        // Learning the route's labels runs its closure once, with a probe.
        try router.validate()
        let learned = calls.value
        let link = "myapp://app/item/4x2"
        #expect(PlainHit.find(link, in: router.table)?.values != nil)
        let result = router.match(link)
        // Counted before the error is read: its diagnostic's example may build the route.
        #expect(calls.value == learned + 1)
        #expect(result.failure?.reason == .formatFailure(label: "id", found: "4x2", expected: .of(Double.self)))
        #expect(result.failure?.span == 17..<20)
        let before = calls.value
        #expect(try router.route(for: "myapp://app/item/4.5") == 4.5)
        #expect(calls.value == before + 1)
    }

    /// What a look at a text's bytes refutes never converts; for `Bool`, and for `Int` below its
    /// overflow, it is exactly what does not convert. Every text of up to four bytes from an
    /// alphabet of digits, signs, letters and `.`, and texts at the types' bounds.
    @Test(arguments: ["Int", "Int8", "Int64", "UInt", "UInt8", "UInt64", "Bool", "Double", "String", "UUID"])
    func refutedTextsNeverConvert(_ typeName: String) {
        let texts = Self.byteLookTexts
        func run<T: Decodable>(_ type: T.Type, exact: Bool) {
            guard let standard = TextConversion.Standard.of(T.self) else {
                Issue.record("\(T.self) is not a standard scalar")
                return
            }
            var refuted = 0
            for text in texts {
                let converts = (try? TextConversion.convert(T.self, single: text)) != nil
                let refutes = Array(text.utf8).withUnsafeBufferPointer { bytes in
                    if case .refuted = standard.read(bytes) { return true }
                    return false
                }
                if refutes { refuted += 1 }
                #expect(!(refutes && converts), "\(T.self): '\(text)' refuted, but converts")
                if exact, text.utf8.count < 19 { #expect(refutes == !converts || text.isEmpty, "\(T.self): '\(text)'") }
            }
            // Refuting is what the look is for (none for the types it leaves to the conversion).
            let refutesSome = ["Double", "String", "UUID"].contains(typeName) ? refuted == 0 : refuted > texts.count / 2
            #expect(refutesSome, "\(T.self): \(refuted) of \(texts.count) refuted")
        }
        switch typeName {
        case "Int": run(Int.self, exact: true)
        case "Int8": run(Int8.self, exact: false)
        case "Int64": run(Int64.self, exact: true)
        case "UInt": run(UInt.self, exact: false)
        case "UInt8": run(UInt8.self, exact: false)
        case "UInt64": run(UInt64.self, exact: false)
        case "Bool": run(Bool.self, exact: true)
        case "Double": run(Double.self, exact: false)
        case "String": run(String.self, exact: false)
        default: run(UUID.self, exact: false)
        }
    }

    /// Every text of up to four bytes from an alphabet of digits, signs, letters and `.`, and
    /// texts at the types' bounds: what the tests of a look at a text's bytes read.
    static let byteLookTexts: [String] = {
        var texts = ["", "99999999999999999999", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
            "-0", "+0", "--1", "1-", "1+1", "+", "-", "255", "256", "-129", "true", "false", "True", "truee", "fals",
            "999999999999999999", "-999999999999999999", "1000000000000000000", "-1000000000000000000", "007", "-07",
            "9223372036854775807", "123456789012345678"]
        let alphabet = Array("01-+9tfx.e")
        var current = [""]
        for _ in 1...4 {
            current = current.flatMap { prefix in alphabet.map { prefix + String($0) } }
            texts += current
        }
        return texts
    }()

    /// What a look at a text's bytes reads as a value is the value the text converts to, and
    /// spells it again exactly: an `Int` for exactly the texts `String(value)` writes (up to
    /// 18 digits), a `Bool` for `true` and `false`, nothing for the other types.
    @Test(arguments: ["Int", "Int8", "Int64", "UInt", "Bool", "Double", "String"])
    func valuesReadFromBytesSpellTheirTexts(_ typeName: String) {
        func run<T: Decodable>(_ type: T.Type) {
            guard let standard = TextConversion.Standard.of(T.self) else {
                Issue.record("\(T.self) is not a standard scalar")
                return
            }
            var read = 0
            for text in Self.byteLookTexts {
                let reading = Array(text.utf8).withUnsafeBufferPointer { standard.read($0) }
                let value = BoundValue.one(text)
                switch reading {
                case .int(let int):
                    read += 1
                    #expect(T.self == Int.self && Int(text) == int && String(int) == text, "\(T.self): '\(text)' read as \(int)")
                    #expect(BoundValue.int(int).isSame(as: value) && BoundValue.int(int).text == text)
                case .bool(let bool):
                    read += 1
                    #expect(T.self == Bool.self && Bool(text) == bool, "\(T.self): '\(text)' read as \(bool)")
                    #expect(BoundValue.bool(bool).isSame(as: value) && BoundValue.bool(bool).text == text)
                case .refuted, .undecided:
                    // What is not read: for an `Int`, a text that is not the value's own spelling.
                    if T.self == Int.self, let int = Int(text), String(int) == text {
                        #expect(text.utf8.count > (int < 0 ? 19 : 18), "Int: '\(text)' not read")
                    }
                    if T.self == Bool.self { #expect(Bool(text) == nil, "Bool: '\(text)' not read") }
                }
            }
            #expect((read > 0) == (T.self == Int.self || T.self == Bool.self), "\(T.self): \(read) read")
        }
        switch typeName {
        case "Int": run(Int.self)
        case "Int8": run(Int8.self)
        case "Int64": run(Int64.self)
        case "UInt": run(UInt.self)
        case "Bool": run(Bool.self)
        case "Double": run(Double.self)
        default: run(String.self)
        }
    }

    /// A value the plain path reads as its text was is served as that text to a reader of
    /// another type, and a text that is not the value's own spelling stays a text: a closure
    /// reading one label as an `Int` and as a `String` gets both, exactly.
    @Test(arguments: [
        ("myapp://app/item/42?on=true", 42, "42", true, "true", true),
        ("myapp://app/item/-7?on=false", -7, "-7", false, "false", true),
        ("myapp://app/item/007?on=true", 7, "007", true, "true", false),
        ("myapp://app/item/-0?on=true", 0, "-0", true, "true", false),
        ("myapp://app/item/1234567890123456789?on=false", 1_234_567_890_123_456_789, "1234567890123456789", false, "false", false),
    ])
    func aValueReadFromBytesKeepsItsText(
        _ link: String, int: Int, text: String, bool: Bool, boolText: String, readAsInt: Bool
    ) throws {
        struct Item: Equatable { var id: Int, idText: String, on: Bool, onText: String }
        let router = Router<Item>(scheme: "myapp", host: "app") { routes in
            routes.add("item/${id}?on=${on}") { captures in
                try Item(id: captures.value("id", as: Int.self), idText: captures.value("id", as: String.self),
                    on: captures.value("on", as: Bool.self), onText: captures.value("on", as: String.self))
            }
        }
        try router.validate()
        #expect(try router.route(for: link) == Item(id: int, idText: text, on: bool, onText: boolText))
        // The plain path read the integer as a value only when the text is its own spelling.
        guard let values = PlainHit.find(link, in: router.table)?.values else {
            Issue.record("\(link) did not take the plain path")
            return
        }
        let slot = try #require(router.table.routes.first?.labelNames.firstIndex(of: "id"))
        if case .int(let read) = values[slot] { #expect(readAsInt && read == int) } else { #expect(!readAsInt) }
    }

    /// A standard scalar's name, written in ``TextConversion/Standard/name``, is Swift's own:
    /// a refuted text's reason names the type as a conversion's does.
    @Test func standardScalarsNameTheirTypes() {
        func name<T>(_ type: T.Type) -> (String?, String) { (TextConversion.Standard.of(T.self)?.name, "\(T.self)") }
        let names = [name(String.self), name(Int.self), name(Bool.self), name(Double.self), name(UUID.self),
            name(Int64.self), name(Int32.self), name(Int16.self), name(Int8.self), name(UInt.self), name(UInt64.self),
            name(UInt32.self), name(UInt16.self), name(UInt8.self), name(Float.self)]
        for (written, swift) in names { #expect(written == swift) }
    }

    /// A standard scalar renders, known by identity (``TextConversion/Standard/text(of:)``), as
    /// the text its `LosslessStringConvertible` conformance gives (`uuidString` for a `UUID`),
    /// extremes and special values included; one in an optional (a closure route's value) as
    /// the value it wraps, as before; a type of the app's own still by its conformance, and a
    /// value of no scalar type as none.
    @Test func standardScalarsRenderAsTheirDescription() throws {
        func pair<T: LosslessStringConvertible>(_ value: T) -> (String?, String) {
            (TextConversion.scalarText(value), value.description)
        }
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let pairs = [
            pair("caf\u{E9} / ?"), pair(""), pair(Int.min), pair(Int.max), pair(0), pair(true), pair(false),
            pair(-0.0), pair(1e300), pair(Double.nan), pair(-Double.infinity), pair(0.1), pair(Int64.min),
            pair(Int32.max), pair(Int16.min), pair(Int8.min), pair(UInt.max), pair(UInt64.max), pair(UInt32.max),
            pair(UInt16.max), pair(UInt8.max), pair(Float(1) / 3), pair(Float.infinity),
            (TextConversion.scalarText(uuid), uuid.uuidString), (TextConversion.scalarText(Optional(uuid)), uuid.uuidString),
            (TextConversion.scalarText(Optional(42)), "42"), (TextConversion.scalarText(Optional("text")), "text"),
            pair(Substring("sub")), pair(Character("c")),
        ]
        for (rendered, expected) in pairs { #expect(rendered == expected) }
        #expect(TextConversion.scalarText([1, 2]) == nil)
    }

    /// A route whose integer or Boolean text its bytes refute is not built, on the plain path
    /// (`plain`) and in the matcher: its closure never runs, and the reason is the
    /// conversion's. A plain path text refuted refuses the route whatever follows the path (a
    /// fragment here), which the plain path does not read.
    @Test(arguments: [
        ("myapp://app/item/4x2?on=true", true, "id", "4x2", 17..<20),
        ("myapp://app/item/4%78?on=true", false, "id", "4x", 17..<21),
        ("myapp://app/item/-?on=true#top", true, "id", "-", 17..<18),
        ("myapp://app/item/-?on=tr%75e&on=1", true, "id", "-", 17..<18),
        ("myapp://app/item/42?on=yes", true, "on", "yes", 23..<26),
        ("myapp://app/item/42?on=tru%65x", false, "on", "truex", 23..<30),
    ])
    func aRefutedTextBuildsNothing(_ link: String, plain: Bool, label: String, found: String, span: Range<Int>) throws {
        let calls = CallCount()
        let router = Router<Int>(scheme: "myapp", host: "app") { routes in
            routes.add("item/${id}?on=${on}") { captures in
                calls.add()
                return try captures.value("on", as: Bool.self) ? captures.value("id", as: Int.self) : 0
            }
        }
        try router.validate()
        let learned = calls.value
        let expected: ValueType = label == "id" ? .of(Int.self) : .of(Bool.self)
        // Refused by the plain path before its build, or left to the matcher.
        #expect(PlainHit.find(link, in: router.table).map { $0.values == nil } == (plain ? true : nil))
        let result = router.match(link)
        #expect(calls.value == learned)
        #expect(result.failure?.reason == .formatFailure(label: label, found: found, expected: expected))
        #expect(result.failure?.span == span)
        #expect(try router.route(for: "myapp://app/item/42?on=true") == 42)
        #expect(calls.value == learned + 1)
    }

    /// A miss the plain path reached (a text's type refutes the route, `refused`, or its build
    /// refused), or left to the matcher, is the matcher's own error, diagnostic included, as
    /// when the link does not take the plain path at all.
    @Test(arguments: [
        ("myapp://app/user/4x2/posts?page=2&premium=true", true),
        ("myapp://app/user/42/posts?page=x&premium=maybe", true),
        ("myapp://app/user/42/posts?page=2&premium=true&page=3", false),
        // A path text refuted: the plain path reads no further, whatever the rest of the link.
        ("myapp://app/user/4x2/posts?page=x&premium=maybe", true),
        ("myapp://app/user/4x2/posts?page=2&premium=true#top", true),
        ("myapp://app/user/4x2/posts?page=%32&premium=true", true),
        ("myapp://app/user/4x2/posts?page=2&page=3&premium=true", true),
        ("myapp://app/user/4x2/posts?premium=true&utm_source=x", true),
        ("myapp://app/user/4x2/posts?page=a b", true),  // the reader refuses it
        ("myapp://app/user/4x2/posts?", true),
        ("myapp://app/user/4x2/posts/", false),  // a trailing `/`: the path is not read whole
        ("myapp://app/user/4x2/po%73ts?page=2", false),
        ("myapp://app/user/4x2/posts%41?page=2", false),  // the last segment not read whole
        ("myapp://app/user/4x2/posts#top", false),
    ])
    func aMissThroughThePlainPathIsTheMatchersError(_ link: String, refused: Bool) throws {
        let table = AppRoute.router.table
        let codec = AppRoute.router.codec
        #expect((PlainHit.find(link, in: table).map { $0.values == nil } ?? false) == refused)
        let direct = table.match(link, build: codec.build)
        let walked: Result<AppRoute, RouteMatchError>
        do throws(RouteMatchError) {
            walked = table.match(try table.view(of: link), build: codec.build)
        } catch {
            // The reader refuses the link: the plain path's refusal of the route is not the error.
            walked = .failure(error)
        }
        Self.expectSameFailure(link, direct, walked)
    }

    /// Expects the match of `link`, `direct`, and the walk's, `walked`, to fail with the same
    /// error, diagnostic included.
    static func expectSameFailure<Route>(
        _ link: String, _ direct: Result<Route, RouteMatchError>, _ walked: Result<Route, RouteMatchError>
    ) {
        guard case .failure(let error) = direct, case .failure(let expected) = walked else {
            Issue.record("\(link) matched: \(direct), \(walked)")
            return
        }
        #expect(error == expected)
        #expect(error.description == expected.description)
    }

    /// In-segment captures (in segments and query values), rests bound to lists and lists in the
    /// query on the plain path: at each segment a literal edge first, then the first in-segment
    /// capture whose literal text surrounds the segment (more literal text first, then the
    /// earlier declared), then the capture, as the walk tries them. A route the walk reaches
    /// only by going back is the matcher's, and so is a link the first route's type refutes or
    /// refuses: the matcher's answer is the walk's, error and diagnostic included.
    @Test(arguments: [
        ("myapp://app/item/item-7.json", AffixedRoute.json(id: 7), true),
        ("https://example.com/app/item/item-7.json", .json(id: 7), true),
        ("myapp://app/item/item-new.json", .new, true),  // the literal edge first
        ("myapp://app/item/item-x.json", .any(id: "x.json"), true),  // `x` refutes `json`: the walk goes on
        ("myapp://app/item/item-7", .any(id: "7"), true),
        ("myapp://app/item/photo.json", .ext(name: "photo"), true),
        ("myapp://app/item/item-.json", .any(id: ".json"), true),  // nothing left for `json`
        ("myapp://app/item/7", .plain(id: 7), true),
        ("myapp://app/item/.json", nil, true),  // no edge fits, and `Int` refutes the capture
        ("myapp://app/api/v2/edit", .version(major: 2), true),
        ("myapp://app/api/v2/info", .section(name: "v2"), false),  // reached by going back
        ("myapp://app/app/id42", .app(id: 42), true),
        ("myapp://app/files/a/b.txt", .files(path: ["a", "b.txt"]), true),
        ("myapp://app/files/a", .files(path: ["a"]), true),
        ("myapp://app/files", .files(path: []), false),  // a rest of no segment is the matcher's
        ("myapp://app/numbers/1/2/3", .numbers(values: [1, 2, 3]), true),
        ("myapp://app/numbers/1/x/3", nil, true),  // the list's build refuses `x`
        ("myapp://app/files/a%2Fb", .files(path: ["a/b"]), false),  // an escape
        // Lists in the query: the values of every item with the key, in the link's order.
        ("myapp://app/tagged?id=1&tag=a&id=2", .tagged(ids: [1, 2], tags: ["a"]), true),
        ("myapp://app/tagged?tag=b&tag=a", .tagged(ids: [], tags: ["b", "a"]), true),
        ("myapp://app/tagged", .tagged(ids: [], tags: nil), true),  // an optional list absent: nil
        ("myapp://app/tagged?id=1&id=x", nil, true),  // the list's build refuses `x`
        ("myapp://app/tagged?id=1&id", nil, false),  // a key with no value: the matcher's
        // An in-segment capture in a query value.
        ("myapp://app/versioned/a?v=v2", .versioned(name: "a", major: 2), true),
        ("myapp://app/versioned/a", .versioned(name: "a", major: nil), true),
        ("myapp://app/versioned/a?v=vx", nil, true),  // refuted: `x` is no `Int`
        ("myapp://app/versioned/a?v=2", nil, false),  // no `v`: the route does not fit
    ])
    func inSegmentCapturesAndLists(_ link: String, _ expected: AffixedRoute?, _ plain: Bool) throws {
        let table = AffixedRoute.router.table
        #expect((PlainHit.find(link, in: table) != nil) == plain)
        #expect(table.plainHitDisagreement(link) == nil)
        let direct = AffixedRoute.match(link)
        let walked = table.match(try table.view(of: link), build: AffixedRoute.router.codec.build)
        if let expected {
            #expect(try direct.get() == expected)
            #expect(try walked.get() == expected)
        } else {
            Self.expectSameFailure(link, direct, walked)
        }
    }

    /// The same in a mounted table, whose walk reads them in the rest of the link, and at the
    /// top level.
    @Test(arguments: [
        ("myapp://app/shop/item/item-7.json", AffixedApp.shop(.json(id: 7)), true),
        ("https://example.com/shop/item/photo.json", .shop(.ext(name: "photo")), true),
        ("myapp://app/shop/item/item-x.json", .shop(.any(id: "x.json")), false),  // refuted in the mount
        ("myapp://app/shop/numbers/1/2", .shop(.numbers(values: [1, 2])), true),
        ("myapp://app/shop/api/v2/info", .shop(.section(name: "v2")), false),
        ("myapp://app/p-42", .product(id: 42), true),
        ("myapp://app/p-42/shop", nil, false),
    ])
    func inSegmentCapturesInAMountedTable(_ link: String, _ expected: AffixedApp?, _ plain: Bool) throws {
        let table = AffixedApp.router.table
        #expect((PlainHit.find(link, in: table) != nil) == plain)
        #expect(table.plainHitDisagreement(link) == nil)
        #expect((try? AffixedApp.match(link).get()) == expected)
    }

    // MARK: Links

    /// A link for one of `table`'s routes, varied.
    static func link(for table: RouteTable, _ generator: inout SeededGenerator) -> String {
        let route = generator.pick(table.routes)
        let origin = table.defaults.origins.isEmpty ? nil : generator.pick(table.defaults.origins)
        var text = ""
        if let origin {
            let scheme = origin.scheme ?? "myapp"
            text = (generator.chance(5) ? scheme.uppercased() : scheme) + "://"
            if generator.chance(3) { text += "user@" }
            text += generator.chance(5) ? origin.host.uppercased() : origin.host
            if generator.chance(3) { text += ":8080" }
            for segment in origin.prefix { text += "/" + segment }
        } else {
            text = (route.scheme ?? "myapp") + "://" + (route.host.isEmpty ? "app" : route.host)
        }
        var queryItems: [PatternAST.QueryItem] = []
        appendPath(of: route, to: &text, queryItems: &queryItems, &generator)
        if generator.chance(5) { text += generator.pick(["/", "//", "/.", "/..", "/x"]) }
        var items: [String] = []
        for item in queryItems where !generator.chance(15) {
            let value: String
            switch item.value {
            case .literal(let literal): value = generator.chance(90) ? literal : "other"
            default: value = Self.value(&generator)
            }
            items.append(generator.chance(3) ? item.key : item.key + "=" + value)
            if generator.chance(5) { items.append(item.key + "=" + Self.value(&generator)) }
        }
        if generator.chance(15) { items.insert(generator.pick(["utm=x", "ref=y", "q=z", "id=7", "=1", ""]), at: 0) }
        if generator.chance(15) { items.shuffle(using: &generator) }
        if !items.isEmpty || generator.chance(3) { text += "?" + items.joined(separator: generator.chance(3) ? ";" : "&") }
        if generator.chance(5) { text += "#" + value(&generator) }
        if generator.chance(5) {
            // One byte replaced by one the plain path refuses or the reader treats apart.
            var bytes = Array(text.utf8)
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = generator.pick(Array("%+ @:/?&=#A\u{7F}".utf8))
            text = String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    /// Appends a path `route`'s pattern reads to `text`, and its query items to `queryItems`:
    /// a rest that mounts a table, most often a path of one of that table's routes (with its
    /// items), else random segments.
    static func appendPath(
        of route: CompiledRoute, to text: inout String, queryItems: inout [PatternAST.QueryItem],
        _ generator: inout SeededGenerator
    ) {
        queryItems += route.ast.queryItems
        for (offset, segment) in route.ast.segments.enumerated() {
            switch segment.value {
            case .literal(let literal): text += "/" + (generator.chance(3) ? literal.uppercased() : literal)
            case .capture: text += "/" + value(&generator)
            case .affixed(let prefix, _, let suffix): text += "/" + prefix + value(&generator) + suffix
            case .rest:
                if let slot = route.segmentLabels[offset], let mount = route.labels[slot].mount, !generator.chance(6) {
                    appendPath(of: generator.pick(mount.table.routes), to: &text, queryItems: &queryItems, &generator)
                } else {
                    for _ in 0..<Int.random(in: 0...3, using: &generator) { text += "/" + value(&generator) }
                }
            }
        }
    }

    /// A segment's or an item's text: values each type reads and refuses, and plain and
    /// unplain bytes.
    static func value(_ generator: inout SeededGenerator) -> String {
        generator.pick([
            "42", "0", "-1", "4x2", "1.5", "true", "false", "home", "settings", "one", "SKU-1", "sku-1",
            "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "1.2", "a", "me", "users", "", "a%2Fb", "%41", "%zz",
            "caf%C3%A9", "a+b", "a b", "~x_y.z-w", "..", ".", "é", "2026",
        ])
    }
}

/// A table under origins with path prefixes, one inside another, and one without, and a pattern
/// that gives its own host, which is one of the origins'.
enum PrefixedRoute: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com/app", "https://example.com", "https://example.com/app/v2"] }

    case home
    case item(id: Int)
    case app(id: Int)
    case search(q: String, page: Int?)
    /// Under a host one of the origins has: its links are the pattern's before the origins'.
    case pinned(id: Int)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case home = ""
        case item = "item/${id}"
        case app = "app/${id}"
        case search = "search?q=${q}&page=${page}"
        case pinned = "myapp://app/item/${id}"
    }
}

/// In-segment captures that compete for one segment (more literal text first, then the earlier
/// declared, after the literal edge and before the capture), one whose route the walk leaves
/// to go back to a capture, rests bound to lists, lists in the query, and an in-segment capture
/// in a query value.
enum AffixedRoute: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com/app"] }

    case json(id: Int)
    case any(id: String)
    case ext(name: String)
    case new
    case plain(id: Int)
    case version(major: Int)
    case section(name: String)
    case app(id: Int)
    case files(path: [String])
    case numbers(values: [Int])
    case tagged(ids: [Int], tags: [String]?)
    case versioned(name: String, major: Int?)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case json = "item/item-${id}.json"
        case any = "item/item-${id}"
        case ext = "item/${name}.json"
        case new = "item/item-new.json"
        case plain = "item/${id}"
        case version = "api/v${major}/edit"
        case section = "api/${name}/info"
        case app = "app/id${id}"
        case files = "files/${path...}"
        case numbers = "numbers/${values...}"
        case tagged = "tagged?id=${ids}&tag=${tags}"
        case versioned = "versioned/${name}?v=v${major}"
    }
}

/// ``AffixedRoute`` mounted, beside an in-segment capture of its own.
enum AffixedApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com"] }

    case shop(AffixedRoute)
    case product(id: Int)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case shop = "shop/${_0...}"
        case product = "p-${id}"
    }
}

/// Counts a closure's calls across the threads a test may run it on.
final class CallCount: @unchecked Sendable {
    // Unchecked: the count is read and written under the lock.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// The plain path's captured segments and its byte classes.
@Suite struct PlainHitCaptureTests {
    /// Routes capturing up to five segments, among literals and beside a literal sibling.
    static let router = Router<String>(scheme: "myapp", host: "app") { routes in
        routes.add("a/${p}/x/${q}/${r}/${s}") { captures in
            try ["p", "q", "r", "s"].map { try captures.value($0, as: String.self) }.joined(separator: ",")
        }
        routes.add("a/${p}/y") { captures in try "y:" + captures.value("p", as: String.self) }
        routes.add("b/${p}/${q}/${r}/${s}/${t}") { captures in
            try ["p", "q", "r", "s", "t"].map { try captures.value($0, as: String.self) }.joined(separator: ",")
        }
        routes.add("c/${n}") { captures in try "c:\(captures.value("n", as: Int.self))" }
    }

    /// The plain path binds the texts of the segments its walk captured, as many as
    /// ``CapturedSegments/capacity``; a link capturing more is left to the matcher, which
    /// builds the same route.
    @Test(arguments: [
        ("myapp://app/a/1/x/2/3/4", true, "1,2,3,4"),
        ("myapp://app/a/one/y", true, "y:one"),
        ("myapp://app/a/y/y", true, "y:y"),
        ("myapp://app/b/1/2/3/4/5", false, "1,2,3,4,5"),
        ("myapp://app/c/-12", true, "c:-12"),
    ])
    func capturedSegmentsBindTheirTexts(_ link: String, _ plain: Bool, _ route: String) throws {
        let table = Self.router.table
        #expect((PlainHit.find(link, in: table) != nil) == plain)
        #expect(table.plainHitDisagreement(link) == nil)
        #expect(try Self.router.route(for: link) == route)
    }

    /// Each byte's classes are their definitions': RFC 3986's unreserved characters, a plain
    /// host's and a plain scheme's bytes, and no byte of 128 or more.
    @Test func byteClassesAreTheirDefinitions() {
        let letters = Set("abcdefghijklmnopqrstuvwxyz".utf8), upper = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        let digits = Set("0123456789".utf8)
        let plain = letters.union(upper).union(digits).union("-._~".utf8)
        let host = letters.union(digits).union("-.".utf8)
        let scheme = letters.union(digits).union("+-.".utf8)
        // One entry a byte: the scans read it by a byte's value, with no bounds check.
        #expect(ByteClass.table.utf8CodeUnitCount == 256)
        #expect(ByteClass.table.isASCII)
        // Read through the scan the plain path runs: a one-byte run is the byte's class.
        func isIn(_ byte: UInt8, _ byteClass: UInt8) -> Bool {
            [byte].withUnsafeBufferPointer { ByteClass.end(of: byteClass, in: $0, from: 0) == 1 }
        }
        for byte in UInt8.min...UInt8.max {
            #expect(isIn(byte, ByteClass.plain) == plain.contains(byte), "byte \(byte)")
            #expect(isIn(byte, ByteClass.host) == host.contains(byte), "byte \(byte)")
            #expect(isIn(byte, ByteClass.scheme) == scheme.contains(byte), "byte \(byte)")
        }
    }

    /// A run ends at the first byte out of its class, or at the end.
    @Test(arguments: [
        ("abc/d", 0, 3), ("abc", 0, 3), ("abc", 3, 3), ("/abc", 0, 0), ("a~b_c.d-e%", 0, 9), ("caf\u{E9}", 0, 3),
    ])
    func aRunEndsOutOfItsClass(_ text: String, _ start: Int, _ end: Int) {
        let found = Array(text.utf8).withUnsafeBufferPointer { ByteClass.end(of: ByteClass.plain, in: $0, from: start) }
        #expect(found == end)
    }
}

/// A feature table whose first route's build refuses texts its bytes do not refute (a
/// `Double`'s), and a second route the same links reach by captures.
enum MountedPair: Routable, Equatable {
    case item(id: Double)
    case pair(a: String, b: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case pair = "${a}/${b}"
    }
}

/// A feature table of one route, whose build refuses texts its bytes do not refute.
enum MountedItem: Routable, Equatable {
    case item(id: Double)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
    }
}

/// The app table that mounts them, and a rest that binds one text.
enum MountingApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app"] }
    case feature(MountedPair)
    case only(MountedItem)
    case files(path: String)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case feature = "feature/${_0...}"
        case only = "only/${_0...}"
        case files = "files/${path...}"
    }
}

/// A feature table with a query, mounted under a strict table whose second origin has a path
/// prefix.
enum MountedQuery: Routable, Equatable {
    case item(id: Double)
    case pair(a: String, b: String)
    case page(id: Int, tab: String?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case pair = "${a}/${b}"
        case page = "page/${id}/view?tab=${tab}"
    }
}

enum StrictMountingApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app", "https://example.com/app"] }
    static var options: MatchOptions { MatchOptions(strictQuery: true) }
    case feature(MountedQuery)
    case about
    enum CodingKeys: String, CodingKey, CaseIterable {
        case feature = "feature/${_0...}"
        case about = "about"
    }
}

/// Mounted tables four levels deep: the plain path keeps a record of the route it finds at
/// each level below the first (``MountedHits``).
enum DeepLeaf: Routable, Equatable {
    case leaf(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable { case leaf = "leaf/${id}" }
}

enum DeepThird: Routable, Equatable {
    case down(DeepLeaf)
    enum CodingKeys: String, CodingKey, CaseIterable { case down = "c/${_0...}" }
}

enum DeepSecond: Routable, Equatable {
    case down(DeepThird)
    enum CodingKeys: String, CodingKey, CaseIterable { case down = "b/${_0...}" }
}

enum DeepFirst: Routable, Equatable {
    case down(DeepSecond)
    enum CodingKeys: String, CodingKey, CaseIterable { case down = "a/${_0...}" }
}

enum DeepApp: Routable, Equatable {
    static var origins: [String] { ["myapp://app"] }
    case four(DeepFirst)
    case three(DeepSecond)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case four = "four/${_0...}"
        case three = "three/${_0...}"
    }
}

/// A thread-safe place for a closure route's captures, kept past the closure, and for what
/// reading them threw.
final class KeptCaptures: @unchecked Sendable {
    // Unchecked: each property is read and written under the lock.
    private let lock = NSLock()
    private var kept: RouteCaptures?
    private var thrown: [String] = []

    var captures: RouteCaptures? {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }

    func record(_ message: String) { lock.withLock { thrown.append(message) } }
    var messages: [String] { lock.withLock { thrown } }
}

/// Rests on the plain path: a rest that binds one text, and a mounted table's route found in
/// the rest of the link, one level or two down.
@Suite struct PlainHitRestTests {
    /// Links into mounted tables and rests take the plain path and build what the matcher
    /// builds; a rest of no segment, and a mounted table's path that is not plain or whose
    /// text's type refutes it, are the matcher's.
    @Test(arguments: [
        ("myapp://app/settings/notifications/3", true, FeatureApp.settings(.notifications(channel: 3))),
        ("https://example.com/settings/privacy/ads?expanded=true", true, .settings(.privacy(.section(name: "ads", expanded: true)))),
        ("myapp://app/settings/privacy/ads", true, .settings(.privacy(.section(name: "ads", expanded: nil)))),
        ("myapp://app/settings/privacy/ads?expanded=true&utm=x", true, .settings(.privacy(.section(name: "ads", expanded: true)))),
        ("myapp://app/user/7", true, .profile(id: 7)),
        ("myapp://app/settings", false, .settings(.home)),
        ("myapp://app/settings/privacy", false, .settings(.privacy(.overview))),
        ("myapp://app/settings/privacy/ads?expanded=maybe", false, nil),
        ("myapp://app/settings/notifications/x", false, nil),
        ("myapp://app/settings/notifications/3/4", false, nil),
        ("myapp://app/settings/notif%69cations/3", false, .settings(.notifications(channel: 3))),
    ])
    func mountedTablesRoutes(_ link: String, _ plain: Bool, _ route: FeatureApp?) {
        let table = FeatureApp.router.table
        #expect((PlainHit.find(link, in: table) != nil) == plain)
        #expect(table.plainHitDisagreement(link) == nil)
        #expect((try? FeatureApp.match(link).get()) == route)
    }

    /// A rest that binds one text binds its segments as they stand, joined by their `/`.
    @Test(arguments: [
        ("myapp://app/download/a/b.txt", StoreRoute.download(path: "a/b.txt")),
        ("https://www.example.com/app/docs/intro", .docs(page: "intro")),
        ("myapp://app/files/recent", .filesRecent),
    ])
    func restsBindOneText(_ link: String, _ route: StoreRoute) throws {
        try Self.expectPlainHit(link, route)
    }

    /// `link` takes the plain path, which agrees with the matcher's walk, and matches `route`.
    static func expectPlainHit<Route: Routable & Equatable>(
        _ link: String, _ route: Route, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let table = Route.router.table
        #expect(PlainHit.find(link, in: table) != nil, sourceLocation: sourceLocation)
        #expect(table.plainHitDisagreement(link) == nil, sourceLocation: sourceLocation)
        #expect(try Route.match(link).get() == route, sourceLocation: sourceLocation)
    }

    /// When the mounted route the plain path found refuses its texts in its build, the mounted
    /// table's walk goes on from it (not built again) and builds the next route that fits, as
    /// it does on the matcher's path; or says why none does.
    @Test(arguments: [
        ("myapp://app/feature/item/1.5", MountingApp.feature(.item(id: 1.5))),
        ("myapp://app/feature/item/x", .feature(.pair(a: "item", b: "x"))),
        ("myapp://app/feature/a/b", .feature(.pair(a: "a", b: "b"))),
        ("myapp://app/files/a/b", .files(path: "a/b")),
    ])
    func aMountedBuildThatRefusesGoesOn(_ link: String, _ route: MountingApp) throws {
        try Self.expectPlainHit(link, route)
    }

    /// Under an origin with a path prefix, a mounted route that refuses goes on from the rest
    /// where the prefixed link's path has it; a strict table leaves the items of a mounted
    /// route's query to the mounted table, as the matcher's evaluator does.
    @Test(arguments: [
        ("https://example.com/app/feature/item/x", StrictMountingApp.feature(.pair(a: "item", b: "x"))),
        ("https://example.com/app/feature/item/2.5", .feature(.item(id: 2.5))),
        ("https://example.com/app/feature/page/3/view?tab=a", .feature(.page(id: 3, tab: "a"))),
        ("myapp://app/feature/page/3/view?tab=a&utm=x", .feature(.page(id: 3, tab: "a"))),
        ("myapp://app/feature/page/3/view", .feature(.page(id: 3, tab: nil))),
    ])
    func mountsUnderPrefixesAndStrictTables(_ link: String, _ route: StrictMountingApp) throws {
        try Self.expectPlainHit(link, route)
    }

    /// When no route of the mounted table builds, the link's error is the matcher's: the same
    /// reason and closest route as for the link spelled so that it never takes the plain path.
    @Test(arguments: [
        ("myapp://app/only/item/x", "myapp://app/only/item/%78"),
        ("myapp://app/only/item/1e999x", "myapp://app/only/ite%6D/1e999x"),
    ])
    func aMountedRefusalIsTheMatchers(_ plain: String, _ unplain: String) {
        let table = MountingApp.router.table
        #expect(PlainHit.find(plain, in: table) != nil)
        #expect(PlainHit.find(unplain, in: table) == nil)
        guard case .failure(let error) = MountingApp.match(plain), case .failure(let other) = MountingApp.match(unplain) else {
            Issue.record("both links must miss")
            return
        }
        #expect(error.reason == other.reason)
        #expect(error.closestRoute == other.closestRoute)
        #expect(error.reason == .formatFailure(label: "id", found: "x", expected: .of(Double.self)) || plain.hasSuffix("1e999x"))
    }

    /// A closure route that mounts a table runs once for a match whose mounted route refused
    /// its texts; the link that fits no mounted route gets the matcher's error, the same as
    /// for a link that never took the plain path.
    @Test func aClosureMountingATableRunsOnce() throws {
        let calls = CallCount()
        let router = Router<String>(scheme: "myapp", host: "app") { routes in
            routes.add("feature/${inner...}") { captures in
                calls.add()
                return "\(try captures.value("inner", as: MountedPair.self))"
            }
        }
        // Learning the route's labels runs its closure once, with a probe.
        try router.validate()
        let learned = calls.value
        #expect(PlainHit.find("myapp://app/feature/item/x", in: router.table) != nil)
        #expect(try router.route(for: "myapp://app/feature/item/x") == "pair(a: \"item\", b: \"x\")")
        #expect(calls.value == learned + 1)
        let plain = router.match("myapp://app/feature/item/x/y")
        let unplain = router.match("myapp://app/feature/item/x/%79")
        guard case .failure(let error) = plain, case .failure(let other) = unplain else {
            Issue.record("both links must miss")
            return
        }
        #expect(error.reason == other.reason)
        #expect(error.closestRoute == other.closestRoute)
    }

    /// The plain path keeps a record for each level of mounted tables, three or four deep.
    @Test(arguments: [
        ("myapp://app/three/b/c/leaf/5", DeepApp.three(.down(.down(.leaf(id: 5))))),
        ("myapp://app/four/a/b/c/leaf/6", .four(.down(.down(.down(.leaf(id: 6)))))),
    ])
    func mountsNestLevelsDeep(_ link: String, _ route: DeepApp) throws {
        try Self.expectPlainHit(link, route)
    }

    /// A thread keeps ``MountedHits/capacity`` records at once (a link whose mounts need more
    /// is the matcher's), each read while it is kept and not after.
    @Test func aThreadKeepsItsRecordsWhileTheyAreNeeded() throws {
        let matcher = DeepLeaf.mountedMatcher
        let table = DeepApp.router.table
        let depth = MountedHits.depth()
        defer { MountedHits.truncate(to: depth) }
        var references: [MountedHitReference?] = []
        // The records hold the link's bytes, which live while this closure runs.
        let ran: Void? = "myapp://app/four/a/b/c/leaf/6".utf8.withContiguousStorageIfAvailable { link in
            for _ in depth...MountedHits.capacity {
                let hit = MountedHit(
                    matcher: Unmanaged.passUnretained(matcher), route: 0, values: BoundValueList(absent: 1), link: link,
                    linkTable: table, offset: 4)
                references.append(MountedHits.add(hit))
            }
            let kept = references.compactMap { $0 }
            #expect(kept.count == MountedHits.capacity - depth)
            #expect(references.last.map { $0 == nil } == true)
            #expect(kept.allSatisfy { MountedHits.live($0)?.pointee.values?.count == 1 })
            MountedHits.truncate(to: depth)
            #expect(kept.allSatisfy { MountedHits.live($0) == nil })
        }
        #expect(ran != nil)
    }

    /// A closure may read a mounted table's route twice, and as another table's type: the
    /// first read of the route's own type takes the plain path's texts, the others have their
    /// table walk the rest of the link, and every read gives what the matcher's gives.
    @Test(arguments: ["myapp://app/feature/item/1.5", "myapp://app/feature/item/%31.5"])
    func aClosureReadsAMountAsOftenAsItLikes(_ link: String) throws {
        let router = Router<String>(scheme: "myapp", host: "app") { routes in
            routes.add("feature/${inner...}") { captures in
                let other = try captures.value("inner", as: MountedItem.self)
                let first = try captures.value("inner", as: MountedPair.self)
                let second = try captures.value("inner", as: MountedPair.self)
                return "\(other) \(first) \(second)"
            }
        }
        try router.validate()
        #expect((PlainHit.find(link, in: router.table) != nil) == !link.contains("%"))
        #expect(try router.route(for: link) == "item(id: 1.5) item(id: 1.5) item(id: 1.5)")
    }

    /// Captures kept past their closure read no mounted route the plain path found: its record
    /// ended with the match, and a later match's records, perhaps at the same address, are
    /// not its. Read in a later build, or after every build, they throw.
    @Test func capturesKeptPastTheirClosureReadNoMountedRoute() throws {
        let kept = KeptCaptures()
        let router = Router<String>(scheme: "myapp", host: "app") { routes in
            routes.add("feature/${inner...}") { captures in
                if let earlier = kept.captures {
                    if let message = rejection({ _ = try earlier.value("inner", as: MountedPair.self) }) { kept.record(message) }
                } else {
                    kept.captures = captures
                }
                return "\(try captures.value("inner", as: MountedPair.self))"
            }
        }
        try router.validate()
        kept.captures = nil
        #expect(try router.route(for: "myapp://app/feature/a/b") == "pair(a: \"a\", b: \"b\")")
        #expect(try router.route(for: "myapp://app/feature/c/d") == "pair(a: \"c\", b: \"d\")")
        let message = "'inner' was read outside its route's build"
        #expect(kept.messages == [message])
        let captures = try #require(kept.captures)
        #expect(rejection { _ = try captures.value("inner", as: MountedPair.self) } == message)
    }

    /// A mounted route's record is its thread's: captures read on another thread, while the
    /// build waits for it, find none; the build's own thread reads the route.
    @Test func anotherThreadReadsNoMountedRoute() throws {
        let kept = KeptCaptures()
        let calls = CallCount()
        let router = Router<String>(scheme: "myapp", host: "app") { routes in
            routes.add("feature/${inner...}") { captures in
                calls.add()
                // The first call is the probe that learns the route's labels.
                if calls.value > 1 {
                    kept.captures = captures
                    let done = DispatchSemaphore(value: 0)
                    Thread {
                        if let captures = kept.captures,
                            let message = rejection({ _ = try captures.value("inner", as: MountedPair.self) }) {
                            kept.record(message)
                        }
                        done.signal()
                    }.start()
                    done.wait()
                }
                return "\(try captures.value("inner", as: MountedPair.self))"
            }
        }
        try router.validate()
        #expect(PlainHit.find("myapp://app/feature/a/b", in: router.table) != nil)
        #expect(try router.route(for: "myapp://app/feature/a/b") == "pair(a: \"a\", b: \"b\")")
        #expect(kept.messages == ["'inner' was read outside its route's build"])
    }

    /// Nested hits racing on many threads each read their own records: a thread's stack of
    /// records is its own, and every level of a link's mounts is found on the plain path.
    @Test func concurrentNestedHitsEachReadTheirOwnRecords() async {
        #expect(PlainHit.find("myapp://app/four/a/b/c/leaf/1", in: DeepApp.router.table) != nil)
        #expect(PlainHit.find("myapp://app/settings/notifications/1", in: FeatureApp.router.table) != nil)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let id = index * 1_000 + round
                        return (try? DeepApp(link: "myapp://app/four/a/b/c/leaf/\(id)")) == .four(.down(.down(.down(.leaf(id: id)))))
                            && (try? FeatureApp(link: "myapp://app/settings/notifications/\(id)"))
                                == .settings(.notifications(channel: id))
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
