#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Target (d): a table of up to four patterns, generated from the input, and a link.
///
/// The first bytes choose each pattern's pieces (literal, placeholder, in-segment and rest
/// segments, query items, a fragment, a pattern-level scheme and host) and whether the table
/// has several origins; the rest of the input is the link. A table can break properties that
/// a single pattern cannot:
/// - every failure names a real reason, points into the link, and names one of the table's
///   routes as the closest;
/// - a route that accepts the link when tried alone is never silently shadowed: the table
///   accepts the link too;
/// - when several routes accept the link alone, the table picks the one its precedence rule
///   names (a pattern with its own host first; then, at the first path segment where they
///   differ, a literal before an in-segment capture (more literal text first) before a
///   whole-segment capture before a rest capture; then more literal query items, more
///   required query items, then declaration order);
/// - whatever the table accepts renders back to a link that matches the same value.
struct FuzzTableFields: Codable, Equatable {
    var a: String
    var n: Int?
}

/// Builds patterns from bytes: every pattern binds `a` once and `n` at most once.
struct PatternGenerator {
    static let literals = ["user", "me", "a", "x%2Fy", "%C3%A9t%C3%A9", "42", "item", "U"]
    static let hosts = ["inline.app", "example.com"]

    var reader: ByteReader

    mutating func pattern() -> String {
        let shape = reader.byte()
        var segments: [String] = []
        let count = Int(shape & 3) + 1
        let aPlace = Int(shape >> 2 & 3) % (count + 1)  // == count: `a` goes to the query
        for index in 0..<count {
            if index == aPlace {
                // Whole, inside literal text (each shape a different length), or the rest.
                let form = reader.byte()
                switch form % 6 {
                case 0: segments.append("id${a}")
                case 1: segments.append("item-${a}.json")
                case 2: segments.append("${a}@2x.png")
                case 3 where index == count - 1: segments.append("${a...}")
                default: segments.append("${a}")
                }
            } else {
                segments.append(Self.literals[Int(reader.byte()) % Self.literals.count])
            }
        }
        var query: [String] = []
        if aPlace == count { query.append(shape & 0x20 != 0 ? "q=v${a}" : "q=${a}") }
        let items = reader.byte()
        if items & 1 == 1 { query.append("n=${n}") }
        if items & 2 == 2 { query.append("k=" + Self.literals[Int(items >> 4) % Self.literals.count]) }
        var text = ""
        if shape & 0x40 != 0 { text = "https://" + Self.hosts[Int(items >> 2) & 1] + "/" }
        text += segments.joined(separator: "/")
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        if shape & 0x80 != 0 { text += "#top" }
        return text
    }
}

