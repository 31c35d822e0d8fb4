import Foundation
import Testing
@testable import RouteMatchTool
import RouteMatch

/// The `routematch` tool, run in process: its text and JSON (snapshots), exit statuses,
/// argument parsing, route files and colour.
@Suite struct ToolTests {
    static let storeRoutes = """
        # Store links
        @origin myapp://app
        @origin https://example.com
        @origin https://www.example.com/app

        home:
        product: product/${id:Int}?ref=${ref:String?}
        appStore: app/id${id:Int}
        file: files/${path...}
        search: search?q=${q}&page=${page:Int?}&tag=${tags:[String]}
        """

    static let malformedRoutes = """
        @scheme myapp
        @hots app
        product: product/${id:Integer}
        product: x
        just a line
        """

    static let brokenRoutes = """
        @scheme myapp
        @host app
        user: user/${idd:Int}/${id
        posts: user/${x}/posts?a=1&a=2
        pair: x/${a:Int}/${a:Int}?b=${b:[Int]}
        """

    static let files = ["store.txt": storeRoutes, "bad.txt": malformedRoutes, "broken.txt": brokenRoutes]

    /// Runs the tool on the README's table (the test fixture `AppRoute`, the same declaration).
    static func run(
        _ arguments: [String], input: [String] = [], isTerminal: Bool = false, environment: [String: String] = [:]
    ) -> (status: Int32, output: String, error: String) {
        var io = ToolIO(input: input, files: files, isTerminal: isTerminal, environment: environment)
        let status = RouteMatchTool.run(arguments, table: ToolTable(AppRoute.self), io: &io)
        return (status, io.output, io.errorOutput)
    }

    struct Scenario: CustomTestStringConvertible, Sendable {
        let snapshot: String
        let arguments: [String]
        var input: [String] = []
        let status: Int32
        var testDescription: String { snapshot }
    }

    static let scenarios: [Scenario] = [
        Scenario(snapshot: "tool.explain-miss", arguments: ["explain", "myapp://app/user/4x2/posts?page=2"], status: 1),
        Scenario(snapshot: "tool.explain-hit",
                 arguments: ["explain", "myapp://app/user/42/posts?page=2&premium=true", "user/42/profile"], status: 0),
        Scenario(snapshot: "tool.explain-redacted",
                 arguments: ["explain", "--redact", "myapp://me:hunter2@app/user/4x2/posts?page=2&token=abc",
                             "myapp://app/article/swift?ref=mail"], status: 1),
        Scenario(snapshot: "tool.explain-json",
                 arguments: ["explain", "--json", "myapp://app/user/4x2/posts?page=2", "myapp://app/article/swift"], status: 1),
        Scenario(snapshot: "tool.explain-json-redacted",
                 arguments: ["explain", "--json", "--redact", "myapp://me:hunter2@app/user/4x2/posts?page=2",
                             "myapp://app/article/swift?ref=mail"], status: 1),
        Scenario(snapshot: "tool.explain-stdin", arguments: ["explain"],
                 input: ["myapp://app/user/42/profile", "", "  ", "myapp://app/usr/42/profile\r"], status: 1),
        Scenario(snapshot: "tool.explain-route-file",
                 arguments: ["explain", "--routes", "store.txt", "https://www.example.com/app/product/42?ref=mail",
                             "myapp://app/app/id123", "https://example.com/files/a/b%2Fc.txt",
                             "myapp://app/search?q=swift&tag=a&tag=b", "https://exmaple.com/search?q=x",
                             "myapp://app/app/idx"], status: 1),
        Scenario(snapshot: "tool.list", arguments: ["list"], status: 0),
        Scenario(snapshot: "tool.list-route-file", arguments: ["list", "--routes=store.txt"], status: 0),
        Scenario(snapshot: "tool.list-json", arguments: ["list", "--json", "--routes", "store.txt"], status: 0),
        Scenario(snapshot: "tool.check", arguments: ["check"], status: 0),
        Scenario(snapshot: "tool.check-broken", arguments: ["check", "--routes", "broken.txt"], status: 1),
        Scenario(snapshot: "tool.check-broken-json", arguments: ["check", "--json", "--routes", "broken.txt"], status: 1),
        Scenario(snapshot: "tool.help", arguments: ["--help"], status: 0),
        Scenario(snapshot: "tool.help-explain", arguments: ["explain", "--help"], status: 0),
    ]

    @Test(arguments: scenarios)
    func output(_ scenario: Scenario) {
        let result = Self.run(scenario.arguments, input: scenario.input)
        #expect(result.status == scenario.status)
        #expect(result.error == "")
        assertSnapshot(result.output, named: scenario.snapshot)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let snapshot: String
        let arguments: [String]
        var testDescription: String { snapshot }
    }

