import Testing
@testable import RouteMatch

/// The link reader's components and the byte ranges every caret relies on.
@Suite struct LinkReaderTests {
    func read(_ text: String) throws -> LinkComponents {
        try LinkReader.read(text, limits: MatchLimits()).get()
    }

    func slice(_ text: String, _ range: Range<Int>?) -> String? {
        range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
    }

    @Test func splitsEveryComponentWithItsRange() throws {
        let text = "HTTPS://User:Pw@Example.COM:8443/a%20b/c?x=1&y&=z&x=%2B#Frag%21"
        let link = try read(text)
        #expect(link.scheme == "https")
        #expect(slice(text, link.schemeRange) == "HTTPS")
        #expect(link.host == "example.com")
        #expect(slice(text, link.hostRange) == "Example.COM")
        #expect(link.port == "8443")
        #expect(link.segments.map { link.text(of: $0) } == ["a b", "c"])
        #expect(link.segments.map { slice(text, $0.range) } == ["a%20b", "c"])
        #expect(link.queryItems.map(link.key(of:)) == ["x", "y", "", "x"])
        #expect(link.queryItems.map(link.value(of:)) == ["1", "", "z", "+"])
        #expect(link.queryItems.map { slice(text, $0.valueRange) } == ["1", nil, "z", "%2B"])
        #expect(slice(text, link.fragmentRange) == "Frag%21")
        #expect(LinkReader.decodedFragment(of: link).text == "Frag!")
    }

    @Test(arguments: [
        ("https://example.com:443/x", nil as String?),
        ("http://example.com:80/x", nil),
        ("http://example.com:443/x", "443"),
        ("myapp://app:/x", nil),
    ])
    func defaultPortsAreDropped(_ text: String, _ port: String?) throws {
        #expect(try read(text).port == port)
    }

    @Test func ipLiteralHosts() throws {
        let link = try read("http://[::1]:8080/x")
        #expect(link.host == "[::1]")
        #expect(link.port == "8080")
        #expect(try read("http://[FE80::1]/x").host == "[fe80::1]")
    }

    @Test(arguments: [
        ("user/42", ["user", "42"]),
        ("/user/42/", ["user", "42"]),
        ("user//42", ["user", "", "42"]),
        ("", []),
        ("/", []),
        ("myapp://app", []),
        ("myapp://app/", []),
        ("myapp:user/42", ["user", "42"]),
        ("myapp:///user/42", ["user", "42"]),
    ])
    func segments(_ text: String, _ expected: [String]) throws {
        let link = try read(text)
        #expect(link.segments.map { link.text(of: $0) } == expected)
    }

    @Test func rawStringsHaveNoSchemeOrHost() throws {
        let link = try read("user/42:7?x=1")
        #expect(link.scheme == nil)
        #expect(link.host == nil)
        #expect(link.segments.map { link.text(of: $0) } == ["user", "42:7"])
    }

    @Test(arguments: [
        ("myapp://app/./x", Problem(reason: .dotSegment(found: "."), span: 12..<13)),
        ("myapp://app/%2e%2E/x", Problem(reason: .dotSegment(found: ".."), span: 12..<18)),
        ("a\tb", Problem(reason: .malformedLink(.controlCharacter(9)), span: 1..<2)),
        ("http://[::1/x", Problem(reason: .malformedLink(.unterminatedIPLiteral), span: 7..<11)),
        ("http://[::1]x/x", Problem(reason: .malformedLink(.unterminatedIPLiteral), span: 7..<13)),
        ("http://a:b@x:-1/", Problem(reason: .malformedLink(.invalidPort("-1")), span: 13..<15)),
        ("http://exa mple/", Problem(reason: .malformedLink(.controlCharacter(32)), span: 10..<11)),
        ("http://ex%41mple/", Problem(reason: .malformedLink(.invalidHostCharacter("%")), span: 9..<10)),
    ])
    func problems(_ text: String, _ problem: Problem) {
        #expect(LinkReader.read(text, limits: MatchLimits()).failure == problem)
    }