func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let patternCount = Int(first & 3) + 1
    let header = min(size, 1 + patternCount * 3)
    var generator = PatternGenerator(reader: ByteReader(bytes: UnsafeBufferPointer(rebasing: bytes[1..<header])))
    let patterns = (0..<patternCount).map { _ in generator.pattern() }
    let link = String(decoding: UnsafeBufferPointer(rebasing: bytes[header...]), as: UTF8.self)
    let host = first & 4 == 0 ? "app" : ""
    // Several origins: the same host under two prefixes, another with a port.
    let origins = first & 8 == 0 ? [] : ["myapp://app", "https://example.com/p", "https://example.com", "http://inline.app:8080"]
    func router(_ patterns: [(index: Int, pattern: String)]) -> Router<FuzzTableFields> {
        Router<FuzzTableFields>(origins: origins, scheme: origins.isEmpty ? "myapp" : "", host: origins.isEmpty ? host : "") { routes in
            for (index, pattern) in patterns { routes.add(pattern, name: "r\(index)") }
        }
    }
    let declared = Array(patterns.enumerated().map { ($0.offset, $0.element) })
    let table = router(declared)
    // The same table prepared ahead (its first route and its rest routes learned, no other),
    // matched below: it answers as the table whose every route `validate()` learned.
    let prepared = router(declared)
    prepared.prepare()
    do { try table.validate() } catch {
        checkError(error)
        return 0
    }
    if let disagreement = table.table.plainHitDisagreement(link) { require(false, "\(link): \(disagreement)") }
    let names = table.routes.map(\.name)
    // Each route alone.
    var accepting: [(index: Int, value: FuzzTableFields)] = []
    for (index, pattern) in patterns.enumerated() {
        let alone = router([(index, pattern)])
        if case .success(let value) = alone.match(link) { accepting.append((index, value)) }
    }
    let outcome = table.match(link)
    switch (outcome, prepared.match(link)) {
    case (.success(let value), .success(let other)):
        require(value == other, "\(link): the prepared table gives \(other), the table \(value)")
    case (.failure(let error), .failure(let other)):
        require(error.reason == other.reason && error.span == other.span && error.closestRoute == other.closestRoute
            && error.description == other.description, "\(link): the prepared table fails otherwise: \(other.reason)")
    default:
        require(false, "\(link): the prepared table answers otherwise")
    }
    switch outcome {
    case .failure(let error):
        checkError(error)
        if case .failure(let again) = table.match(link) { checkSummaryFirst(again, against: error) }
        require(accepting.isEmpty, "\(link): route r\(accepting.first?.index ?? -1) accepts it alone but the table \(patterns) fails: \(error.reason)")
        if let closest = error.closestRoute {
            require(names.contains(closest.name), "closest route \(closest) is not one of \(names)")
        }
    case .success(let value):
        require(!accepting.isEmpty, "\(link): the table \(patterns) accepts \(value) but no route does alone")
        let preferred = accepting.min { lhs, rhs in
            precedes(patterns, lhs.index, rhs.index, firstSegmentIsHost: origins.isEmpty && host.isEmpty)
        }
        require(preferred?.value == value, "\(link): the table \(patterns) gives \(value), precedence names r\(preferred?.index ?? -1): \(String(describing: preferred?.value))")
        for origin in [nil] + origins.map(Optional.some) {
            guard let rendered = try? table.link(for: value, origin: origin) else { continue }
            switch table.match(rendered) {
            case .success(let again): require(again == value, "\(link) → \(value) → \(rendered) → \(again)")
            case .failure(let error): require(false, "\(link) → \(value) → \(rendered) fails: \(error.reason)")
            }
        }
    }
    return 0
}

/// The table's precedence between two routes that both accept a link: a pattern that gives its
/// own host; then, at the first path segment where their kinds differ, a literal, an in-segment
/// capture (more literal text first), a whole-segment capture, a rest capture; then more
/// literal query items, then more required query items, then the earlier declaration.
func precedes(_ patterns: [String], _ lhs: Int, _ rhs: Int, firstSegmentIsHost: Bool) -> Bool {
    let a = PatternParser.parse(patterns[lhs], firstSegmentIsHost: firstSegmentIsHost).ast
    let b = PatternParser.parse(patterns[rhs], firstSegmentIsHost: firstSegmentIsHost).ast
    if !firstSegmentIsHost, (a.origin.host != nil) != (b.origin.host != nil) { return a.origin.host != nil }
    func rank(_ value: PatternAST.Value) -> Int {
        switch value {
        case .literal: return 0
        case .affixed(let prefix, _, let suffix): return 1_000 - prefix.utf8.count - suffix.utf8.count
        case .capture: return 2_000
        case .rest: return 3_000
        }
    }
    for (x, y) in zip(a.segments, b.segments) where rank(x.value) != rank(y.value) {
        return rank(x.value) < rank(y.value)
    }
    func literalItems(_ ast: PatternAST) -> Int { ast.queryItems.filter { $0.value.captureName == nil }.count }
    func requiredItems(_ ast: PatternAST) -> Int {
        ast.queryItems.filter { $0.value.captureName != "n" }.count
    }
    if literalItems(a) != literalItems(b) { return literalItems(a) > literalItems(b) }
    if requiredItems(a) != requiredItems(b) { return requiredItems(a) > requiredItems(b) }
    return lhs < rhs
}
