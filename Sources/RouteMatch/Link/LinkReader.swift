/// Reads a link into ``LinkComponents`` in one pass over its UTF-8 bytes, without Foundation.
///
/// - `scheme://userinfo@host:port/path?query#fragment` per RFC 3986: the host is what follows
///   the *last* `@` of the authority, so `https://good.com@evil.com` has the host `evil.com`.
/// - A string with no `scheme:` is a raw `path?query#fragment`; one leading `/` is ignored.
/// - Scheme and host are lower-cased; path and query keep their case.
/// - One trailing `/` is ignored; `.` and `..` segments are refused, never resolved.
enum LinkReader {
    /// A decoded fragment, or the malformed escape in it.
    enum Fragment {
        case absent
        case text(String)
        case malformed(Problem)
    }

    /// The problem that makes a link unreadable, thrown by ``components(of:limits:)``.
    struct Unreadable: Error {
        let problem: Problem

        /// The error a caller reports for the unreadable link `input`.
        func error(input: String, closestRoute: RouteReference? = nil) -> RouteMatchError {
            RouteMatchError(
                reason: problem.reason, input: input, subject: .link, span: problem.span, closestRoute: closestRoute)
        }
    }

    /// Reads `text`, or throws why it is unreadable. The components are read into the one
    /// variable they are returned from (never copied out of an optional or a closure's result).
    ///
    /// - Parameter known: Schemes and hosts the link's own are given as, when it spells one
    ///   (the table's), instead of texts made for it.
    static func components(
        of text: String, limits: MatchLimits, known: KnownTexts = .none
    ) throws(Unreadable) -> LinkComponents {
        var link = LinkComponents(text: text, pathRange: 0..<0)
        try read(text, limits: limits, known: known, into: &link)
        return link
    }

    /// Reads `text` into `link`, which holds `text` and nothing read yet (made for it, or
    /// emptied by ``LinkComponents/reset(for:)``), or throws why it is unreadable (`link` is
    /// then partial, for no one to use). The components are read where they stand, never
    /// copied out of an optional or a closure's result (434 bytes: each copy is a `memcpy`).
    static func read(
        _ text: String, limits: MatchLimits, known: KnownTexts, into link: inout LinkComponents
    ) throws(Unreadable) {
        // The text is stored contiguous, so that the segments are read from its bytes in place
        // later: a native string is read where it stands (kept with one retain), a bridged one
        // is copied once, here. The closures do not carry a typed error out: it is kept, and
        // thrown after.
        var unreadable: Unreadable?
        let readInPlace = text.utf8.withContiguousStorageIfAvailable { bytes in
            unreadable = LinkReader.unreadable(reading: bytes, limits: limits, known: known, into: &link)
            return true
        } ?? false
        if !readInPlace {
            var copy = text
            copy.makeContiguousUTF8()
            link.reset(for: copy)
            unreadable = copy.withUTF8 { bytes in LinkReader.unreadable(reading: bytes, limits: limits, known: known, into: &link) }
        }
        if let unreadable { throw unreadable }
    }

    /// Reads `bytes` into `link`; returns what makes the link unreadable, if anything (the
    /// components are then partial, for no one to use).
    private static func unreadable(
        reading bytes: UnsafeBufferPointer<UInt8>, limits: MatchLimits, known: KnownTexts, into link: inout LinkComponents
    ) -> Unreadable? {
        do throws(Unreadable) {
            try read(bytes, limits: limits, known: known, into: &link)
            return nil
        } catch {
            return error
        }
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: MatchLimits, known: KnownTexts, into link: inout LinkComponents
    ) throws(Unreadable) {
        let count = bytes.count
        WorkMeter.add(count)
        if count > limits.maxLinkLength {
            throw Unreadable(problem: Problem(
                reason: .limitExceeded(.linkLength, maximum: limits.maxLinkLength, found: count),
                span: limits.maxLinkLength..<count))
        }
        // Control characters and spaces are never part of a link. Most links have no escape
        // at all: then no piece of the path or query is scanned for one, and a query item's
        // texts are its bytes. One pass finds both.
        let (controlCharacter, hasEscapes) = firstControlCharacterAndEscapes(bytes)
        if let index = controlCharacter {
            throw Unreadable(problem: Problem(
                reason: .malformedLink(.controlCharacter(bytes[index])), span: index..<index + 1))
        }

        var position = 0

        // scheme ":"
        if let colon = schemeEnd(bytes) {
            link.schemeRange = 0..<colon
            link.schemeText = known.text(spelledBy: bytes, 0..<colon) ?? lowercased(bytes, 0..<colon)
            position = colon + 1
            // "//" authority
            if position + 1 < count, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") {
                let start = position + 2
                let end = authorityEnd(bytes, from: start)
                if let problem = readAuthority(bytes, start..<end, known: known, into: &link) {
                    throw Unreadable(problem: problem)
                }
                position = end
            }
        }

