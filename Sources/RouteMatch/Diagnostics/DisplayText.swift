/// How a piece of a link is shown on a terminal line: each character with the text that
/// stands for it and the columns it takes, so that a caret lands under the right character
/// whatever the script.
///
/// - East Asian wide and fullwidth characters and emoji take two columns; combining marks
///   and joiners take none (they belong to the character before them).
/// - Control characters are shown as their Unicode control pictures (`␇`), one column each.
/// - Bidirectional controls and other invisible characters that can reorder or hide text
///   (U+202A–U+202E, U+2066–U+2069, U+200B, U+200E, U+200F, U+061C, U+2028, U+2029, U+2060,
///   U+FEFF, U+00AD) are shown escaped, `\u{202E}`, so a log viewer shows what the link holds.
enum DisplayText {
    /// One character as shown: its text and its width in columns.
    struct Cell {
        let text: String
        let width: Int
    }

    /// The cell for one character.
    static func cell(_ character: Character) -> Cell {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return Cell(text: "", width: 0) }
        if scalars.count == 1 {
            if first.value < 0x20, let picture = Unicode.Scalar(0x2400 + first.value) {
                return Cell(text: String(Character(picture)), width: 1)
            }
            if first.value == 0x7F { return Cell(text: "\u{2421}", width: 1) }
        }
        if scalars.contains(where: isInvisible) {
            var text = ""
            for scalar in scalars {
                text += isInvisible(scalar) ? escaped(scalar) : String(Character(scalar))
            }
            return Cell(text: text, width: width(of: text))
        }
        return Cell(text: String(character), width: width(of: character))
    }

    /// The columns `text` takes once shown.
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` as shown: every character replaced by its cell's text.
    static func shown(_ text: String) -> String {
        // Printable ASCII, as most links are, is shown as it is: told by its bytes, without
        // decoding its scalars.
        if ByteText.withUTF8(of: text, isPrintableASCII) { return text }
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || isInvisible($0) }) else {
            return text
        }
        return text.map { cell($0).text }.joined()
    }

    private static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if isWide(first) || first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// Whether every byte is a printable ASCII character (`0x20` to `0x7E`), each shown as
    /// itself in one column.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// Characters that reorder or hide text on a terminal.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200B, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029,
             0x2060, 0xFEFF, 0x00AD:
            return true
        default:
            return false
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        var bytes = Array("\\u{".utf8)
        ByteText.appendHex(UInt(scalar.value), minimumDigits: 4, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// East Asian wide and fullwidth ranges (Unicode's EastAsianWidth W and F).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
