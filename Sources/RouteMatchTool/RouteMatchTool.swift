#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@_spi(Tools) import RouteMatch

/// The `routematch` command: `explain`, `check` and `list` against a route table — the app's
/// own `Routable` type, or a route file.
///
/// An app gets the tool for its real table with an executable target of a few lines:
///
/// ```swift
/// // Package.swift
/// .executableTarget(name: "routes", dependencies: [
///     "AppRoutes", .product(name: "RouteMatchTool", package: "RouteMatch"),
/// ]),
///
/// // Sources/routes/main.swift
/// import AppRoutes
/// import RouteMatchTool
///
/// RouteMatchTool.main(AppRoute.self)
/// ```
///
/// and then `swift run routes explain 'myapp://app/user/4x2'`.
public enum RouteMatchTool {
    /// Runs the tool on the process's arguments against a `Routable` type's table, and exits
    /// with its status.
    ///
    /// - Parameter type: The app's route type.
    public static func main<Route: Routable>(_ type: Route.Type) -> Never {
        main(ToolTable(type))
    }

    /// Runs the tool on the process's arguments against a table, and exits with its status.
    ///
    /// - Parameter table: The table (``ToolTable/init(_:name:)`` for a `Router`).
    public static func main(_ table: ToolTable) -> Never {
        var io = ToolIO.standard
        let status = run(Array(CommandLine.arguments.dropFirst()), table: table, io: &io)
        io.flush()
        exit(status)
    }

    /// Runs the tool in process, for tests: the arguments after the program's name, the
    /// table, standard input's lines; returns the exit status.
    ///
    /// ```swift
    /// var io = ToolIO(input: [], isTerminal: false)
    /// let status = RouteMatchTool.run(["explain", "myapp://app/user/4x2"], table: ToolTable(AppRoute.self), io: &io)
    /// print(io.output, status)
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - table: The table used without `--routes`.
    ///   - io: Where the tool reads and writes.
    /// - Returns: The exit status: 0 every link matched, 1 some did not, 2 a usage or table error.
    public static func run(_ arguments: [String], table: ToolTable, io: inout ToolIO) -> Int32 {
        let invocation: Invocation
        switch Arguments.parse(arguments) {
        case .failure(let error):
            io.writeError("error: " + error.message + "\n" + ToolMessages.usageLine(error.subcommand) + "\n")
            return 2
        case .success(nil):
            io.write(ToolMessages.overview(table: table.name) + "\n")
            return 0
        case .success(let parsed?):
            invocation = parsed
        }
        if invocation.help {
            io.write(ToolMessages.help(invocation.subcommand, table: table.name) + "\n")
            return 0
        }
        let style = Style(enabled: invocation.color == .always
            || (invocation.color == .auto && io.isTerminal && io.environment["NO_COLOR"] == nil
                && io.environment["TERM"] != "dumb"))
        var output = Output(io: io, style: style, json: invocation.json)
        defer { io = output.io }
        guard let table = load(invocation, default: table, output: &output) else { return 2 }
        switch invocation.subcommand {
        case .explain: return Commands.explain(invocation, table: table, output: &output)
        case .check: return Commands.check(table, output: &output)
        case .list: return Commands.list(table, output: &output)
        }
    }

    /// The table to use: the route file's, or `table`; `nil` (after printing why) for an
    /// unreadable or malformed file.
    private static func load(_ invocation: Invocation, default table: ToolTable, output: inout Output) -> ToolTable? {
        guard let path = invocation.routesFile else { return table }
        guard let text = output.io.readFile(path) else {
            output.error("error: " + ToolMessages.unreadableFile(path))
            return nil
        }
        switch ToolTable.routeFile(text, name: path) {
        case .success(let table):
            return table
        case .failure(let problems):
            output.routeFileProblems(problems.list, text: text, path: path)
            return nil
        }
    }
}

/// The C library's `write(2)` (a plain `write` would find other declarations first).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
#if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
#elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
#else
    Darwin.write(descriptor, bytes, count)
#endif
}

/// Where the tool reads and writes: the process's standard streams, or strings in tests.
public struct ToolIO {
    /// Everything written to standard output (in a test), or what is still buffered.
    public var output = ""
    /// Everything written to standard error (in a test).
    public var errorOutput = ""
    /// Whether standard output is a terminal (colours by default).
    public var isTerminal: Bool
    /// The environment (`NO_COLOR`, `TERM`).
    public var environment: [String: String]
    var lines: () -> String?
    var readFile: (String) -> String?
    var sink: ((String, Bool) -> Void)?

    /// An in-memory `ToolIO`: `input` as standard input's lines, files read from `files`.
    ///
    /// - Parameters:
    ///   - input: Standard input's lines.
    ///   - files: Route files by path.
    ///   - isTerminal: Whether output is a terminal.
    ///   - environment: The environment.
    public init(input: [String] = [], files: [String: String] = [:], isTerminal: Bool = false,
                environment: [String: String] = [:]) {
        var remaining = input[...]
        lines = { remaining.popFirst() }
        readFile = { files[$0] }
        self.isTerminal = isTerminal
        self.environment = environment
    }

    /// The process's standard streams, buffered.
    static var standard: ToolIO {
        var io = ToolIO(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
        io.lines = { readLine(strippingNewline: true) }
        io.readFile = { path in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
        io.sink = { text, isError in
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = systemWrite(isError ? STDERR_FILENO : STDOUT_FILENO, base + offset, bytes.count - offset)
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
        return io
    }

    mutating func write(_ text: String) {
        output += text
        if sink != nil, output.utf8.count >= 1 << 16 { flush() }
    }

    mutating func writeError(_ text: String) {
        flush()
        if let sink { sink(text, true) } else { errorOutput += text }
    }

    mutating func flush() {
        guard let sink, !output.isEmpty else { return }
        sink(output, false)
        output = ""
    }
}