        // path
        let pathStart = position
        position = pathEnd(bytes, from: position)
        link.pathRange = pathStart..<position
        if let problem = readSegments(bytes, pathStart..<position, limits: limits, hasEscapes: hasEscapes, into: &link) {
            throw Unreadable(problem: problem)
        }

        // query
        if position < count, bytes[position] == UInt8(ascii: "?") {
            let start = position + 1
            position = firstIndex(
                in: bytes, from: start, word: { bytesEqual($0, UInt8(ascii: "#")) }, byte: { $0 == UInt8(ascii: "#") })
            link.queryRange = start..<position
            link.queryItems.reserveCapacity(8)
            if let problem = readQuery(bytes, start..<position, limits: limits, hasEscapes: hasEscapes, into: &link) {
                throw Unreadable(problem: problem)
            }
        }

        // fragment: kept raw; decoded when a pattern asks for it.
        if position < count, bytes[position] == UInt8(ascii: "#") {
            link.fragmentRange = position + 1..<count
        }
    }

    // MARK: Scanning eight bytes at a time
    //
    // A link is scanned for a few bytes before it is split: the tests below look at a word of
    // eight bytes at once and mark the bytes they look for. The lowest mark of a word is always
    // one (its offset is the mark's trailing zeros), the marks above it may be a borrow's; a
    // word without a mark holds none. Only the last word of a link, which overlaps the one
    // before it, needs the byte it points at checked.

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` below `limit` (at most 0x80) is set, and possibly
    /// of bytes after such a byte (its borrow), never of others: the lowest set bit is exact.
    /// Masks, not booleans: tests joined with `|` run without a branch each.
    @inline(__always)
    private static func bytesBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The high bit of each byte of `word` that is `byte` is set (see ``bytesBelow(_:_:)``).
    @inline(__always)
    private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        bytesBelow(word ^ (ones &* UInt64(byte)), 1)
    }

    /// The offset of the first control character, space or DEL in `bytes`, if any, and whether
    /// a `%` comes before it (or anywhere, when there is none): one pass over the link, where
    /// a pass for each took twice the loads and branches.
    static func firstControlCharacterAndEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int?, hasEscapes: Bool) {
        var hasEscapes = false
        let count = bytes.count
        guard count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) else {
            for offset in 0..<count {
                if bytes[offset] <= 0x20 || bytes[offset] == 0x7F { return (offset, hasEscapes) }
                if bytes[offset] == UInt8(ascii: "%") { hasEscapes = true }
            }
            return (nil, hasEscapes)
        }
        var index = 0
        while index < count {
            // The last word overlaps the one before it when the count is not a multiple of
            // eight: its bytes before `index` hold no control character (the scan would have
            // stopped) and no escape not seen yet.
            let at = index &+ 8 <= count ? index : count &- 8
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let controls = bytesBelow(word, 0x21) | bytesEqual(word, 0x7F)
            let escapes = bytesEqual(word, UInt8(ascii: "%"))
            if controls != 0 {
                // The lowest mark is the first one (a mark above it may be the borrow's).
                let first = controls.trailingZeroBitCount &>> 3
                if escapes & ((1 &<< UInt64(first &* 8)) &- 1) != 0 { hasEscapes = true }
                return (at &+ first, hasEscapes)
            }
            if escapes != 0 { hasEscapes = true }
            index = at &+ 8
        }
        return (nil, hasEscapes)
    }

    /// The offset of the `/`, `?` or `#` that ends the authority starting at `start` (a
    /// pattern's host too), or the end.
    static func authorityEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(
            in: bytes, from: start,
            word: { bytesEqual($0, UInt8(ascii: "/")) | bytesEqual($0, UInt8(ascii: "?")) | bytesEqual($0, UInt8(ascii: "#")) },
            byte: isAuthorityEnd)
    }

    /// The offset of the `?` or `#` that ends the path starting at `start`, or the end.
    static func pathEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(
            in: bytes, from: start,
            word: { bytesEqual($0, UInt8(ascii: "?")) | bytesEqual($0, UInt8(ascii: "#")) },
            byte: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
    }

    /// ``pathEnd(_:from:)``, and how many `/` stand before it: where a pattern's path ends and
    /// the room its segments take, read in one pass eight bytes at a time.
    static func pathEndAndSlashes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, slashes: Int) {
        var index = start
        var slashes = 0
        let count = bytes.count
        if count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
            while index < count {
                // The last word overlaps the one before it when fewer than eight bytes are
                // left: its bytes before `index` are masked out.
                let at = index &+ 8 <= count ? index : count &- 8
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let unread = UInt64.max &<< UInt64((index &- at) &* 8)
                let ends = (exactly(word, UInt8(ascii: "?")) | exactly(word, UInt8(ascii: "#"))) & unread
                let marks = exactly(word, UInt8(ascii: "/")) & unread
                if ends != 0 {
                    // The slashes below the first end (the bits below its lowest mark).
                    slashes &+= markCount(marks & ((ends & (0 &- ends)) &- 1))
                    return (at &+ ends.trailingZeroBitCount &>> 3, slashes)
                }
                slashes &+= markCount(marks)
                index = at &+ 8
            }
            return (count, slashes)
        }
        while index < count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            if bytes[index] == UInt8(ascii: "/") { slashes += 1 }
            index += 1
        }
        return (index, slashes)
    }

    /// The high bit of each byte of `word` that is `byte` is set, and of no other: exact, where
    /// ``bytesEqual(_:_:)`` may also mark a byte above a marked one. (Each byte's low seven
    /// bits plus 0x7F reach its high bit only when not all zero, and never carry into the next.)
    @inline(__always)
    private static func exactly(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return ~(((difference & ~highs) &+ ~highs) | difference) & highs
    }

    /// How many bytes ``exactly(_:_:)`` marked: each byte's mark moved to its lowest bit and
    /// the eight summed into the highest byte by one multiplication (a population count is a
    /// dozen instructions on the baseline x86-64 the library is built for).
    @inline(__always)
    private static func markCount(_ marks: UInt64) -> Int {
        Int(truncatingIfNeeded: ((marks &>> 7) &* ones) &>> 56)
    }

    /// The offset of the first space in `bytes`, or the end (a coding key's raw value that
    /// lists several patterns holds one, a pattern none).
    static func firstSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        firstIndex(
            in: bytes, from: 0, word: { bytesEqual($0, UInt8(ascii: " ")) }, byte: { $0 == UInt8(ascii: " ") })
    }

    /// The offset of the first byte from `start` on that `byte` accepts, or the end: `word`
    /// marks the high bit of each byte of a word it accepts (of the lowest at least: a mark
    /// above the lowest may be a borrow's), so a word without a mark is skipped whole and the
    /// lowest mark of the first word with one is the offset. Links shorter than a word are
    /// read byte by byte. (Not for path segments, most of which are shorter than a word, and
    /// read for less by a byte loop; for a query's items, which are often longer.)
    @inline(__always)
    private static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        word: (UInt64) -> UInt64, byte: (UInt8) -> Bool
    ) -> Int {
        var index = start
        let count = bytes.count
        if count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
            while index &+ 8 <= count {
                let marks = word(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if marks != 0 { return index &+ marks.trailingZeroBitCount &>> 3 }
                index &+= 8
            }
            // Fewer than eight bytes are left: the last word, which overlaps the bytes before
            // `index` (masked out).
            if index < count {
                let at = count &- 8
                let marks = word(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                    & (UInt64.max &<< UInt64((index &- at) &* 8))
                if marks == 0 { return count }
                let offset = at &+ marks.trailingZeroBitCount &>> 3
                // A byte masked out may have marked the one after it (its borrow): then the
                // byte loop decides.
                if byte(bytes[offset]) { return offset }
            }
        }
        while index < count, !byte(bytes[index]) { index += 1 }
        return index
    }

    /// The offset of the `:` that ends a valid scheme, if the text starts with one.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, isAlpha(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isSchemeByte(byte) else { return nil }
            index += 1
        }
        return nil
    }

    private static func readAuthority(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, known: KnownTexts, into link: inout LinkComponents
    ) -> Problem? {
        // One pass: a backslash is never part of an authority (browsers read it as "/", RFC
        // 3986 not at all, so accepting it would let the two disagree about the host), and the
        // host follows the last `@`.
        var hostStart = range.lowerBound
        for index in range {
            if bytes[index] == UInt8(ascii: "\\") {
                return Problem(reason: .malformedLink(.invalidHostCharacter("\\")), span: index..<index + 1)
            }
            if bytes[index] == UInt8(ascii: "@") { hostStart = index + 1 }
        }
        link.authorityRange = range
        if hostStart > range.lowerBound { link.userinfoRange = range.lowerBound..<hostStart - 1 }
        var hostEnd = range.upperBound
        var portStart: Int?
        if hostStart < range.upperBound, bytes[hostStart] == UInt8(ascii: "[") {
            var close = hostStart
            while close < range.upperBound, bytes[close] != UInt8(ascii: "]") { close += 1 }
            guard close < range.upperBound else {
                return Problem(reason: .malformedLink(.unterminatedIPLiteral), span: hostStart..<range.upperBound)
            }
            hostEnd = close + 1
            if hostEnd < range.upperBound {
                guard bytes[hostEnd] == UInt8(ascii: ":") else {
                    return Problem(reason: .malformedLink(.unterminatedIPLiteral), span: hostStart..<range.upperBound)
                }
                portStart = hostEnd + 1
            }
        } else {
            // The host ends at the first `:`; each of its bytes is checked on the way.
            var colon = hostStart
            while colon < range.upperBound, bytes[colon] != UInt8(ascii: ":") {
                guard isHostByte(bytes[colon]) else {
                    let found = slice(bytes, colon..<colon + 1)
                    return Problem(reason: .malformedLink(.invalidHostCharacter(found)), span: colon..<colon + 1)
                }
                colon += 1
            }
            hostEnd = colon
            if colon < range.upperBound { portStart = colon + 1 }
        }
        if hostStart < hostEnd {
            link.hostText = known.text(spelledBy: bytes, hostStart..<hostEnd) ?? lowercased(bytes, hostStart..<hostEnd)
            link.hostRange = hostStart..<hostEnd
        }
        if let portStart, portStart < range.upperBound {
            let portRange = portStart..<range.upperBound
            var value = 0
            for index in portRange {
                guard isDigit(bytes[index]), value <= 65_535 else {
                    return Problem(reason: .malformedLink(.invalidPort(slice(bytes, portRange))), span: portRange)
                }
                value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
            }
            if value > 65_535 {
                return Problem(reason: .malformedLink(.invalidPort(slice(bytes, portRange))), span: portRange)
            }
            let isDefault = (link.schemeText == "http" && value == 80) || (link.schemeText == "https" && value == 443)
            if !isDefault {
                link.portText = String(value)
                link.portRange = portRange
            }
        }
        return nil
    }

    private static func readSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, limits: MatchLimits, hasEscapes: Bool,
        into link: inout LinkComponents
    ) -> Problem? {
        var start = range.lowerBound
        if start < range.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        guard start < range.upperBound else { return nil }
        return forEachPiece(of: start..<range.upperBound, separatedBy: UInt8(ascii: "/"), in: bytes) { segmentRange, isLast in
            // One trailing slash is ignored.
            if isLast, segmentRange.isEmpty, !link.segments.isEmpty { return nil }
            if link.segments.count == limits.maxPathSegments {
                return Problem(
                    reason: .limitExceeded(.pathSegments, maximum: limits.maxPathSegments,
                                           found: countSegments(bytes, start..<range.upperBound)),
                    span: segmentRange.lowerBound..<range.upperBound)
            }
            WorkMeter.add(1)
            // A segment without escapes is its own bytes: no text is made of it here.
            guard hasEscapes, PercentDecoding.firstEscape(bytes, segmentRange) != nil else {
                if isDotSegment(ByteText.part(of: bytes, start: segmentRange.lowerBound, count: segmentRange.count)) {
                    return Problem(reason: .dotSegment(found: slice(bytes, segmentRange)), span: segmentRange)
                }
                link.segments.append(.init(range: segmentRange, decoded: -1))
                return nil
            }
            switch PercentDecoding.decode(bytes, segmentRange) {
            case .success(let value):
                if value.utf8.count <= 2, value == "." || value == ".." {
                    return Problem(reason: .dotSegment(found: value), span: segmentRange)
                }
                link.segments.append(.init(range: segmentRange, decoded: link.decodedTexts.count))
                link.decodedTexts.append(value)
            case .failure(let bad):
                // Kept raw: the route this segment stands in names the escape and its label.
                link.segments.append(.init(range: segmentRange, decoded: -1, badEscape: bad.range))
                link.hasBadEscape = true
            }
            return nil
        }
    }

    /// Whether the segment whose bytes are `segment` is `.` or `..` (which the reader refuses,
    /// and ``PlainHit`` leaves to it).
    @inline(__always)
    static func isDotSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        // The length first: comparing costs more than reading a length.
        guard !segment.isEmpty, segment.count <= 2 else { return false }
        return segment.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// The number of segments in `range`, not counting the one trailing slash that is ignored.
    private static func countSegments(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 1
        for index in range where bytes[index] == UInt8(ascii: "/") { count += 1 }
        if range.count > 1, bytes[range.upperBound - 1] == UInt8(ascii: "/") { count -= 1 }
        return count
    }

    private static func readQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, limits: MatchLimits, hasEscapes: Bool,
        into link: inout LinkComponents
    ) -> Problem? {
        forEachPiece(of: range, separatedBy: UInt8(ascii: "&"), in: bytes, wordwise: true) { itemRange, _ in
            // Empty items (`a=1&&b=2`) are skipped.
            guard !itemRange.isEmpty else { return nil }
            if link.queryItems.count == limits.maxQueryItems {
                let total = nonEmptyPieces(of: range, separatedBy: UInt8(ascii: "&"), in: bytes)
                return Problem(
                    reason: .limitExceeded(.queryItems, maximum: limits.maxQueryItems, found: total),
                    span: itemRange.lowerBound..<range.upperBound)
            }
            WorkMeter.add(1)
            var equals = itemRange.lowerBound
            while equals < itemRange.upperBound, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let keyRange = itemRange.lowerBound..<equals
            let valueRange = equals < itemRange.upperBound ? equals + 1..<itemRange.upperBound : nil
            guard hasEscapes else {
                // The texts are the link's bytes: none is made until a route reads the item.
                link.queryItems.append(.init(
                    range: itemRange, keyRange: keyRange, valueRange: valueRange, keyTag: ByteTag(of: bytes, keyRange),
                    decodedKey: -1, decodedValue: -1))
                return nil
            }
            // A bad escape is kept, not refused: the route that reads the item names it.
            var badEscape: Range<Int>?
            var key = ""
            switch PercentDecoding.decode(bytes, keyRange) {
            case .success(let decoded): key = decoded
            case .failure(let bad): badEscape = bad.range
            }
            let decodedKey = link.decodedTexts.count
            link.decodedTexts.append(key)
            var decodedValue = -1
            if let valueRange {
                switch PercentDecoding.decode(bytes, valueRange) {
                case .success(let decoded):
                    decodedValue = link.decodedTexts.count
                    link.decodedTexts.append(decoded)
                case .failure(let bad):
                    // The value reads as its raw text, the link's bytes.
                    if badEscape == nil { badEscape = bad.range }
                }
            }
            if badEscape != nil { link.hasBadEscape = true }
            link.queryItems.append(.init(
                range: itemRange, keyRange: keyRange, valueRange: valueRange, keyTag: ByteTag(key), decodedKey: decodedKey,
                decodedValue: decodedValue, badEscape: badEscape))
            return nil
        }
    }

    /// Calls `body` with each piece of `range` between `separator` bytes, in order (empty
    /// pieces included), and whether it is the last; stops at the first problem it returns.
    ///
    /// - Parameter wordwise: Whether the separators are looked for a word at a time
    ///   (``firstIndex(in:from:word:byte:)``), for pieces that are often longer than a word (a
    ///   query's items: tracking values run to tens of bytes); else byte by byte, which reads
    ///   pieces shorter than a word (most path segments) for less.
    @inline(__always)
    static func forEachPiece(
        of range: Range<Int>, separatedBy separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>, wordwise: Bool = false,
        _ body: (_ piece: Range<Int>, _ isLast: Bool) -> Problem?
    ) -> Problem? {
        var start = range.lowerBound
        if wordwise {
            // The bytes up to the range's end only: a separator after it is not the range's.
            let bounded = ByteText.part(of: bytes, start: 0, count: range.upperBound)
            while true {
                let end = firstIndex(
                    in: bounded, from: start, word: { bytesEqual($0, separator) }, byte: { $0 == separator })
                guard end < range.upperBound else { break }
                if let problem = body(start..<end, false) { return problem }
                start = end + 1
            }
            return body(start..<range.upperBound, true)
        }
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == separator {
                if let problem = body(start..<index, false) { return problem }
                start = index + 1
            }
            index += 1
        }
        return body(start..<range.upperBound, true)
    }

    /// How many non-empty pieces ``forEachPiece(of:separatedBy:in:_:)`` finds in `range`.
    static func nonEmptyPieces(of range: Range<Int>, separatedBy separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        _ = forEachPiece(of: range, separatedBy: separator, in: bytes) { piece, _ in
            if !piece.isEmpty { count += 1 }
            return nil
        }
        return count
    }

    /// The text of a bad escape, as a reason quotes it.
    static func escapeText(_ link: LinkComponents, _ range: Range<Int>) -> String {
        link.withBytes { slice($0, range) }
    }

    /// Decodes the fragment of `link`, if it has one.
    static func decodedFragment(of link: LinkComponents) -> Fragment {
        guard let range = link.fragmentRange else { return .absent }
        return link.withBytes { bytes in
            switch PercentDecoding.decode(bytes, range) {
            case .success(let value): return .text(value)
            case .failure(let bad):
                return .malformed(Problem(
                    reason: .malformedPercentEncoding(found: slice(bytes, bad.range), label: nil), span: bad.range))
            }
        }
    }

    // MARK: Bytes

    @inline(__always) static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A character a scheme may hold after its first letter (RFC 3986 §3.1).
    @inline(__always) static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// A byte that ends an authority (or a pattern's scheme or host): `/`, `?` or `#`.
    @inline(__always) static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Unreserved and sub-delimiter characters, and any non-ASCII byte (an IRI host): a bit
    /// of two masks for ASCII (bytes 0–63, then 64–127), not a comparison for each.
    @inline(__always) private static func isHostByte(_ byte: UInt8) -> Bool {
        // 0–63: ! $ & ' ( ) * + , - . 0–9 ; =
        let low: UInt64 = 0x2BFF_7FD2_0000_0000
        // 64–127: A–Z _ a–z ~
        let high: UInt64 = 0x47FF_FFFE_87FF_FFFE
        return byte >= 0x80 || ByteTag.inMasks(byte, low: low, high: high)
    }

    static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        PercentDecoding.text(bytes, range)
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var hasUpper = false
        for index in range where isUpper(bytes[index]) {
            hasUpper = true
            break
        }
        return hasUpper ? slice(bytes, range).asciiLowercased : slice(bytes, range)
    }
}

extension String {
    /// ASCII-only lower-casing, as RFC 3986 asks for schemes and hosts.
    var asciiLowercased: String {
        guard utf8.contains(where: LinkReader.isUpper) else { return self }
        return String(decoding: utf8.map { LinkReader.isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
