/// Every sentence the tool prints of its own (the diagnostics are the library's). Nothing else
/// in the tool writes prose.
enum ToolMessages {
    // MARK: Help

    static func overview(table: String) -> String {
        """
        OVERVIEW: explain why a link does or does not open a route of \(table)

        USAGE: routematch <subcommand> [options]

        SUBCOMMANDS:
          explain LINK…   the route and values of each link, or why it matches none
                          (no LINK, or '-': one link per line from standard input)
          check           every definition problem of the table, each with its caret
          list            the table's routes, their patterns and value types

        Run 'routematch help <subcommand>' (or '<subcommand> --help') for its options.
        Exit status: 0 every link matched (a clean table for check), 1 some did not (check
        found problems), 2 a usage error, an unreadable route file or a broken table.
        """
    }

    static func help(_ subcommand: Invocation.Subcommand, table: String) -> String {
        let common = """
          --routes FILE         use the routes of a route file instead of \(table)
                                ('@scheme NAME', '@host NAME' or '@origin URL' lines, then
                                'name: pattern' lines with typed placeholders such as
                                ${id:Int} or ${ref:String?}; '#' starts a comment)
          --json                one JSON object per line (schema in the README)
          --color WHEN          auto (the default: only on a terminal, not with NO_COLOR),
                                always or never
          -h, --help            show this help
        """
        switch subcommand {
        case .explain:
            return """
            OVERVIEW: the route and values of each link, or the diagnostic of why it matches none

            USAGE: routematch explain [options] [LINK…]

            ARGUMENTS:
              LINK                  a link, quoted for the shell; none, or '-', reads one link per
                                    line from standard input (a log file)

            OPTIONS:
              --redact              replace every value of the link (userinfo, path values, query
                                    values, fragment) by its shape, as logs need
            \(common)

            Exit status: 0 every link matched, 1 some did not, 2 a usage or table error.
            """
        case .check:
            return """
            OVERVIEW: every definition problem of the table, all at once, each with its caret

            USAGE: routematch check [options]

            OPTIONS:
            \(common)

            Exit status: 0 the table is valid, 1 it has definition problems, 2 a usage error or an
            unreadable route file.
            """
        case .list:
            return """
            OVERVIEW: the table's routes, their patterns and value types

            USAGE: routematch list [options]

            OPTIONS:
            \(common)

            Exit status: 0, or 2 for a usage error or a broken table.
            """
        }
    }

    static func usageLine(_ subcommand: Invocation.Subcommand?) -> String {
        switch subcommand {
        case .explain: return "usage: routematch explain [--routes FILE] [--json] [--redact] [--color WHEN] [LINK…]"
        case .check: return "usage: routematch check [--routes FILE] [--json] [--color WHEN]"
        case .list: return "usage: routematch list [--routes FILE] [--json] [--color WHEN]"
        case nil: return "usage: routematch explain|check|list [options]; 'routematch --help' for more"
        }
    }

    // MARK: Usage errors

    static func unknownSubcommand(_ word: String, suggestion: String?) -> String {
        "unknown subcommand '\(word)'" + didYouMean(suggestion)
    }

    static func unknownOption(_ name: String, subcommand: Invocation.Subcommand, suggestion: String?) -> String {
        "unknown option '\(name)' for '\(subcommand.rawValue)'" + didYouMean(suggestion)
    }

    static func unexpectedArgument(_ argument: String, subcommand: Invocation.Subcommand) -> String {
        "'\(subcommand.rawValue)' takes no argument; found '\(argument)'"
    }

    static func optionNeedsValue(_ name: String) -> String { "option '\(name)' needs a value" }

    static func optionTakesNoValue(_ name: String) -> String { "option '\(name)' takes no value" }

    static func invalidColor(_ value: String) -> String {
        "'--color' takes auto, always or never; found '\(value)'"
    }

    static func unreadableFile(_ path: String) -> String { "cannot read route file '\(path)'" }

    static func unencodableRecord(_ error: any Error) -> String { "a result could not be written as JSON: \(error)" }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    // MARK: Route file problems

    static let routeLineWithoutColon = "a route line is 'name: pattern'; this line has no ':'"

    static let noRoutesInFile = "the route file declares no route ('name: pattern' lines)"

    static func invalidRouteName(_ name: String) -> String {
        name.isEmpty ? "the route has no name before ':'" : "'\(name)' is not a route name (letters, digits and '_')"
    }

    static func duplicateRouteName(_ name: String, firstLine: Int) -> String {
        "route '\(name)' is already declared on line \(firstLine)"
    }

    static func unknownDirective(_ keyword: String, known: [String]) -> String {
        "unknown directive '\(keyword)'; the directives are " + known.joined(separator: ", ")
    }

    static func directiveNeedsValue(_ keyword: String) -> String { "'\(keyword)' needs a value" }

    static func unknownType(_ text: String) -> String {
        let types = RouteFile.Scalar.allCases.map(\.rawValue).joined(separator: ", ")
        return "unknown type '\(text)'; the types are \(types), with '?' for optional and '[…]' for a list"
    }

    static func routeFileHeadline(_ path: String, count: Int) -> String {
        count == 1 ? "the route file \(path) has a problem" : "the route file \(path) has \(count) problems"
    }

    // MARK: Results

    static let matchedHeadline = "matched: "
    static let routeLine = " --> route: "
    static let valueLine = "  = value: "

    static func redactedValue(_ hit: ToolTable.Hit) -> String {
        hit.values.isEmpty ? hit.caseName : hit.caseName + "(…)"
    }

    static func validTable(_ name: String, routes: Int) -> String {
        "\(name): \(routes) route\(routes == 1 ? "" : "s"), no definition problem"
    }

    static func listHeadline(_ name: String, routes: Int) -> String {
        "\(name): \(routes) route\(routes == 1 ? "" : "s")"
    }
}
