/// Percent-encoding for rendering: only unreserved characters (`A–Z a–z 0–9 - . _ ~`) stay
/// literal; everything else, `+`, `/`, `%` and every non-ASCII byte included, becomes `%XX`
/// with upper-case hex, so that any value reads back as itself.
enum PercentEncoding {
    /// `text` percent-encoded (itself when every byte is unreserved).
    static func encode(_ text: String) -> String {
        let isPlain = text.utf8.withContiguousStorageIfAvailable {
            ByteClass.end(of: ByteClass.plain, in: $0, from: 0) == $0.count
        }
        if isPlain == true { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        encode(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` percent-encoded to `output`, UTF-8 a link is being written into: each
    /// run of unreserved bytes copied whole (``ByteClass/plain``), each other byte as `%XX`.
    static func encode(_ text: String, into output: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { encode($0, into: &output) }
        if copied == nil { Array(text.utf8).withUnsafeBufferPointer { encode($0, into: &output) } }
    }

    // Out of line, as it was while its digits came from a table: inlined into the text's
    // `encode(_:into:)`, its closure retained and released more each call (86 instructions
    // a rendered miss at 1,000 routes, `./instructions.sh rendered-miss-1000`).
    @inline(never)
    private static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var start = 0
        while start < bytes.count {
            let end = ByteClass.end(of: ByteClass.plain, in: bytes, from: start)
            if end > start { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
            guard end < bytes.count else { return }
            let byte = bytes[end]
            output.append(UInt8(ascii: "%"))
            output.append(ByteText.hexDigit(byte >> 4))
            output.append(ByteText.hexDigit(byte))
            start = end + 1
        }
    }
}
