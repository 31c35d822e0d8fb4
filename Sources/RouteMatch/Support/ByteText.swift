/// Texts compared with UTF-8 bytes in place: a link's segment is matched against a pattern's
/// literal without a `String` being made of it.
enum ByteText {
    /// The upper-case hexadecimal digit, in ASCII, of `value`'s low four bits.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        let nibble = value & 0xF
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// Appends `value`'s upper-case hexadecimal digits in ASCII to `bytes`, at least
    /// `minimumDigits` of them and one (zeros before): `\u{200B}`'s digits, `0x07`'s, a type's
    /// address.
    static func appendHex(_ value: UInt, minimumDigits: Int, to bytes: inout [UInt8]) {
        var digits = max(minimumDigits, 1, (UInt.bitWidth - value.leadingZeroBitCount + 3) / 4)
        while digits > 0 {
            digits -= 1
            bytes.append(hexDigit(UInt8(truncatingIfNeeded: value >> UInt(digits * 4))))
        }
    }

    /// Hands `put` the decimal digits of `value` (not negative) in ASCII, the first first.
    @inline(__always)
    static func forEachDecimalDigit(of value: Int, _ put: (UInt8) -> Void) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The number of characters of the text whose UTF-8 is `bytes`: an ASCII text's counted
    /// from its bytes (``asciiCharacterCount(_:)``), another's by `String.count`, which finds
    /// the grapheme breaks (and costs ten times more: some 500 instructions a short value).
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var bits: UInt8 = 0
        for byte in bytes { bits |= byte }
        return bits < 0x80 ? asciiCharacterCount(bytes) : String(decoding: bytes, as: UTF8.self).count
    }

    /// The number of characters of the ASCII text whose UTF-8 is `bytes`: a character each
    /// byte, but for each `"\r\n"`, the one pair of ASCII scalars that is one character.
    static func asciiCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var pairs = 0
        var afterReturn = false
        for byte in bytes {
            if afterReturn, byte == UInt8(ascii: "\n") { pairs &+= 1 }
            afterReturn = byte == UInt8(ascii: "\r")
        }
        return bytes.count &- pairs
    }

    /// `body` run over `text`'s UTF-8 bytes: in place where the text is stored as UTF-8 (a
    /// native or small string, as every text RouteMatch makes), else over a contiguous copy (a
    /// string bridged from Objective-C).
    @inline(__always)
    static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Appends `text`'s UTF-8 to `bytes`, copied from where the text stores it. (Appending its
    /// `utf8` view, a generic sequence, took some 200 instructions a text: a sixth of a rendered
    /// diagnostic's layout.)
    static func append(_ text: String, to bytes: inout [UInt8]) {
        withUTF8(of: text) { bytes.append(contentsOf: $0) }
    }

    /// Whether `text`'s UTF-8 is `bytes`.
    @inline(__always)
    static func equals(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The length first: reading it costs less than comparing.
        guard text.utf8.count == bytes.count else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({ equal($0, bytes) }) { return equal }
        return text.utf8.elementsEqual(bytes)
    }

    /// Whether `array` holds `bytes`.
    @inline(__always)
    static func equal(_ array: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        array.withUnsafeBufferPointer { equal($0, bytes) }
    }

    /// Whether `a` and `b` hold the same bytes: compared a word (eight bytes) at a time, the
    /// last word overlapping the one before; a text shorter than a word as two overlapping
    /// halves of four, two or one bytes. (A byte loop took six instructions a byte, and most
    /// literals are longer than four.)
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count > 0 else { return true }
        guard let first = a.baseAddress, let second = b.baseAddress else { return false }
        let x = UnsafeRawPointer(first), y = UnsafeRawPointer(second)
        if count >= 8 {
            var index = 0
            while index &+ 8 < count {
                if x.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    != y.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
                index &+= 8
            }
            let last = count &- 8
            return x.loadUnaligned(fromByteOffset: last, as: UInt64.self) == y.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        }
        if count >= 4 {
            let last = count &- 4
            return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                && x.loadUnaligned(fromByteOffset: last, as: UInt32.self) == y.loadUnaligned(fromByteOffset: last, as: UInt32.self)
        }
        if count >= 2 {
            let last = count &- 2
            return x.loadUnaligned(as: UInt16.self) == y.loadUnaligned(as: UInt16.self)
                && x.loadUnaligned(fromByteOffset: last, as: UInt16.self) == y.loadUnaligned(fromByteOffset: last, as: UInt16.self)
        }
        return first.pointee == second.pointee
    }

    /// Whether `bytes` spell the lower-cased `lowercased`, ASCII letters in either case (as
    /// schemes and hosts are compared).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, ignoringASCIICaseTo lowercased: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most links spell them lower-cased already: compared as they stand first, a word at a
        // time, and folded only when that fails.
        if equal(bytes, lowercased) { return true }
        guard bytes.count == lowercased.count else { return false }
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
            if byte != lowercased[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` hold a placeholder's opening, `${`, in `range`. (Searched byte by byte:
    /// `String.contains(_:)` goes through the string-processing module's generic search, whose
    /// first call in a process costs a table's build more than all its patterns' parsing.)
    static func hasPlaceholderOpening(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        placeholderOpening(bytes, in: range) != nil
    }

    /// Where the first placeholder opening, `${`, of the bytes in `range` stands, if any.
    static func placeholderOpening(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{") { return index }
            index += 1
        }
        return nil
    }

    /// Whether `text` holds a placeholder's opening, `${`.
    static func hasPlaceholderOpening(_ text: String) -> Bool {
        withUTF8(of: text) { hasPlaceholderOpening($0, in: 0..<$0.count) }
    }

    /// `count` bytes of `buffer` from `start`, without building a slice (which would ask the
    /// runtime for its type metadata).
    @inline(__always)
    static func part(of buffer: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = buffer.baseAddress else { return buffer }
        return UnsafeBufferPointer(start: base + start, count: count)
    }
}
