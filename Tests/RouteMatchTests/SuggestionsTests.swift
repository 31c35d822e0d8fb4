import Testing
@_spi(Tools) @testable import RouteMatch

/// "Did you mean": the rule, by examples, and the bounded search against the rule computed in
/// full on generated words.
@Suite struct SuggestionsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let word: String
        let candidates: [String]
        let expected: String?
        var testDescription: String { "'\(word)' in \(candidates)" }
    }

    static let cases: [Case] = [
        Case(word: "usr", candidates: ["user", "settings"], expected: "user"),
        Case(word: "nope", candidates: (0..<1000).map { "section\($0)" } + ["user", "settings"], expected: nil),
        Case(word: "sectoin7", candidates: (0..<1000).map { "section\($0)" }, expected: "section7"),
        // Ties go to the earlier candidate.
        Case(word: "cat", candidates: ["bat", "cut", "car"], expected: "bat"),
        // A nearer later candidate wins.
        Case(word: "profile", candidates: ["profiles-list", "profle", "profile1"], expected: "profle"),
        // The word itself is never suggested; a one-letter word allows one edit.
        Case(word: "user", candidates: ["user"], expected: nil),
        Case(word: "a", candidates: ["b"], expected: "b"),
        Case(word: "", candidates: ["a", "ab"], expected: "a"),
        // A third of the longer word's length, in characters: 9 characters allow 3 edits, not 4.
        Case(word: "abcdefghi", candidates: ["abcdexxxx", "abcdefxxx"], expected: "abcdefxxx"),
        // Characters made of several scalars: the limit counts characters, the distance scalars.
        Case(word: "cafe\u{301}", candidates: ["cafés", "cafe"], expected: "cafe"),
        Case(word: "e\u{301}e\u{301}e\u{301}", candidates: ["eee\u{301}"], expected: nil),
        Case(word: "🇰🇷🇰🇷🇰🇷", candidates: ["🇰🇷🇰🇷"], expected: nil),
        Case(word: "a\r\nb", candidates: ["ab"], expected: nil),
        Case(word: "host", candidates: [], expected: nil),
    ]

    @Test(arguments: cases)
    func suggests(_ example: Case) {
        #expect(Suggestions.nearest(to: example.word, in: example.candidates) == example.expected)
    }

    @Test(arguments: ["", "a", "ab", "\r", "\n", "\r\n", "\n\r", "\r\r\n", "\r\n\r\n", "a\r\nb\r", "e\u{301}", "\r\u{301}",
                      "\r\ne\u{301}", "🇰🇷🇰🇷", "👩‍👧", "한글", "section42", "exmaple.com"])
    func countsScalarsAndCharactersAsStringDoes(_ text: String) {
        let scalars = Suggestions.scalarCount(text)
        #expect(scalars == text.unicodeScalars.count)
        #expect(Suggestions.characterCount(text, scalars: scalars) == text.count)
    }

    /// The rule computed in full for every candidate, as the search once did.
    static func reference(to word: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let d = referenceDistance(Array(word.unicodeScalars), Array(candidate.unicodeScalars))
            guard d <= max(1, max(word.count, candidate.count) / 3) else { continue }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    static let pieces = ["a", "b", "c", "e", "\u{301}", "é", "\r", "\n", "🇰", "🇷", "👩‍👧", "-", "section", "item", "1"]

    static func word(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...7, using: &generator)).map { _ in generator.pick(pieces) }.joined()
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func boundedSearchGivesTheRulesAnswer(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var suggested = 0
        for _ in 0..<2_000 {
            let word = Self.word(&generator)
            var candidates = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.word(&generator) }
            // Near words too, one or two edits away, so that most searches find one.
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                var scalars = Array(word.unicodeScalars)
                if !scalars.isEmpty, generator.chance(50) { scalars.remove(at: Int.random(in: 0..<scalars.count, using: &generator)) }
                scalars.insert(generator.pick(Array("xé\u{301}".unicodeScalars)), at: Int.random(in: 0...scalars.count, using: &generator))
                var near = ""
                near.unicodeScalars.append(contentsOf: scalars)
                candidates.insert(near, at: Int.random(in: 0...candidates.count, using: &generator))
            }
            #expect(Suggestions.scalarCount(word) == word.unicodeScalars.count, "'\(word)'")
            #expect(Suggestions.characterCount(word, scalars: word.unicodeScalars.count) == word.count, "'\(word)'")
            let found = Suggestions.nearest(to: word, in: candidates)
            #expect(found == Self.reference(to: word, in: candidates), "'\(word)' in \(candidates)")
            if found != nil { suggested += 1 }
        }
        // The comparison means something only if many searches suggest a word.
        #expect(suggested > 500)
    }

    /// The Levenshtein distance between `a` and `b`, the whole table computed.
    static func referenceDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            }
        }
        return table[a.count][b.count]
    }

    /// The bit-parallel distance of an ASCII word (1 to 64 bytes: its last byte is a word's
    /// top bit) is the whole table's, whatever the other word's length: random words over a
    /// few letters (so that many bytes match) and over all of ASCII, one a few edits from the
    /// other, and words that share nothing.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func bitParallelDistanceIsTheWholeTables(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let few = Array("ab-.".utf8), ascii = Array(UInt8(0)...UInt8(127))
        for round in 0..<1_500 {
            let alphabet = generator.chance(70) ? few : ascii
            let count = round % 10 == 0 ? 64 : Int.random(in: 1...64, using: &generator)
            let a = (0..<count).map { _ in generator.pick(alphabet) }
            var b: [UInt8]
            if generator.chance(50) {
                b = a
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    let place = Int.random(in: 0...b.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0 where place < b.count: b.remove(at: place)
                    case 1 where place < b.count: b[place] = generator.pick(alphabet)
                    default: b.insert(generator.pick(alphabet), at: place)
                    }
                }
            } else {
                b = (0..<Int.random(in: 0...80, using: &generator)).map { _ in generator.pick(alphabet) }
            }
            let word = String(decoding: a, as: UTF8.self)
            var positions = [UInt64](repeating: 0, count: 128)
            positions.withUnsafeMutableBufferPointer { Suggestions.writeBytePositions(of: word, into: $0) }
            let found = positions.withUnsafeBufferPointer { positions in
                b.withUnsafeBufferPointer { Suggestions.distance(a.count, positions: positions, $0) }
            }
            #expect(found == Self.referenceDistance(a, b), "\(a) \(b)")
        }
    }
}
