/// A diagnostic's text as it is laid out: each line's parts written as UTF-8 into one buffer,
/// which becomes a `String` once.
///
/// (A list of lines, each made by concatenating its parts and then joined, made and freed a
/// string a part: more than a quarter of a rendered miss's instructions.)
///
/// ```
/// var lines = DiagnosticLines(capacity: 256)
/// lines.line("error: ", "no route matches myapp://app/nope")
/// lines.line("  |")
/// lines.text  // "error: no route matches myapp://app/nope\n  |"
/// ```
struct DiagnosticLines {
    private var bytes: [UInt8] = []
    private var hasLines = false

    /// An empty text, with room for `capacity` bytes before the buffer grows.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts a line (after a newline, unless it is the first) made of the parts given.
    mutating func line(_ first: String, _ second: String = "", _ third: String = "") {
        if hasLines { bytes.append(UInt8(ascii: "\n")) } else { hasLines = true }
        append(first)
        if !second.isEmpty { append(second) }
        if !third.isEmpty { append(third) }
    }

    /// Appends `text` to the current line.
    mutating func append(_ text: String) {
        ByteText.append(text, to: &bytes)
    }

    /// Appends `count` copies of the ASCII character `byte` to the current line: a caret's
    /// indentation and the caret itself.
    mutating func append(_ byte: UInt8, count: Int) {
        for _ in 0..<max(0, count) { bytes.append(byte) }
    }

    /// The lines, a newline between each two.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
