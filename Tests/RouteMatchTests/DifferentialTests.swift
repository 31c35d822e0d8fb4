import Foundation
import Testing
@testable import RouteMatch

/// RouteMatch's link reader against Foundation's `URLComponents` on generated RFC 3986 links:
/// wherever Foundation accepts a link, both must agree on scheme, host, port, the decoded path
/// segments, the query items and the fragment. The deliberate differences are normalised here
/// and listed in the README ("Differences from URLComponents").
@Suite struct DifferentialTests {
    static let linkCount = 100_000

    /// What both readers are compared on.
    struct Reading: Equatable, CustomStringConvertible {
        var scheme: String?
        var host: String?
        var port: Int?
        var segments: [String]
        var query: [String]
        var fragment: String?

        var description: String {
            "scheme=\(scheme ?? "nil") host=\(host ?? "nil") port=\(port.map(String.init) ?? "nil") segments=\(segments) query=\(query) fragment=\(fragment ?? "nil")"
        }
    }

    @Test func agreesWithURLComponents() throws {
        var generator = SeededGenerator(seed: 0x5EED_0F_1175)
        var compared = 0, foundationRefused = 0, encodedHosts = 0, disagreements: [String] = []
        for _ in 0..<Self.linkCount {
            let link = Self.generateLink(using: &generator)
            guard let components = URLComponents(string: link) else {
                foundationRefused += 1
                continue
            }
            // Documented difference: RouteMatch refuses a percent-encoded host.
            if components.percentEncodedHost?.contains("%") == true {
                encodedHosts += 1
                #expect(LinkReader.read(link, limits: MatchLimits()).failure?.reason == .malformedLink(.invalidHostCharacter("%")))
                continue
            }
            guard let expected = Self.foundationReading(components) else {
                foundationRefused += 1
                continue
            }
            compared += 1
            // Every failure points into the link it is about.
            if let error = AppRoute.match(link).failure, let span = error.span, span.upperBound > link.utf8.count {
                disagreements.append("\(link)\n  span \(span) outside the link")
            }
            switch LinkReader.read(link, limits: MatchLimits()) {
            case .read(let read):
                let actual = Self.reading(read)
                if actual != expected, disagreements.count < 10 {
                    disagreements.append("\(link)\n  RouteMatch: \(actual)\n  Foundation: \(expected)")
                }
            case .unreadable(let problem):
                if disagreements.count < 10 { disagreements.append("\(link)\n  RouteMatch refused: \(problem.reason)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(compared >= Self.linkCount * 9 / 10, "compared \(compared), Foundation refused \(foundationRefused)")
        #expect(encodedHosts > 0, "the generator should produce some percent-encoded hosts")
        print("differential: \(compared) links compared with URLComponents, \(foundationRefused) refused by Foundation, \(encodedHosts) percent-encoded hosts refused by RouteMatch (documented), \(disagreements.count) disagreements")
    }

    /// The rest capture against URLComponents: the segments after `blob/<ref>/` are exactly the
    /// link's path split on `/` and each percent-decoded once, under every origin; an empty
    /// segment is a named failure, never a value.
    @Test func restCapturesAgreeWithURLComponents() throws {
        var generator = SeededGenerator(seed: 0x8E57)
        var compared = 0, emptyRefused = 0, disagreements: [String] = []
        for _ in 0..<Self.linkCount / 10 {
            let origin = generator.pick(StoreRoute.origins)
            let segments = (0..<Int.random(in: 1...5, using: &generator)).map { _ in Self.segment(using: &generator) }
            var ref = ""
            while ref.isEmpty { ref = Self.segment(using: &generator) }
            let link = origin + "/blob/" + ref + "/" + segments.joined(separator: "/")
            guard let components = URLComponents(string: link) else { continue }
            var path = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            path.removeFirst(origin.hasPrefix("https://www.") ? 4 : 3) // "", ["app",] "blob", ref
            if path.last == "" { path.removeLast() } // one trailing slash is ignored
            let decoded = path.compactMap { $0.removingPercentEncoding }
            guard decoded.count == path.count else { continue }
            compared += 1
            switch StoreRoute.match(link) {
            case .success(.file(_, let found)):
                if found != decoded, disagreements.count < 10 { disagreements.append("\(link)\n  \(found) ≠ \(decoded)") }
            case .failure(let error) where decoded.contains(""):
                emptyRefused += 1
                if case .emptyPathSegment(label: "path") = error.reason {} else if disagreements.count < 10 {
                    disagreements.append("\(link)\n  \(error.reason)")
                }
            case let other:
                if disagreements.count < 10 { disagreements.append("\(link)\n  \(other)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(compared > Self.linkCount / 20)
        print("differential (rest capture): \(compared) links compared with URLComponents, \(emptyRefused) with an empty segment refused by name")
    }

    static func reading(_ link: LinkComponents) -> Reading {
        let defaultPort = link.scheme == "http" ? 80 : link.scheme == "https" ? 443 : nil
        return Reading(
            scheme: link.scheme, host: link.host.map(unbracketed),
            port: link.port.flatMap { Int($0) } ?? (link.hostRange != nil ? defaultPort : nil),
            segments: link.segments.map { link.text(of: $0) },
            query: link.queryItems.map { "\(link.key(of: $0))=\(link.value(of: $0))" },
            fragment: LinkReader.decodedFragment(of: link).text)
    }

    /// Foundation's view, normalised to RouteMatch's documented policies: one leading and one
    /// trailing `/` ignored, a bare `key` read as `key=`, empty items between `&&` skipped,
    /// default ports made explicit, an empty host the same as none. `nil` when a component
    /// does not percent-decode (RouteMatch refuses those by design).
    static func foundationReading(_ components: URLComponents) -> Reading? {
        let scheme = components.scheme?.lowercased()
        let defaultPort = scheme == "http" ? 80 : scheme == "https" ? 443 : nil
        var host = components.percentEncodedHost.map { unbracketed($0.lowercased()) }
        if host == "" { host = nil }
        var path = Substring(components.percentEncodedPath)
        if path.hasPrefix("/") { path = path.dropFirst() }
        var rawSegments = path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false)
        if rawSegments.count > 1, rawSegments.last == "" { rawSegments.removeLast() }
        var segments: [String] = []
        for raw in rawSegments {
            guard let decoded = String(raw).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        var query: [String] = []
        for item in components.percentEncodedQueryItems ?? [] {
            if item.name.isEmpty && item.value == nil { continue }
            guard let name = item.name.removingPercentEncoding,
                let value = (item.value ?? "").removingPercentEncoding
            else { return nil }
            query.append("\(name)=\(value)")
        }
        var fragment: String?
        if let raw = components.percentEncodedFragment {
            guard let decoded = raw.removingPercentEncoding else { return nil }
            fragment = decoded
        }
        return Reading(
            scheme: scheme, host: host, port: components.port ?? (host != nil ? defaultPort : nil),
            segments: segments, query: query, fragment: fragment)
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    // MARK: The generator

    static let unreserved = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    static let subDelimiters = Array("!$'()*+,;=:@")

    static func generateLink(using generator: inout SeededGenerator) -> String {
        var link = generator.pick(["http", "https", "myapp", "MyApp", "HTTPS", "x-app+v1.2", "a"]) + ":"
        let hasAuthority = generator.chance(90)
        if hasAuthority {
            link += "//"
            if generator.chance(15) { link += generator.pick(["user", "u:p", "a%40b", "x:", "ü"]) + "@" }
            link += host(using: &generator)
            if generator.chance(25) {
                link += ":" + generator.pick(["80", "443", "8080", "0", "65535", String(Int.random(in: 1...65535, using: &generator))])
            }
        }
        let segmentCount = Int.random(in: 0...5, using: &generator)
        // After an authority, a path starts with "/"; an empty path may still be written "/".
        if hasAuthority, segmentCount > 0 || generator.chance(50) { link += "/" }
        link += (0..<segmentCount).map { _ in segment(using: &generator) }.joined(separator: "/")
        if generator.chance(10) { link += "/" }
        if generator.chance(60) {
            let items = (0..<Int.random(in: 0...5, using: &generator)).map { _ -> String in
                let key = text(using: &generator, allowEmpty: generator.chance(5), extra: "/?:@")
                if generator.chance(15) { return key }
                return key + "=" + text(using: &generator, allowEmpty: true, extra: "/?:@=+")
            }
            link += "?" + items.joined(separator: generator.chance(10) ? "&&" : "&")
        }
        if generator.chance(30) { link += "#" + text(using: &generator, allowEmpty: true, extra: "/?:@&=") }
        return link
    }

    static func host(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return "127.0.0.\(Int.random(in: 0...255, using: &generator))"
        case 1: return generator.pick(["[::1]", "[FE80::1]", "[2001:db8::7]"])
        case 2 where generator.chance(20): return generator.pick(["ex%41mple.com", "a%2Eb", "%C3%A9t%C3%A9.fr"])
        default:
            let labels = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                String((0..<Int.random(in: 1...8, using: &generator)).map { _ in
                    generator.pick(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"))
                })
            }
            return labels.joined(separator: ".")
        }
    }

    static func segment(using generator: inout SeededGenerator) -> String {
        while true {
            let segment = text(using: &generator, allowEmpty: generator.chance(5), extra: "")
            // Dot segments are refused by design (README); the generator leaves them out.
            if segment != ".", segment != "..", segment.removingPercentEncoding != ".", segment.removingPercentEncoding != ".." {
                return segment
            }
        }
    }

    /// Text made of unreserved characters, sub-delimiters, `extra`, percent-encoded UTF-8
    /// (ASCII, reserved characters, accented letters, CJK, emoji, combining marks).
    static func text(using generator: inout SeededGenerator, allowEmpty: Bool, extra: String) -> String {
        let length = Int.random(in: allowEmpty ? 0...8 : 1...8, using: &generator)
        var result = ""
        for _ in 0..<length {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...4: result.append(generator.pick(unreserved))
            case 5: result.append(generator.pick(subDelimiters + Array(extra)))
            default:
                let scalar = generator.pick(["/", "?", "#", "&", "=", "+", "%", " ", "é", "한", "🇰🇷", "e\u{301}", "\u{0}", "A"])
                for byte in scalar.utf8 {
                    result += "%" + String(byte, radix: 16, uppercase: generator.chance(50)).leftPadded(to: 2)
                }
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