    /// Bad arguments and malformed route files: a clear error on standard error, nothing on
    /// standard output, exit status 2.
    @Test(arguments: [
        Refusal(snapshot: "tool.unknown-subcommand", arguments: ["explian", "x"]),
        Refusal(snapshot: "tool.unknown-option", arguments: ["explain", "--jsno", "x"]),
        Refusal(snapshot: "tool.option-needs-value", arguments: ["list", "--routes"]),
        Refusal(snapshot: "tool.invalid-color", arguments: ["explain", "--color", "blue", "x"]),
        Refusal(snapshot: "tool.unexpected-argument", arguments: ["list", "extra"]),
        Refusal(snapshot: "tool.unreadable-route-file", arguments: ["check", "--routes", "missing.txt"]),
        Refusal(snapshot: "tool.malformed-route-file", arguments: ["check", "--routes", "bad.txt"]),
    ])
    func refusal(_ refusal: Refusal) {
        let result = Self.run(refusal.arguments)
        #expect(result.status == 2)
        #expect(result.output == "")
        assertSnapshot(result.error, named: refusal.snapshot)
    }

    /// A broken table stops `explain` and `list` with status 2: it matches nothing.
    @Test(arguments: [["explain", "--routes", "broken.txt", "myapp://app/user/1"], ["list", "--routes", "broken.txt"]])
    func brokenTableIsStatusTwo(_ arguments: [String]) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.output == Self.run(["check", "--routes", "broken.txt"]).output)
    }

    /// One renderer: `explain` prints exactly the library's diagnostic, and its JSON is the
    /// error's own encoding.
    @Test(arguments: ["myapp://app/user/4x2/posts?page=2", "https://app/x", "myapp://app/user/42/posts?page=2&page=3&premium=1"])
    func explainPrintsTheLibrarysDiagnostic(_ link: String) throws {
        let error = try #require(AppRoute.match(link).failure)
        #expect(Self.run(["explain", link]).output == error.description + "\n")
        #expect(Self.run(["explain", "--redact", link]).output == error.redactedDescription + "\n")
        let record = try JSONSerialization.jsonObject(with: Data(Self.run(["explain", "--json", link]).output.utf8)) as? NSDictionary
        let encoder = JSONEncoder()
        let own = try JSONSerialization.jsonObject(with: encoder.encode(error)) as? NSDictionary
        #expect(record?["error"] as? NSDictionary == own)
    }

    /// Colour: `auto` only on a terminal without `NO_COLOR` or a dumb `TERM`; `always` and
    /// `never` as said. Coloured text is the same text with ANSI codes added.
    @Test(arguments: [
        (["--color", "auto"], true, [String: String](), true),
        (["--color", "auto"], false, [:], false),
        ([], true, ["NO_COLOR": "1"], false),
        ([], true, ["TERM": "dumb"], false),
        (["--color=always"], false, [:], true),
        (["--color", "never"], true, [:], false),
    ])
    func colour(_ options: [String], isTerminal: Bool, environment: [String: String], coloured: Bool) {
        let link = "myapp://app/user/4x2/posts?page=2"
        let result = Self.run(["explain"] + options + [link], isTerminal: isTerminal, environment: environment)
        #expect(result.output.contains("\u{1B}[") == coloured)
        let plain = result.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain == Self.run(["explain", link]).output)
    }

    @Test func colouredDiagnosticSnapshot() {
        let result = Self.run(["explain", "--color", "always", "myapp://app/user/4x2/posts?page=2"])
        assertSnapshot(result.output.replacingOccurrences(of: "\u{1B}", with: "<ESC>"), named: "tool.explain-colour")
    }

    struct ParseCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let expected: Invocation?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        ParseCase(arguments: [], expected: nil),
        ParseCase(arguments: ["help"], expected: nil),
        ParseCase(arguments: ["help", "list"], expected: Invocation(subcommand: .list, help: true)),
        ParseCase(arguments: ["check", "-h"], expected: Invocation(subcommand: .check, help: true)),
        ParseCase(arguments: ["explain", "a", "--json", "b"], expected: Invocation(subcommand: .explain, links: ["a", "b"], json: true)),
        ParseCase(arguments: ["explain", "--", "--json"], expected: Invocation(subcommand: .explain, links: ["--json"])),
        ParseCase(arguments: ["explain", "-"], expected: Invocation(subcommand: .explain, links: ["-"])),
        ParseCase(arguments: ["explain", "--routes=r.txt", "--color", "never", "--redact"],
                  expected: Invocation(subcommand: .explain, routesFile: "r.txt", redact: true, color: .never)),
    ])
    func parsesArguments(_ parse: ParseCase) throws {
        #expect(try Arguments.parse(parse.arguments).get() == parse.expected)
    }

    @Test(arguments: [
        (["check", "--redact"], UsageError(message: "unknown option '--redact' for 'check'", subcommand: .check)),
        (["explain", "--json=yes"], UsageError(message: "option '--json' takes no value", subcommand: .explain)),
        (["lst"], UsageError(message: "unknown subcommand 'lst'; did you mean 'list'?", subcommand: nil)),
        (["zzzzzz"], UsageError(message: "unknown subcommand 'zzzzzz'", subcommand: nil)),
    ])
    func refusesArguments(_ arguments: [String], error: UsageError) {
        #expect(throws: error) { try Arguments.parse(arguments).get() }
    }

    /// Route files: types, optionals, lists, rest captures, comments and fragments.
    @Test func readsARouteFile() throws {
        let file = try RouteFile.parse("""
            @scheme myapp   # the app's scheme
            @host app
            a: x/${id:Int}?q=${q:String?}#top
            b: files/${path...:String}?tag=${tags:[Int]?}
            """).get()
        #expect(file.scheme == "myapp")
        #expect(file.host == "app")
        #expect(file.routes.map(\.pattern) == ["x/${id}?q=${q}#top", "files/${path...}?tag=${tags}"])
        #expect(file.routes.map { $0.values.map(\.type.description) } == [["Int", "String?"], ["String", "[Int]?"]])
        #expect(file.routes.map(\.line) == [3, 4])
    }

    /// A route file's pattern without its types, and back: each offset of the compiled
    /// pattern lands on the same place of the written one.
    @Test(arguments: [
        ("a/${id:Int}/b", [0: 0, 2: 2, 4: 4, 6: 6, 7: 11, 8: 12, 9: 13]),
        ("x/${a}/${b:[Int]?}", [2: 2, 6: 6, 7: 7, 11: 18]),
        ("${p...:String}", [0: 0, 2: 2, 6: 6, 7: 14]),
        ("plain/text", [0: 0, 5: 5, 10: 10]),
        ("v/${v:String", [2: 2, 12: 12]),
    ])
    func mapsCompiledOffsetsToTheWrittenPattern(_ written: String, _ expected: [Int: Int]) throws {
        let file = try RouteFile.parse("@scheme s\n@host h\nr: " + written).get()
        let route = try #require(file.routes.first)
        for (compiled, place) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(route.writtenOffset(compiled) == place, "offset \(compiled) of \(route.pattern)")
        }
    }

    @Test func aRouteFileWithoutRoutesSaysSo() {
        #expect(throws: RouteFile.Problems(list: [
            RouteFile.Problem(line: 1, column: 1, length: 1, message: "the route file declares no route ('name: pattern' lines)")
        ])) { try RouteFile.parse("@scheme myapp\n").get() }
    }

    /// A hit's values, one associated value or several, each with its label, type and text.
    @Test(arguments: [
        ("myapp://app/user/42/profile", #"[{"name":"id","type":"String","value":"\"42\""}]"#),
        ("myapp://app/user/7/posts?page=2&premium=false",
         #"[{"name":"id","type":"Int","value":"7"},{"name":"page","type":"Int","value":"2"},{"name":"premium","type":"Bool","value":"false"}]"#),
        ("myapp://app", "[]"),
    ])
    func printsEachValue(_ link: String, _ values: String) {
        let output = Self.run(["explain", "--json", link]).output
        #expect(output.contains(#""values":"# + values + "}"))
    }

    /// Links given as arguments come first; `-` then reads standard input.
    @Test func argumentsThenStandardInput() {
        let result = Self.run(["explain", "--json", "myapp://app/user/1/profile", "-"], input: ["myapp://app/user/2/profile"])
        let ids = result.output.split(separator: "\n").map { $0.contains(#"\"1\""#) ? 1 : $0.contains(#"\"2\""#) ? 2 : 0 }
        #expect(ids == [1, 2])
        #expect(result.status == 0)
    }

    /// The tool reads a log: every line is explained, in order, once.
    @Test func readsEveryLineOfALog() {
        let lines = (0..<2_000).map { $0 % 2 == 0 ? "myapp://app/user/\($0)/profile" : "myapp://app/user/\($0)x/posts" }
        let result = Self.run(["explain", "--json"], input: lines)
        let records = result.output.split(separator: "\n")
        #expect(records.count == 2_000)
        #expect(records.filter { $0.contains("\"matched\":true") }.count == 1_000)
        #expect(result.status == 1)
    }
}