    /// A scheme or host the table knows is recognized in the link's spelling, ASCII letters in
    /// either case and nothing else folded: every byte against every byte a lower-cased text
    /// holds (the table's are lower-cased), and whole texts.
    @Test func aKnownTextIsComparedIgnoringASCIICaseOnly() {
        var wrong: [(UInt8, UInt8)] = []
        for value in UInt8.min...UInt8.max {
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(value) ? value | 0x20 : value
            for other in UInt8.min...UInt8.max where !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(other) {
                let equal = [value].withUnsafeBufferPointer { spelled in
                    [other].withUnsafeBufferPointer { ByteText.equal(spelled, ignoringASCIICaseTo: $0) }
                }
                if equal != (folded == other) { wrong.append((value, other)) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
        for (spelled, known, expected) in [("MyApp", "myapp", true), ("myapp", "myapp", true), ("myapq", "myapp", false),
                                           ("myap", "myapp", false), ("EXAMPLE.COM", "example.com", true)] {
            let equal = Array(spelled.utf8).withUnsafeBufferPointer { spelled in
                Array(known.utf8).withUnsafeBufferPointer { ByteText.equal(spelled, ignoringASCIICaseTo: $0) }
            }
            #expect(equal == expected, "\(spelled) against \(known)")
        }
    }

    /// Byte texts are equal exactly when every byte is: every length up to three words, at
    /// four starts (three of them unaligned), unchanged, with one byte changed at each position
    /// (by its lowest bit, and by its highest), and against the same text one byte shorter.
    @Test(arguments: 0...24)
    func bytesAreEqualExactlyWhenEveryByteIs(count: Int) {
        let bytes = (0..<(count + 3)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 101) }
        var wrong: [String] = []
        for start in 0...3 where start + count <= bytes.count {
            for flip in [UInt8(0x01), 0x80] {
                for position in -1..<count {
                    var other = bytes
                    if position >= 0 { other[start + position] ^= flip }
                    let equal = bytes.withUnsafeBufferPointer { a in
                        other.withUnsafeBufferPointer { b in
                            ByteText.equal(ByteText.part(of: a, start: start, count: count), ByteText.part(of: b, start: start, count: count))
                        }
                    }
                    if equal != (position < 0) { wrong.append("start \(start), flip \(flip) at \(position)") }
                }
            }
            if count > 0 {
                let shorter = bytes.withUnsafeBufferPointer { a in
                    ByteText.equal(ByteText.part(of: a, start: start, count: count), ByteText.part(of: a, start: start, count: count - 1))
                }
                if shorter { wrong.append("start \(start): equal to its prefix") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }

    /// Every printable ASCII byte inside a host, read as RFC 3986 says: letters, digits,
    /// unreserved and sub-delimiter characters are the host's; `/`, `?` and `#` end the
    /// authority, `@` ends the userinfo, `:` starts the port (`b` is not one); any other byte
    /// is refused where it stands.
    @Test(arguments: UInt8(0x21)...UInt8(0x7E))
    func aHostHoldsTheBytesRFC3986Allows(byte: UInt8) {
        let text = "https://a" + String(UnicodeScalar(byte)) + "b/x"
        let character = String(UnicodeScalar(byte))
        let hostCharacters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;="
        let result = LinkReader.read(text, limits: MatchLimits())
        switch character {
        case _ where hostCharacters.contains(character):
            #expect((try? result.get())?.host == "a" + character.lowercased() + "b")
        case "/", "?", "#":
            #expect((try? result.get())?.host == "a")
        case "@":
            #expect((try? result.get())?.host == "b")
        case ":":
            #expect(result.failure == Problem(reason: .malformedLink(.invalidPort("b")), span: 10..<11))
        default:
            #expect(result.failure == Problem(reason: .malformedLink(.invalidHostCharacter(character)), span: 9..<10))
        }
    }

    @Test("a bad escape is kept with its segment or item, for the route it stands in to name", arguments: [
        ("myapp://app/a%2", 13..<15),
        ("myapp://app/%E2%82", 12..<18),
        ("myapp://app/caf%E9t%E9", 15..<22),
        ("myapp://app/x?k%zz=1", 15..<18),
        ("myapp://app/x?k=%E9", 16..<19),
    ])
    func badEscapesAreKept(_ text: String, _ escape: Range<Int>) throws {
        let link = try read(text)
        #expect(link.hasBadEscape)
        let ranges = link.segments.compactMap(\.badEscape) + link.queryItems.compactMap(\.badEscape)
        #expect(ranges == [escape])
    }

    @Test func limits() {
        let limits = MatchLimits(maxLinkLength: 20, maxPathSegments: 2, maxQueryItems: 1)
        #expect(LinkReader.read(String(repeating: "a", count: 21), limits: limits).failure?.reason
            == .limitExceeded(.linkLength, maximum: 20, found: 21))
        #expect(LinkReader.read("a/b/c", limits: limits).failure?.reason
            == .limitExceeded(.pathSegments, maximum: 2, found: 3))
        #expect(LinkReader.read("a?x=1&y=2&&z", limits: limits).failure?.reason
            == .limitExceeded(.queryItems, maximum: 1, found: 3))
    }
}

/// The pattern parser's syntax tree.
@Suite struct PatternParserTests {
    @Test func parsesEveryPiece() {
        let output = PatternParser.parse("https://Example.com/a%20b/${id}?k=${v}&lit=x#${f}", firstSegmentIsHost: false)
        #expect(output.problems.isEmpty)
        #expect(output.ast.origin.scheme == "https")
        #expect(output.ast.origin.host == "example.com")
        #expect(output.ast.segments.map(\.value) == [.literal("a b"), .capture("id")])
        #expect(output.ast.queryItems.map(\.key) == ["k", "lit"])
        #expect(output.ast.queryItems.map(\.value) == [.capture("v"), .literal("x")])
        #expect(output.ast.fragment?.value == .capture("f"))
        #expect(output.ast.captures.map(\.name) == ["id", "v", "f"])
    }

    /// A placeholder's opening, `${`, where no placeholder may stand, at its place; a `$` alone
    /// is text.
    @Test("placeholders in a host or a query key", arguments: [
        ("myapp://${h}/x", false, [Problem(reason: .patternSyntax(.placeholderInHost), span: 8..<12)]),
        ("myapp://a.${h}/x", false, [Problem(reason: .patternSyntax(.placeholderInHost), span: 8..<14)]),
        ("${h}/x", true, [Problem(reason: .patternSyntax(.placeholderInHost), span: 0..<4)]),
        ("x?a${k}=1", false, [Problem(reason: .patternSyntax(.placeholderInsideText), span: 2..<7)]),
        ("x?a$=1&b{=2&$=${v}", false, []),
        ("$a/x", true, []),
    ])
    func placeholdersWhereNoneMayStand(_ pattern: String, _ firstSegmentIsHost: Bool, _ expected: [Problem]) {
        #expect(PatternParser.parse(pattern, firstSegmentIsHost: firstSegmentIsHost).problems == expected)
    }

    @Test("an origin with a placeholder", arguments: ["https://${h}.example.com", "https://example.com/${p}", "${s}://a"])
    func originWithAPlaceholder(_ text: String) throws {
        let refused = try #require(throws: Refused<Problem>.self) { try Origin.parse(text) }
        #expect(refused.why == Problem(reason: .invalidOrigin(.placeholder), span: 0..<text.utf8.count))
    }

    /// Every later occurrence of a placeholder name or query key is a problem at its own span;
    /// the first is not.
    @Test func everyRepeatedNameOrKeyIsReportedWhereItStands() {
        let output = PatternParser.parse("a/${x}/${y}/${x}/${x}?k=${z}&k=${w}&j=1&j=2", firstSegmentIsHost: false)
        #expect(output.problems == [
            Problem(reason: .duplicateQueryKey(key: "k"), span: 29..<30),
            Problem(reason: .duplicateQueryKey(key: "j"), span: 40..<41),
            Problem(reason: .duplicatePlaceholder(name: "x"), span: 12..<16),
            Problem(reason: .duplicatePlaceholder(name: "x"), span: 17..<21),
        ])
        #expect(output.ast.queryItems.map(\.key) == ["k", "j"])
    }

