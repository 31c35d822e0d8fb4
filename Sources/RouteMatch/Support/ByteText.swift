/// Texts compared with UTF-8 bytes in place: a link's segment is matched against a pattern's
/// literal without a `String` being made of it.
enum ByteText {
    /// Whether `text`'s UTF-8 is `bytes`.
    @inline(__always)
    static func equals(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The length first: reading it costs less than comparing.
        guard text.utf8.count == bytes.count else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({ equalBytes($0, bytes) }) { return equal }
        return text.utf8.elementsEqual(bytes)
    }

    /// Whether `a` and `b` hold the same bytes (of the same count).
    @inline(__always)
    private static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var index = 0
        while index < a.count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }
}
