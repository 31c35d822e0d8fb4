/// "Did you mean": the candidate nearest in spelling, when it is near enough. (Shared with
/// RouteMatch's own tool through SPI, so that its "did you mean" follows the same rule.)
@_spi(Tools) public enum Suggestions {
    /// The candidate nearest to `word` (ties go to the earlier one), if its distance is at
    /// most a third of the longer word's length, and at least 1 edit is allowed.
    ///
    /// A diagnostic asks this of every literal a table expects at a segment, a thousand at the
    /// first segment of a thousand-route table, so a candidate is first judged by what is cheap:
    /// the difference of the two words' lengths in Unicode scalars is at least their distance,
    /// and a word's length in characters, which the rule reads, is at most its length in
    /// scalars. A candidate left after that is measured: against an ASCII word of at most 64
    /// bytes by its bytes, a machine word of bits at a time (``distance(_:positions:_:)``);
    /// otherwise row by row, given up as soon as every entry of a row exceeds what it needs
    /// to beat (the rule's limit, or the best distance so far). The result is the one the
    /// rule gives for the full distance.
    ///
    /// ```swift
    /// Suggestions.nearest(to: "usr", in: ["user", "settings"])   // "user"
    /// ```
    ///
    /// - Parameters:
    ///   - word: The word as found.
    ///   - candidates: The words it may have meant, in order of preference.
    /// - Returns: The nearest candidate, or `nil` when none is near enough (or the only ones
    ///   near are `word` itself).
    public static func nearest<C: Collection>(to word: String, in candidates: C) -> String? where C.Element == String {
        let wordLength = scalarCount(word)
        // A text is ASCII when it has as many scalars as UTF-8 bytes. An ASCII word of 1 to 64
        // bytes is measured by its bytes' positions (``distance(_:positions:_:)``), written on
        // the stack once for every candidate (an array of them was an allocation a search),
        // when a candidate is first measured (most searches rule every candidate out by its
        // length).
        guard wordLength > 0, wordLength <= 64, wordLength == word.utf8.count else {
            return nearest(to: word, length: wordLength, in: candidates, positions: nil)
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { positions in
            nearest(to: word, length: wordLength, in: candidates, positions: positions)
        }
    }

    /// ``nearest(to:in:)`` of `word`, whose length in scalars is `length`: when it is an ASCII
    /// word of at most 64 bytes, its bytes' positions are written into `positions` (128
    /// entries, not yet initialized) before a candidate is first measured.
    private static func nearest<C: Collection>(
        to word: String, length wordLength: Int, in candidates: C, positions: UnsafeMutableBufferPointer<UInt64>?
    ) -> String? where C.Element == String {
        var positionsWritten = false
        let characters = characterCount(word, scalars: wordLength)
        // Other texts are compared by their scalars, copied.
        let wordIsASCII = wordLength == word.utf8.count
        var scalars: [Unicode.Scalar] = []
        var rows: [Int] = []
        var other: [Unicode.Scalar] = []
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            // The distance must beat the best so far (ties go to the earlier candidate).
            let toBeat = best.map { $0.distance - 1 } ?? Int.max
            let length = scalarCount(candidate)
            let lowerBound = abs(length - wordLength)
            // The rule's limit is at most this, since a word has no more characters than scalars.
            guard lowerBound <= min(max(1, max(wordLength, length) / 3), toBeat) else { continue }
            let limit = min(max(1, max(characters, characterCount(candidate, scalars: length)) / 3), toBeat)
            guard lowerBound <= limit else { continue }
            let found: Int?
            if let positions, length == candidate.utf8.count {
                if !positionsWritten {
                    positions.initialize(repeating: 0)
                    writeBytePositions(of: word, into: positions)
                    positionsWritten = true
                }
                let measured = ByteText.withUTF8(of: candidate) {
                    distance(wordLength, positions: UnsafeBufferPointer(positions), $0)
                }
                found = measured <= limit ? measured : nil
            } else if wordIsASCII, length == candidate.utf8.count {
                found = ByteText.withUTF8(of: word) { a in ByteText.withUTF8(of: candidate) { b in distance(a, b, within: limit, rows: &rows) } }
            } else {
                if scalars.isEmpty { scalars.append(contentsOf: word.unicodeScalars) }
                other.removeAll(keepingCapacity: true)
                other.append(contentsOf: candidate.unicodeScalars)
                found = scalars.withUnsafeBufferPointer { a in
                    other.withUnsafeBufferPointer { b in distance(a, b, within: limit, rows: &rows) }
                }
            }
            if let found { best = (candidate, found) }
        }
        return best?.candidate
    }

