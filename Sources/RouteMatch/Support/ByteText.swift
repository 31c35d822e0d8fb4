/// Texts compared with UTF-8 bytes in place: a link's segment is matched against a pattern's
/// literal without a `String` being made of it.
enum ByteText {
    /// Whether `text`'s UTF-8 is `bytes`.
    @inline(__always)
    static func equals(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The length first: reading it costs less than comparing.
        guard text.utf8.count == bytes.count else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({ equal($0, bytes) }) { return equal }
        return text.utf8.elementsEqual(bytes)
    }

    /// Whether `a` and `b` hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var index = 0
        while index < a.count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` spell the lower-cased `lowercased`, ASCII letters in either case (as
    /// schemes and hosts are compared).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, ignoringASCIICaseTo lowercased: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == lowercased.count else { return false }
        var index = 0
        while index < bytes.count {
            // Most links spell them lower-cased already: a byte equal as it stands is not folded.
            if bytes[index] != lowercased[index] {
                var byte = bytes[index]
                if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                if byte != lowercased[index] { return false }
            }
            index += 1
        }
        return true
    }

    /// Whether `bytes` hold a placeholder's opening, `${`, in `range`. (Searched byte by byte:
    /// `String.contains(_:)` goes through the string-processing module's generic search, whose
    /// first call in a process costs a table's build more than all its patterns' parsing.)
    static func hasPlaceholderOpening(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{") { return true }
            index += 1
        }
        return false
    }

    /// Whether `text` holds a placeholder's opening, `${`.
    static func hasPlaceholderOpening(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { hasPlaceholderOpening($0, in: 0..<$0.count) }
    }

    /// `count` bytes of `buffer` from `start`, without building a slice (which would ask the
    /// runtime for its type metadata).
    @inline(__always)
    static func part(of buffer: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = buffer.baseAddress else { return buffer }
        return UnsafeBufferPointer(start: base + start, count: count)
    }
}
