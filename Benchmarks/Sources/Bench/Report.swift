import Foundation

/// Prints the results as a Markdown table, then the ratios the performance goals name.
enum Report {
    static func print(
        results: [(scenario: String, size: Int?, result: Harness.Result)], quick: Bool, sink: Int,
        coldFirstUse: [(Int, (whole: Double, build: Double))], coldOriginsFirstUse: [(Int, (whole: Double, build: Double))],
        coldNestedFirstUse: (whole: Double, build: Double), coldClosureFirstUse: [(Int, (whole: Double, build: Double))],
        coldFlaggedFirstUse: [(Int, (whole: Double, build: Double))], coldFlaggedNestedFirstUse: (whole: Double, build: Double),
        coldFloorFirstUse: [(Int, Double, Double)],
        tableMemory: [(Int, (built: Int, learned: Int, firstExtra: Int))], paired: [Harness.Paired]
    ) {
        func time(_ scenario: String, _ size: Int?) -> Double? {
            results.first { $0.scenario == scenario && $0.size == size }?.result.nanoseconds
        }
        var scenarios: [String] = []
        for entry in results where !scenarios.contains(entry.scenario) { scenarios.append(entry.scenario) }

        var lines: [String] = []
        lines.append(quick ? "Quick mode (BENCH_QUICK): few iterations, figures are rough." : "")
        lines.append("| scenario | n = 10 | n = 100 | n = 1000 |")
        lines.append("|---|---:|---:|---:|")
        for scenario in scenarios {
            let entries = results.filter { $0.scenario == scenario }
            if entries.count == 1, entries[0].size == nil {
                let cell = "\(format(nanoseconds: entries[0].result.nanoseconds)) (\(format(allocations: entries[0].result.allocations)) alloc)"
                lines.append("| \(scenario) | \(cell) | \(cell) | \(cell) |")
                continue
            }
            let cells = [10, 100, 1000].map { size -> String in
                guard let entry = entries.first(where: { $0.size == size }) else { return "–" }
                return "\(format(nanoseconds: entry.result.nanoseconds)) (\(format(allocations: entry.result.allocations)) alloc)"
            }
            lines.append("| \(scenario) | " + cells.joined(separator: " | ") + " |")
        }

        lines.append("")
        lines.append("Goals (ratios in this run):")
        let urlComponents = time("Foundation: URLComponents(string:) alone, deep link", nil)
        func ratio(_ a: Double?, _ b: Double?) -> String {
            guard let a, let b, b > 0 else { return "–" }
            return String(format: "%.2f×", a / b)
        }
        let hitDeep1000 = time("RouteMatch: typed hit, deep link", 1000)
        lines.append("- typed hit (deep link) at 1,000 routes ÷ URLComponents(string:) alone: \(ratio(hitDeep1000, urlComponents)) (goal ≤ 1.5×)")
        lines.append("- routing-kit untyped hit from the link string ÷ RouteMatch typed hit, 1,000 routes: "
            + ratio(time("routing-kit: hit from the link string (URLComponents + split + route + query)", 1000), hitDeep1000)
            + " (goal ≥ 2×)")
        for scenario in ["RouteMatch struct routes: typed hit, last route", "RouteMatch struct routes: miss, error with reason",
                         "RouteMatch: typed hit, first route", "RouteMatch: typed hit, last route",
                         "RouteMatch: typed hit, deep link", "RouteMatch: miss, error with reason",
                         "RouteMatch: near-miss (bad Int), error with reason"] {
            lines.append("- \(scenario), 1,000 ÷ 10 routes: \(ratio(time(scenario, 1000), time(scenario, 10))) (goal ≤ 1.2×)")
        }
        lines.append("- miss with its reason ÷ typed hit (last route), 1,000 routes: "
            + ratio(time("RouteMatch: miss, error with reason", 1000), time("RouteMatch: typed hit, last route", 1000))
            + " (goal ≤ 2×)")
        lines.append("- near-miss with its reason ÷ typed hit (deep link), 1,000 routes: "
            + ratio(time("RouteMatch: near-miss (bad Int), error with reason", 1000), hitDeep1000) + " (goal ≤ 2×)")
        if let rendered = time("RouteMatch: miss, rendered text", 1000) {
            lines.append(String(format: "- swift-url-routing's miss with rendered text at 1,000 routes (2.7 ms, measured on this kind of machine in shared/research/perf-baseline.md, not in this run) ÷ RouteMatch's: %.0f× (goal ≥ 100×)", 2_719_000 / rendered))
        }
        for scenario in ["RouteMatch origins: in-segment hit, custom scheme", "RouteMatch origins: in-segment hit, prefixed universal link",
                         "RouteMatch origins: rest hit, 3 segments", "RouteMatch origins: deep link",
                         "RouteMatch origins: host miss, error with reason",
                         "RouteMatch origins, struct routes: in-segment hit, prefixed universal link",
                         "RouteMatch origins, struct routes: rest hit, 3 segments"] {
            lines.append("- \(scenario), 1,000 ÷ 10 routes: \(ratio(time(scenario, 1000), time(scenario, 10))) (goal ≤ 1.2×: flat in the number of routes)")
        }
        lines.append("- origins deep link ÷ one-origin deep link, 1,000 routes: "
            + ratio(time("RouteMatch origins: deep link", 1000), hitDeep1000))
        let nestedHit = time("RouteMatch nested: 10 × 100 mounted enums, hit in the last feature", 1000)
        lines.append("- 1,000 routes as ten mounted enums of 100: hit ÷ 10-route enum hit (last route): "
            + ratio(nestedHit, time("RouteMatch: typed hit, last route", 10))
            + "; ÷ flat 1,000-case enum hit: " + ratio(nestedHit, time("RouteMatch: typed hit, last route", 1000))
            + "; first use in a new process \(format(nanoseconds: coldNestedFirstUse.whole)) (of which building the table \(format(nanoseconds: coldNestedFirstUse.build)); goal ≤ 5 ms)")
        lines.append("- closure routes hit, 1,000 ÷ 10 routes: "
            + ratio(time("RouteMatch closure routes: typed hit, last route", 1000), time("RouteMatch closure routes: typed hit, last route", 10)))
        lines.append("- origins table first use in a new process: "
            + coldOriginsFirstUse.map { "\($0.0) routes \(format(nanoseconds: $0.1.whole)) (building \(format(nanoseconds: $0.1.build)))" }.joined(separator: ", "))
        if let build = time("RouteMatch: build the table", 1000) {
            lines.append("- building the 1,000-route table: \(format(nanoseconds: build)) (goal ≤ 5 ms)")
        }
        for size in [10, 100] {
            lines.append("- enum typed hit (deep link) ÷ URLComponents(string:) alone, \(size) routes: "
                + ratio(time("RouteMatch: typed hit, deep link", size), urlComponents) + " (goal ≤ 3×)")
        }
        for size in [10, 100, 1000] {
            let floor = time("Codable floor: the deep-link case's synthesized init(from:) alone, from a minimal decoder", size)
            let hit = time("RouteMatch: typed hit, deep link", size)
            lines.append("- the enum deep-link hit's Codable floor (its case's synthesized init(from:) alone, from a minimal decoder) ÷ URLComponents(string:) alone, \(size) routes: "
                + ratio(floor, urlComponents) + "; the rest of the hit (RouteMatch's part) ÷ URLComponents(string:) alone: "
                + ratio(hit.flatMap { hit in floor.map { hit - $0 } }, urlComponents))
        }
        // The closure rows read `lastSectionLink(10)`: compared with URLComponents on
        // that same link (the goal), and, as runs before this row did, on the longer deep link.
        let sameLink = time("Foundation: URLComponents(string:) alone, closure-route link", nil)
        lines.append("- closure-route hit (RouteMatch's own parts: reading, dispatch, binding, converting) ÷ URLComponents(string:) alone on the same link: "
            + ratio(time("RouteMatch closure routes: typed hit, last route", 10), sameLink) + " (goal ≤ 1.5×); ÷ URLComponents on the deep link: "
            + ratio(time("RouteMatch closure routes: typed hit, last route", 10), urlComponents))
        lines.append("- the same hit on the link with four tracking items no route reads ÷ URLComponents(string:) alone on that link: "
            + ratio(time("RouteMatch closure routes: typed hit, last route, four tracking items no route reads", 10),
                    time("Foundation: URLComponents(string:) alone, closure-route link with tracking items", nil)))
        lines.append("- read, dispatched and bound, not converted (closure route reading its capture as text) ÷ URLComponents(string:) alone on the same link: "
            + ratio(time("RouteMatch closure routes: read, dispatched, bound (no conversion)", 10), sameLink) + "; ÷ on the deep link: "
            + ratio(time("RouteMatch closure routes: read, dispatched, bound (no conversion)", 10), urlComponents))
        lines.append("- a case without values ÷ a case with one Int, same enum: "
            + ratio(time("RouteMatch: typed hit, case without values (7-case enum)", nil),
                    time("RouteMatch: typed hit, case with one Int (7-case enum)", nil)))
        if let miss = time("RouteMatch: miss, rendered text", 1000) {
            lines.append("- a first-segment miss, rendered, at 1,000 routes: \(format(nanoseconds: miss)) (goal ≤ 10 µs)")
        }
        lines.append("- table memory (live heap bytes kept by a built table), as built: "
            + tableMemory.map { "\($0.0) routes \($0.1.built) B (\($0.1.built / $0.0) B a route)" }.joined(separator: ", ")
            + "; every route learned: "
            + tableMemory.map { "\($0.0) routes \($0.1.learned) B (\($0.1.learned / $0.0) B a route)" }.joined(separator: ", ")
            + " (goal < 1 KB a route, read as 1,000 B); the type's first table kept "
            + tableMemory.map { "\($0.1.firstExtra) B" }.joined(separator: ", ")
            + " more once learned (what a process makes once: its route types' metadata, the probed types' cache)")
        if let learnAll = time("RouteMatch: build the table and learn every route", 1000) {
            lines.append("- building the 1,000-route table and learning every route (what validate() costs, warm): \(format(nanoseconds: learnAll))")
        }
        lines.append("")
        lines.append("Goals' timed ratios from paired samples (each round times the first operation, then the second; median of the rounds' ratios, lowest–highest):")
        for pair in paired {
            lines.append(pair.line)
        }
        lines.append("")
        lines.append("First use in a new process (the first match: the table is built and the route the link reaches learned, while Swift instantiates the types' metadata for the first time; median of five processes each; goal ≤ 1 ms at 10 routes, ≤ 5 ms at 1,000): "
            + coldFirstUse.map { "\(format(nanoseconds: $0.1.whole)) at \($0.0) routes (building the table \(format(nanoseconds: $0.1.build)))" }.joined(separator: ", "))
        lines.append("First use with the route enums' module compiled with the README's setting, -disable-concrete-type-metadata-mangled-name-accessors and -sil-disable-pass=alloc-stack-hoisting (BenchFlagged): "
            + coldFlaggedFirstUse.map { "\(format(nanoseconds: $0.1.whole)) at \($0.0) routes (building the table \(format(nanoseconds: $0.1.build)))" }.joined(separator: ", ")
            + "; ten mounted enums of 100 \(format(nanoseconds: coldFlaggedNestedFirstUse.whole))")
        lines.append("First decode of the same cases at the Codable floor in a new process (the enums' synthesized init(from:) alone, no RouteMatch: the part of a first use any decoder pays), by default / with the setting: "
            + coldFloorFirstUse.map { "\(format(nanoseconds: $0.1)) / \(format(nanoseconds: $0.2)) " + ($0.0 == 0 ? "for the ten mounted enums" : "at \($0.0) cases") }.joined(separator: ", "))
        lines.append("First use of closure routes in a new process (no Codable: RouteMatch's own part): "
            + coldClosureFirstUse.map { "\(format(nanoseconds: $0.1.whole)) at \($0.0) routes (building the table \(format(nanoseconds: $0.1.build)))" }.joined(separator: ", "))
        lines.append("")
        lines.append("(sink \(sink & 0xFF))")
        Swift.print(lines.joined(separator: "\n"))
    }
}