    /// The number of Unicode scalars in `text`: its UTF-8 bytes that start one.
    static func scalarCount(_ text: String) -> Int {
        ByteText.withUTF8(of: text) { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count &+= 1 }
            return count
        }
    }

    /// The number of characters in `text`, which has `scalars` Unicode scalars: an ASCII
    /// text's (as many scalars as bytes) counted from its bytes
    /// (``ByteText/asciiCharacterCount(_:)``), another's by `String.count`.
    static func characterCount(_ text: String, scalars: Int) -> Int {
        guard scalars == text.utf8.count else { return text.count }
        return ByteText.withUTF8(of: text) { ByteText.asciiCharacterCount($0) }
    }

    /// Writes, for each ASCII byte, the positions in `word` (ASCII, at most 64 bytes) where
    /// it stands into `positions` (128 entries, zero): bit *i* of entry *b* is set when byte
    /// *i* of the word is *b*.
    static func writeBytePositions(of word: String, into positions: UnsafeMutableBufferPointer<UInt64>) {
        ByteText.withUTF8(of: word) { bytes in
            for index in 0..<bytes.count { positions[Int(bytes[index] & 0x7F)] |= 1 &<< UInt64(index) }
        }
    }

    /// The Levenshtein distance between a word of `count` ASCII bytes (1 to 64), whose byte
    /// positions (``writeBytePositions(of:into:)``) are `positions`, and the ASCII bytes `b`:
    /// Myers' bit-parallel algorithm, as Hyyrö gives it for the distance between two whole words
    /// (G. Myers, "A fast bit-vector algorithm for approximate string matching based on dynamic
    /// programming", J. ACM 46(3), 1999; H. Hyyrö, "A bit-vector algorithm for computing
    /// Levenshtein and Damerau edit distances", 2003). A column of the distance table is held as
    /// two words of bits, its entries' rises and falls from one to the next, and a byte of `b`
    /// advances it in a dozen word operations, where the row-by-row table computed one entry at a
    /// time (some 30 instructions an entry, in its band). The score follows the table's last row;
    /// the bits above the word's length never reach the ones below it.
    static func distance(_ count: Int, positions: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var rises = UInt64.max, falls: UInt64 = 0
        var score = count
        let last: UInt64 = 1 &<< UInt64(count &- 1)
        for byte in b {
            let matches = positions[Int(byte & 0x7F)]
            let vertical = matches | falls
            let horizontal = (((matches & rises) &+ rises) ^ rises) | matches
            var horizontalRises = falls | ~(horizontal | rises)
            var horizontalFalls = rises & horizontal
            if horizontalRises & last != 0 {
                score &+= 1
            } else if horizontalFalls & last != 0 {
                score &-= 1
            }
            // The first row's entries rise by one a byte: a one comes in at the bottom.
            horizontalRises = (horizontalRises &<< 1) | 1
            horizontalFalls = horizontalFalls &<< 1
            rises = horizontalFalls | ~(vertical | horizontalRises)
            falls = horizontalRises & vertical
        }
        return score
    }

    /// The Levenshtein distance between `a` and `b`, or `nil` when it exceeds `limit`.
    ///
    /// Row by row, in `rows` (two rows, kept from one candidate to the next), and in each row
    /// only the entries within `limit` of its diagonal: an entry further off is at least its
    /// distance from the diagonal, so it counts as `limit + 1` ("too far"). A row every entry of
    /// which is too far ends it, since every later row's entries are at least its smallest.
    /// (The indices and entries are below the words' lengths plus two, so the arithmetic
    /// wraps nowhere: `&+`.)
    private static func distance<Element: Equatable>(
        _ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>, within limit: Int, rows: inout [Int]
    ) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        // The distance is at least the difference of the lengths (so the last row's band
        // reaches the last entry) and at most the longer length.
        guard abs(a.count &- b.count) <= limit else { return nil }
        let limit = min(limit, max(a.count, b.count))
        let tooFar = limit &+ 1
        let width = b.count &+ 1
        if rows.count < 2 &* width { rows = Array(repeating: 0, count: 2 &* width) }
        return rows.withUnsafeMutableBufferPointer { rows -> Int? in
            // The two rows' offsets in `rows`, swapped after each row.
            var previous = 0, current = width
            for j in 0..<width { rows[j] = min(j, tooFar) }
            for i in 1...a.count {
                // Never empty: the lengths differ by at most `limit`.
                let low = max(1, i &- limit), high = min(b.count, i &+ limit)
                rows[current] = min(i, tooFar)
                if low > 1 { rows[current &+ low &- 1] = tooFar }
                var smallest = rows[current &+ low &- 1]
                let element = a[i &- 1]
                for j in low...high {
                    let cost = element == b[j &- 1] ? 0 : 1
                    let entry = min(
                        rows[previous &+ j] &+ 1, rows[current &+ j &- 1] &+ 1, rows[previous &+ j &- 1] &+ cost, tooFar)
                    rows[current &+ j] = entry
                    if entry < smallest { smallest = entry }
                }
                // The entry past the band, which the next row reads above its own last one.
                if high < b.count { rows[current &+ high &+ 1] = tooFar }
                if smallest > limit { return nil }
                swap(&previous, &current)
            }
            let distance = rows[previous &+ b.count]
            return distance <= limit ? distance : nil
        }
    }
}
