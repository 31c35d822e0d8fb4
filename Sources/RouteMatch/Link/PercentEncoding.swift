/// Percent-encoding for rendering: only unreserved characters (`A–Z a–z 0–9 - . _ ~`) stay
/// literal; everything else, `+`, `/`, `%` and every non-ASCII byte included, becomes `%XX`
/// with upper-case hex, so that any value reads back as itself.
enum PercentEncoding {
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        LinkReader.isAlpha(byte) || LinkReader.isDigit(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        encode(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` percent-encoded to `output`, UTF-8 a link is being written into.
    static func encode(_ text: String, into output: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
