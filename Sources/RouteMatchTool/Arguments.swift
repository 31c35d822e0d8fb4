@_spi(Tools) import RouteMatch

/// What the command line asks for, parsed by the tool's own small parser (the package has no
/// dependencies).
struct Invocation: Equatable {
    enum Subcommand: String, CaseIterable {
        case explain, check, list
    }

    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    var subcommand: Subcommand
    var links: [String] = []
    var routesFile: String? = nil
    var json = false
    var redact = false
    var color: ColorChoice = .auto
    /// `--help` (or `help SUBCOMMAND`): print the subcommand's help and exit 0.
    var help = false
}

/// A usage error: the message, and the subcommand whose usage line follows it.
struct UsageError: Error, Equatable {
    let message: String
    let subcommand: Invocation.Subcommand?
}

enum Arguments {
    /// The options each subcommand takes (those that take a value end in `=`).
    static func options(for subcommand: Invocation.Subcommand) -> [String] {
        switch subcommand {
        case .explain: return ["--routes=", "--json", "--redact", "--color=", "--help"]
        case .check, .list: return ["--routes=", "--json", "--color=", "--help"]
        }
    }

    /// Parses the arguments after the program's name.
    ///
    /// `nil` subcommand help (`routematch`, `routematch --help`, `routematch help`) is
    /// `.success(nil)`.
    static func parse(_ arguments: [String]) -> Result<Invocation?, UsageError> {
        guard let first = arguments.first, first != "--help", first != "-h" else { return .success(nil) }
        if first == "help" {
            guard arguments.count > 1 else { return .success(nil) }
            guard let subcommand = Invocation.Subcommand(rawValue: arguments[1]) else {
                return .failure(unknownSubcommand(arguments[1]))
            }
            return .success(Invocation(subcommand: subcommand, help: true))
        }
        guard let subcommand = Invocation.Subcommand(rawValue: first) else { return .failure(unknownSubcommand(first)) }
        var invocation = Invocation(subcommand: subcommand)
        let options = options(for: subcommand)
        var index = 1
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard subcommand == .explain else {
                    return .failure(UsageError(message: ToolMessages.unexpectedArgument(argument, subcommand: subcommand),
                                               subcommand: subcommand))
                }
                invocation.links.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" { invocation.help = true; continue }
            let name = String(argument.prefix { $0 != "=" })
            var inlineValue: String? = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : nil
            guard options.contains(name) || options.contains(name + "=") else {
                let names = options.map { $0.hasSuffix("=") ? String($0.dropLast()) : $0 }
                return .failure(UsageError(
                    message: ToolMessages.unknownOption(name, subcommand: subcommand, suggestion: Suggestions.nearest(to: name, in: names)),
                    subcommand: subcommand))
            }
            if options.contains(name + "=") {
                if inlineValue == nil {
                    guard index < arguments.count else {
                        return .failure(UsageError(message: ToolMessages.optionNeedsValue(name), subcommand: subcommand))
                    }
                    inlineValue = arguments[index]
                    index += 1
                }
            } else if inlineValue != nil {
                return .failure(UsageError(message: ToolMessages.optionTakesNoValue(name), subcommand: subcommand))
            }
            let value = inlineValue ?? ""
            switch name {
            case "--routes": invocation.routesFile = value
            case "--json": invocation.json = true
            case "--redact": invocation.redact = true
            case "--help": invocation.help = true
            default:
                guard let color = Invocation.ColorChoice(rawValue: value) else {
                    return .failure(UsageError(message: ToolMessages.invalidColor(value), subcommand: subcommand))
                }
                invocation.color = color
            }
        }
        return .success(invocation)
    }

    private static func unknownSubcommand(_ word: String) -> UsageError {
        let names = Invocation.Subcommand.allCases.map(\.rawValue)
        return UsageError(message: ToolMessages.unknownSubcommand(word, suggestion: Suggestions.nearest(to: word, in: names)),
                          subcommand: nil)
    }
}