    /// A placeholder repeated in the query or the fragment is reported as one repeated in the
    /// path is: the check counts every placeholder of the pattern before it looks.
    @Test(arguments: [
        ("a/${x}?k=${x}", [9..<13]),
        ("a/${x}#${x}", [7..<11]),
        ("a?k=${x}#${x}", [9..<13]),
        ("a/${x}?k=${x}#${x}", [9..<13, 14..<18]),
        ("a/v${x}?k=p${x}s", [11..<15]),
    ])
    func aPlaceholderRepeatedAnywhereIsReported(pattern: String, spans: [Range<Int>]) {
        let output = PatternParser.parse(pattern, firstSegmentIsHost: false)
        #expect(output.problems == spans.map { Problem(reason: .duplicatePlaceholder(name: "x"), span: $0) })
    }

    /// A table keeps its patterns' syntax trees for as long as it lives: their arrays of
    /// segments and query items take what an array made at their size takes (the room reserved
    /// up front is given back when problems leave fewer), with the elements in pattern order.
    @Test(arguments: [
        ("a/b/${c}", false, 3, 0), ("x/${y}?q=${q}&r=1", false, 2, 2), ("host/a/b", true, 2, 0),
        ("host", true, 0, 0), ("a//b/", false, 2, 0), ("a/${}/b/${x/c?k&=1&j=${j}&k2=v", false, 3, 2),
        ("/a/b/c/d/e/f/g/h/i/j?1=1&2=2&3=3&4=4&5=5&6=6&7=7&8=8&9=9", false, 10, 9), ("?k=${k}", false, 0, 1),
        ("https://example.com/a/b?k=v", true, 2, 1),
        // A slash that leads or trails takes no segment's room (the room is counted from the
        // slashes, in the pass that finds the path's end).
        ("/a/b/", false, 2, 0), ("a", false, 1, 0), ("host/a/", true, 1, 0), ("myapp://app/x/", false, 1, 0),
        ("section994/item/${id}", false, 3, 0), ("seg/seg/seg/s?a=/b/c", false, 4, 1), ("//", false, 0, 0),
    ])
    func segmentsAndItemsTakeNoRoomLeftOver(_ pattern: String, _ firstSegmentIsHost: Bool, segments: Int, items: Int) {
        let ast = PatternParser.parse(pattern, firstSegmentIsHost: firstSegmentIsHost).ast
        #expect(ast.segments.count == segments)
        #expect(ast.queryItems.count == items)
        #expect(ast.segments.capacity == ast.segments.map { $0 }.capacity)
        #expect(ast.queryItems.capacity == ast.queryItems.map { $0 }.capacity)
    }

