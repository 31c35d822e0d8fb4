#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Target (d): a table of up to four patterns, generated from the input, and a link.
///
/// The first bytes choose each pattern's pieces (literal or placeholder segments, query items,
/// a fragment, a pattern-level scheme and host); the rest of the input is the link. A table
/// can break properties that a single pattern cannot:
/// - every failure names a real reason, points into the link, and names one of the table's
///   routes as the closest;
/// - a route that accepts the link when tried alone is never silently shadowed: the table
///   accepts the link too;
/// - when several routes accept the link alone, the table picks the one its precedence rule
///   names (literal segments before placeholders, first difference from the left; then more
///   literal query items, more required query items, then declaration order);
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
                segments.append("${a}")
            } else {
                segments.append(Self.literals[Int(reader.byte()) % Self.literals.count])
            }
        }
        var query: [String] = []
        if aPlace == count { query.append("q=${a}") }
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let patternCount = Int(first & 3) + 1
    let header = min(size, 1 + patternCount * 3)
    var generator = PatternGenerator(reader: ByteReader(bytes: UnsafeBufferPointer(rebasing: bytes[1..<header])))
    let patterns = (0..<patternCount).map { _ in generator.pattern() }
    let link = String(decoding: UnsafeBufferPointer(rebasing: bytes[header...]), as: UTF8.self)
    let host = first & 4 == 0 ? "app" : ""

    let table = Router<FuzzTableFields>(scheme: "myapp", host: host) { routes in
        for (index, pattern) in patterns.enumerated() { routes.add(pattern, name: "r\(index)") }
    }
    do { try table.validate() } catch {
        checkError(error)
        return 0
    }
    let names = table.routes.map(\.name)
    // Each route alone.
    var accepting: [(index: Int, value: FuzzTableFields)] = []
    for (index, pattern) in patterns.enumerated() {
        let alone = Router<FuzzTableFields>(scheme: "myapp", host: host) { $0.add(pattern, name: "r\(index)") }
        if case .success(let value) = alone.match(link) { accepting.append((index, value)) }
    }
    switch table.match(link) {
    case .failure(let error):
        checkError(error)
        require(accepting.isEmpty, "\(link): route r\(accepting.first?.index ?? -1) accepts it alone but the table \(patterns) fails: \(error.reason)")
        if let closest = error.closestRoute {
            require(names.contains(closest.name), "closest route \(closest) is not one of \(names)")
        }
    case .success(let value):
        require(!accepting.isEmpty, "\(link): the table \(patterns) accepts \(value) but no route does alone")
        let preferred = accepting.min { lhs, rhs in precedes(patterns, lhs.index, rhs.index, host: host) }
        require(preferred?.value == value, "\(link): the table \(patterns) gives \(value), precedence names r\(preferred?.index ?? -1): \(String(describing: preferred?.value))")
        if let rendered = try? table.link(for: value) {
            switch table.match(rendered) {
            case .success(let again): require(again == value, "\(link) → \(value) → \(rendered) → \(again)")
            case .failure(let error): require(false, "\(link) → \(value) → \(rendered) fails: \(error.reason)")
            }
        }
    }
    return 0
}

/// The table's precedence between two routes that both accept a link: at the first path
/// segment where one has a literal and the other a placeholder, the literal; then more literal
/// query items, then more required query items, then the earlier declaration.
func precedes(_ patterns: [String], _ lhs: Int, _ rhs: Int, host: String) -> Bool {
    let a = PatternParser.parse(patterns[lhs], firstSegmentIsHost: host.isEmpty).ast
    let b = PatternParser.parse(patterns[rhs], firstSegmentIsHost: host.isEmpty).ast
    for (x, y) in zip(a.segments, b.segments) {
        let xLiteral = x.value.captureName == nil, yLiteral = y.value.captureName == nil
        if xLiteral != yLiteral { return xLiteral }
    }
    func literalItems(_ ast: PatternAST) -> Int { ast.queryItems.filter { $0.value.captureName == nil }.count }
    func requiredItems(_ ast: PatternAST) -> Int {
        ast.queryItems.filter { $0.value.captureName != "n" }.count
    }
    if literalItems(a) != literalItems(b) { return literalItems(a) > literalItems(b) }
    if requiredItems(a) != requiredItems(b) { return requiredItems(a) > requiredItems(b) }
    return lhs < rhs
}
