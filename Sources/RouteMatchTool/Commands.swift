@_spi(Tools) import RouteMatch

/// `explain`, `check` and `list`.
enum Commands {
    static func explain(_ invocation: Invocation, table: ToolTable, output: inout Output) -> Int32 {
        if let broken = table.validate() {
            report(broken, table: table, output: &output)
            return 2
        }
        var allMatched = true
        func explainOne(_ link: String, output: inout Output) {
            let result = table.match(link)
            if case .failure = result { allMatched = false }
            if output.json {
                output.record(ExplainRecord(link: link, result: result, redacted: invocation.redact))
                return
            }
            switch result {
            case .success(let hit):
                output.block(ToolMessages.matchedHeadline + (invocation.redact ? Redaction.link(link) : link) + "\n"
                    + ToolMessages.routeLine + hit.route.description + "\n"
                    + ToolMessages.valueLine + (invocation.redact ? ToolMessages.redactedValue(hit) : hit.value))
            case .failure(let error):
                output.block(invocation.redact ? error.redactedDescription : error.description)
            }
        }
        // No link, or `-` among them: standard input's lines too, after the arguments' links.
        let links = invocation.links.filter { $0 != "-" }
        for link in links { explainOne(link, output: &output) }
        guard links.isEmpty || links.count < invocation.links.count else { return allMatched ? 0 : 1 }
        while let line = output.io.lines() {
            let link = line.hasSuffix("\r") ? String(line.dropLast()) : line
            if link.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            explainOne(link, output: &output)
        }
        return allMatched ? 0 : 1
    }

    static func check(_ table: ToolTable, output: inout Output) -> Int32 {
        let error = table.validate()
        if output.json {
            output.record(CheckRecord(table: table.name, routes: table.listings.count, error: error))
        } else if let error {
            output.block(error.description)
        } else {
            output.block(ToolMessages.validTable(table.name, routes: table.listings.count))
        }
        return error == nil ? 0 : 1
    }

    static func list(_ table: ToolTable, output: inout Output) -> Int32 {
        if let broken = table.validate() {
            report(broken, table: table, output: &output)
            return 2
        }
        if output.json {
            output.record(ListRecord(table: table.name, routes: table.listings.map(ListRecord.Route.init)))
            return 0
        }
        let nameWidth = table.listings.map(\.route.name.count).max() ?? 0
        let patterns = table.listings.map { "\"\($0.route.pattern)\"" }
        let patternWidth = patterns.map(\.count).max() ?? 0
        var lines = [ToolMessages.listHeadline(table.name, routes: table.listings.count)]
        for (listing, pattern) in zip(table.listings, patterns) {
            var line = "  " + listing.route.name.padding(nameWidth) + "  " + pattern
            if !listing.values.isEmpty {
                line = line.padding(2 + nameWidth + 2 + patternWidth) + "  "
                    + listing.values.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            }
            lines.append(line)
        }
        output.block(lines.joined(separator: "\n"))
        return 0
    }

    /// A broken table stops `explain` and `list`: its problems, as `check` prints them.
    private static func report(_ error: RouteMatchError, table: ToolTable, output: inout Output) {
        if output.json {
            output.record(CheckRecord(table: table.name, routes: table.listings.count, error: error))
        } else {
            output.block(error.description)
        }
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// `explain --json`: one object per link.
struct ExplainRecord: Encodable {
    let link: String
    let result: Result<ToolTable.Hit, RouteMatchError>
    let redacted: Bool

    enum Key: String, CodingKey {
        case link, matched, route, value, values, error, redacted, name, pattern, type
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch result {
        case .success(let hit):
            try container.encode(redacted ? Redaction.link(link) : link, forKey: .link)
            try container.encode(true, forKey: .matched)
            try container.encode(redacted, forKey: .redacted)
            var route = container.nestedContainer(keyedBy: Key.self, forKey: .route)
            try route.encode(hit.route.name, forKey: .name)
            try route.encode(hit.route.pattern, forKey: .pattern)
            try container.encode(redacted ? ToolMessages.redactedValue(hit) : hit.value, forKey: .value)
            var values = container.nestedUnkeyedContainer(forKey: .values)
            for value in hit.values {
                var entry = values.nestedContainer(keyedBy: Key.self)
                try entry.encode(value.name, forKey: .name)
                try entry.encode(value.type, forKey: .type)
                if !redacted { try entry.encode(value.text, forKey: .value) }
            }
        case .failure(let error):
            try container.encode(redacted ? error.redactedInput : link, forKey: .link)
            try container.encode(false, forKey: .matched)
            try container.encode(redacted, forKey: .redacted)
            if redacted {
                try container.encode(error.redacted, forKey: .error)
            } else {
                try container.encode(error, forKey: .error)
            }
        }
    }
}

/// `check --json`.
struct CheckRecord: Encodable {
    let table: String
    let routes: Int
    let error: RouteMatchError?

    enum Key: String, CodingKey { case table, routes, valid, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(table, forKey: .table)
        try container.encode(routes, forKey: .routes)
        try container.encode(error == nil, forKey: .valid)
        try container.encode(error, forKey: .error)
    }
}

/// `list --json`.
struct ListRecord: Encodable {
    struct Route: Encodable {
        struct Value: Encodable {
            let name: String
            let type: String
        }

        let name: String
        let pattern: String
        let values: [Value]

        init(_ listing: RouteListing) {
            name = listing.route.name
            pattern = listing.route.pattern
            values = listing.values.map { Value(name: $0.name, type: $0.type) }
        }
    }

    let table: String
    let routes: [Route]
}