    /// A pattern's scheme is what stands before a `://` that comes before any other `/`, `?` or
    /// `#`; anything else is path.
    @Test(arguments: [
        ("myapp://app/x", "myapp" as String?, "app" as String?, ["x"]),
        ("myapp:/x", nil, nil, ["myapp:", "x"]),
        ("a:b://h/x", "a:b", "h", ["x"]),
        ("x:y/z://h", nil, nil, ["x:y", "z:", "h"]),
        ("x://", "x", "", []),
        ("x:/", nil, nil, ["x:"]),
        ("x?a=://h", nil, nil, ["x"]),
        ("HTTPS://Example.COM", "https", "example.com", []),
    ])
    func theSchemeIsWhatStandsBeforeTheFirstSlash(_ pattern: String, scheme: String?, host: String?, segments: [String]) {
        let ast = PatternParser.parse(pattern, firstSegmentIsHost: false).ast
        #expect(ast.origin.scheme == scheme)
        #expect(ast.origin.host == host)
        #expect(ast.segments.map(\.value.patternText) == segments)
    }

    @Test func firstSegmentIsTheHostWithoutADefaultHost() {
        let output = PatternParser.parse("Kakaolink?id=${id}", firstSegmentIsHost: true)
        #expect(output.ast.origin.host == "kakaolink")
        #expect(output.ast.segments.isEmpty)
    }

