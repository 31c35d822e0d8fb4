/// The classes of bytes ``PlainHit`` reads a link by, one table of 256 entries, and the scan
/// that finds where a run of one class ends: one load and one test a byte, where a test of two
/// masks (``ByteTag/inMasks(_:low:high:)``) took five, and a loop the compiler keeps in a few
/// registers (the scans written inline in the plain path's long functions kept five counters a
/// byte, spilled).
enum ByteClass {
    /// One of RFC 3986's unreserved characters: a letter, a digit, `-`, `.`, `_` or `~`.
    static let plain: UInt8 = 1
    /// A plain host's byte: a lower-case letter, a digit, `-` or `.`.
    static let host: UInt8 = 2
    /// A plain scheme's byte: a lower-case letter, a digit, `+`, `-` or `.`.
    static let scheme: UInt8 = 4

    /// Each byte's classes, the byte's entry the character `0` plus the sum of its classes'
    /// bits: sixteen bytes a line, from `0x00`–`0x0F` to `0xF0`–`0xFF` (no byte of 128 or more
    /// is in a class). A static string, so it is laid out by the compiler and read with no
    /// lazy initialization. `PlainHitCaptureTests` checks that it has 256 entries (the scans
    /// index it by a byte, unchecked) and every entry against the classes' definitions.
    static let table: StaticString = """
        0000000000000000\
        0000000000000000\
        0000000000040770\
        7777777777000000\
        0111111111111111\
        1111111111100001\
        0777777777777777\
        7777777777700010\
        0000000000000000\
        0000000000000000\
        0000000000000000\
        0000000000000000\
        0000000000000000\
        0000000000000000\
        0000000000000000\
        0000000000000000
        """

    /// The index after the run of `bytes` from `start` each in `byteClass`: `start` when the
    /// byte there is not (or `start` is the end).
    @inline(__always)
    static func end(of byteClass: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return start }
        let classes = table.utf8Start
        var position = base + start
        let end = base + bytes.count
        while position < end, classes[Int(position.pointee)] & byteClass != 0 { position += 1 }
        return position - base
    }
}
