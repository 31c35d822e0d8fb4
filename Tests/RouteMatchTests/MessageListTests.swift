import Testing
@testable import RouteMatch

/// The lists a diagnostic's lines name: the literals a table offers, the hosts it accepts, a
/// route's values. (The snapshots show lists of one to four items; these show every shape.)
@Suite struct MessageListTests {
    @Test(arguments: [
        ([], 0, ""),
        (["a"], 0, "'a'"),
        (["a", "b"], 0, "'a' and 'b'"),
        (["a", "b", "c"], 0, "'a', 'b' and 'c'"),
        (["a"], 2, "'a' and 2 more"),
        (["section0", "section1", "section2", "section3", "section4"], 995,
         "'section0', 'section1', 'section2', 'section3', 'section4' and 995 more"),
        (["it's", "", "é"], 0, "'it's', '' and 'é'"),
    ] as [([String], Int, String)])
    func quotesEachItem(_ items: [String], more: Int, expected: String) {
        #expect(DiagnosticRenderer.list(items, more: more) == expected)
    }

    @Test func namesTheLiteralsATableOffers() {
        #expect(DiagnosticRenderer.expectedSegmentsMessage(["user"], more: 0) == "routes go on with 'user' here")
        #expect(DiagnosticRenderer.expectedSegmentsMessage(["user", "article"], more: 0)
            == "routes go on with 'user' and 'article' here")
        #expect(DiagnosticRenderer.expectedSegmentsMessage(["a", "b", "c", "d", "e"], more: 7)
            == "routes go on with 'a', 'b', 'c', 'd', 'e' and 7 more here")
    }

    @Test(arguments: [
        (["app"], "the table accepts host 'app'"),
        (["app", "example.com"], "the table accepts hosts 'app' and 'example.com'"),
        (["h1", "h2", "h3", "h4", "h5"], "the table accepts hosts 'h1', 'h2', 'h3', 'h4' and 'h5'"),
        (["h1", "h2", "h3", "h4", "h5", "h6", "h7"], "the table accepts hosts 'h1', 'h2', 'h3', 'h4', 'h5' and 2 more"),
    ] as [([String], String)])
    func namesTheHostsATableAccepts(_ hosts: [String], expected: String) {
        #expect(DiagnosticRenderer.acceptedHostsMessage(hosts) == expected)
    }
}

/// How a diagnostic shows a character: an invisible one as its scalar in hexadecimal, four
/// digits at least; a control character as its picture; any other as itself.
@Test(arguments: [
    ("\u{00AD}", "\\u{00AD}"), ("\u{061C}", "\\u{061C}"), ("\u{202E}", "\\u{202E}"), ("\u{FEFF}", "\\u{FEFF}"),
    ("\u{7}", "\u{2407}"), ("a", "a"), ("é", "é"),
] as [(Character, String)])
func aCharacterIsShownAs(_ character: Character, _ text: String) {
    #expect(DisplayText.cell(character).text == text)
}

/// Hexadecimal digits as ASCII: upper-case, at least as many as asked and one.
@Test(arguments: [
    (0, 0, "0"), (0, 2, "00"), (0x7, 2, "07"), (0xAB, 1, "AB"), (0x1F600, 4, "1F600"), (0x2A, 4, "002A"),
    (UInt.max, 0, String(repeating: "F", count: UInt.bitWidth / 4)),
] as [(UInt, Int, String)])
func writesHexadecimalDigits(_ value: UInt, _ minimumDigits: Int, _ text: String) {
    var bytes: [UInt8] = []
    ByteText.appendHex(value, minimumDigits: minimumDigits, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == text)
}

/// A text as a diagnostic's line shows it: cut at the line's width in characters, not bytes (a
/// text of 60 two-byte letters is shown whole), each control or invisible character shown as its
/// cell, printable ASCII (found by its bytes) as it is.
@Test(arguments: [
    ("myapp://app/user/42", "myapp://app/user/42"),
    (String(repeating: "a", count: 100), String(repeating: "a", count: 100)),
    (String(repeating: "a", count: 101), String(repeating: "a", count: 99) + "…"),
    (String(repeating: "é", count: 60), String(repeating: "é", count: 60)),
    (String(repeating: "界", count: 101), String(repeating: "界", count: 99) + "…"),
    ("a\u{7}b", "a\u{2407}b"), ("~\u{7F}", "~\u{2421}"), ("a\u{202E}b", "a\\u{202E}b"), ("", ""),
] as [(String, String)])
func aLineShowsTheText(_ text: String, _ shown: String) {
    #expect(DiagnosticRenderer.truncated(text) == shown)
}

/// The caret's line: the window of a long link around its span, the column and width in terminal
/// columns, the same whether the text is printable ASCII (one column a byte) or not.
@Test(arguments: [
    ("myapp://app/user/4x2", 17..<20, "myapp://app/user/4x2", 17, 3),
    ("myapp://app/user/4x2", 20..<20, "myapp://app/user/4x2", 20, 1),
    ("myapp://app/界/4x2", 16..<19, "myapp://app/界/4x2", 15, 3),
    (String(repeating: "a", count: 150) + "/x", 151..<152, "…" + String(repeating: "a", count: 39) + "/x", 41, 1),
] as [(String, Range<Int>, String, Int, Int)])
func theCaretLandsUnderTheSpan(_ text: String, _ span: Range<Int>, _ shown: String, _ column: Int, _ width: Int) {
    let window = DiagnosticRenderer.window(text, span: span)
    #expect(window.text == shown)
    #expect(window.column == column)
    #expect(window.width == width)
}