    @Test func reportsEveryProblemAtOnce() {
        let output = PatternParser.parse("a//${}/${x/b-${y}-${z}/${r...}/c?q&=1&${k}=v&t=${t...}", firstSegmentIsHost: false)
        #expect(output.problems.map(\.reason) == [
            .patternSyntax(.emptySegment),
            .patternSyntax(.emptyPlaceholderName),
            .patternSyntax(.unclosedPlaceholder),
            .patternSyntax(.severalPlaceholders),
            .patternSyntax(.queryItemWithoutValue("q")),
            .patternSyntax(.emptyQueryKey),
            .patternSyntax(.placeholderInsideText),
            .patternSyntax(.restOutsidePath("t")),
            .patternSyntax(.restNotLast("r")),
        ])
        // The second placeholder is under the caret.
        #expect(output.problems[3].span == 18..<22)
    }

    @Test("captures inside a segment and to the end of the path", arguments: [
        ("id${id}", PatternAST.Value.affixed(prefix: "id", name: "id", suffix: "")),
        ("item-${id}.json", .affixed(prefix: "item-", name: "id", suffix: ".json")),
        ("${name}@2x.png", .affixed(prefix: "", name: "name", suffix: "@2x.png")),
        ("v%20${major}", .affixed(prefix: "v ", name: "major", suffix: "")),
        ("${path...}", .rest("path")),
    ])
    func parsesCaptures(_ pattern: String, _ value: PatternAST.Value) {
        let output = PatternParser.parse("files/" + pattern, firstSegmentIsHost: false)
        #expect(output.problems.isEmpty)
        #expect(output.ast.segments.last?.value == value)
        let query = PatternParser.parse("files?k=" + pattern, firstSegmentIsHost: false)
        if value.isRest {
            #expect(query.problems.map(\.reason) == [.patternSyntax(.restOutsidePath("path"))])
        } else {
            #expect(query.problems.isEmpty)
            #expect(query.ast.queryItems.first?.value == value)
        }
    }

    /// A placeholder's name is read as bytes; a name that is no identifier is quoted as the
    /// text reads, where `...` ends it only as whole characters (U+0600 joins the dot after it).
    @Test(arguments: [
        ("${id}", PatternAST.Value.capture("id"), nil), ("${_a1...}", .rest("_a1"), nil),
        ("${...}", nil, .emptyPlaceholderName), ("${}", nil, .emptyPlaceholderName),
        ("${..}", nil, .invalidPlaceholderName("..")), ("${1a}", nil, .invalidPlaceholderName("1a")),
        ("${a-b...}", nil, .invalidPlaceholderName("a-b")), ("${é}", nil, .invalidPlaceholderName("é")),
        ("${\u{600}...}", nil, .invalidPlaceholderName("\u{600}...")), ("${a....}", nil, .invalidPlaceholderName("a.")),
    ] as [(String, PatternAST.Value?, RouteMatchError.PatternSyntaxProblem?)])
    func readsAPlaceholderName(_ segment: String, _ value: PatternAST.Value?, _ problem: RouteMatchError.PatternSyntaxProblem?) {
        let output = PatternParser.parse("a/" + segment, firstSegmentIsHost: false)
        #expect(output.ast.segments.last?.value == value ?? .literal("a"))
        #expect(output.problems == problem.map { [Problem(reason: .patternSyntax($0), span: 2..<2 + segment.utf8.count)] } ?? [])
    }

    /// A pattern's scheme is what stands before its first `://`, when no `/`, `?` or `#` stands
    /// before that, and its host what follows, up to the first of those (checked against that
    /// rule, written out; hosts shorter and longer than a word).
    @Test(arguments: [
        "myapp://app/a", "HTTPS://Example.com/x", "a:b://x/y", "x/a://b", "x?a://b", "x#a://b", "a:/b://c",
        "://x", "a://", "a:", "a:/", "a:/b", "a::://b", "", "myapp://A-Very-Long-Host.example.org?q=1",
        "x://h#f", "x://twelve-bytes", "x://eight-by/z",
    ])
    func readsTheSchemeUpToItsSeparator(pattern: String) {
        let bytes = Array(pattern.utf8)
        let first = bytes.indices.first { bytes[$0...].starts(with: "://".utf8) }
        let separator = first.flatMap { end in bytes[..<end].contains { "/?#".utf8.contains($0) } ? nil : end }
        let output = PatternParser.parse(pattern, firstSegmentIsHost: false)
        #expect(output.ast.origin.schemeSpan == separator.map { 0..<$0 })
        #expect(output.ast.origin.scheme == separator.map { String(decoding: bytes[..<$0], as: UTF8.self).lowercased() })
        let host = separator.map { separator in
            bytes[(separator + 3)...].prefix { !"/?#".utf8.contains($0) }
        }
        #expect(output.ast.origin.host == host.map { String(decoding: $0, as: UTF8.self).lowercased() })
    }

    @Test func aRestCaptureFillsItsSegment() {
        let output = PatternParser.parse("files/x${path...}", firstSegmentIsHost: false)
        #expect(output.problems == [Problem(reason: .patternSyntax(.restInsideText("path")), span: 6..<17)])
    }

    /// A match before a scan's start does not count, whatever byte follows it: the last word
    /// of a scan that starts near the end overlaps bytes before the start, and a match there
    /// may mark the byte after it (the borrow of the word-at-a-time test).
    @Test(arguments: Array(1...19))
    func aMatchBeforeTheStartDoesNotCount(start: Int) {
        for before in 0..<start {
            for next in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[before] = UInt8(ascii: "?")
                if before + 1 < bytes.count { bytes[before + 1] = next }
                let expected = bytes.indices.first { $0 >= start && (bytes[$0] == UInt8(ascii: "?") || bytes[$0] == UInt8(ascii: "#")) }
                let end = expected ?? bytes.count
                let slashes = bytes[min(start, end)..<end].filter { $0 == UInt8(ascii: "/") }.count
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(LinkReader.pathEnd(buffer, from: start) == end, "? at \(before), then \(next)")
                    let path = LinkReader.pathEndAndSlashes(buffer, from: start)
                    #expect(path.end == end && path.slashes == slashes, "? at \(before), then \(next)")
                }
            }
        }
    }

    /// The word-at-a-time scans agree with a byte-by-byte reading: every byte value at every
    /// offset of a text that spans two words and a tail, alone and with a DEL or a `%` two
    /// bytes after it.
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 18])
    func scansFindTheFirstByteAByteLoopWould(offset: Int) {
        func naive(_ bytes: [UInt8], _ test: (UInt8) -> Bool, from start: Int = 0) -> Int? {
            bytes.indices.first { $0 >= start && test(bytes[$0]) }
        }
        let isControl = { (byte: UInt8) in byte <= 0x20 || byte == 0x7F }
        let endsPath = { (byte: UInt8) in byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        for value in UInt8.min...UInt8.max {
            for later in [nil, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "/")] as [UInt8?] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[offset] = value
                if let later, offset + 2 < bytes.count { bytes[offset + 2] = later }
                let control = naive(bytes, isControl)
                // A `%` counts when it comes before the control character (the link is refused at it).
                let escape = naive(bytes) { $0 == UInt8(ascii: "%") }.map { $0 < control ?? bytes.count } ?? false
                bytes.withUnsafeBufferPointer { buffer in
                    let scan = LinkReader.firstControlCharacterAndEscapes(buffer)
                    #expect(scan.0 == control, "byte \(value)")
                    #expect(scan.hasEscapes == escape, "byte \(value)")
                    for start in [0, 3, 15] {
                        let end = naive(bytes, endsPath, from: start) ?? bytes.count
                        #expect(LinkReader.pathEnd(buffer, from: start) == end, "byte \(value) from \(start)")
                        // The slashes a pattern's path holds, counted in the same pass.
                        let slashes = bytes[start..<end].filter { $0 == UInt8(ascii: "/") }.count
                        let path = LinkReader.pathEndAndSlashes(buffer, from: start)
                        #expect(path.end == end && path.slashes == slashes, "byte \(value) from \(start)")
                    }
                }
            }
        }
    }
}
