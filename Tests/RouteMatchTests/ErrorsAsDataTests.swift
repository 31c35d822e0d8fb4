import Foundation
import Testing
import RouteMatch

/// Errors as data: stable codes (the README's table), the JSON form, the redacted forms.
@Suite struct ErrorsAsDataTests {
    typealias Reason = RouteMatchError.Reason

    /// Every code, with a reason that has it. A code is never renamed: changing one fails here,
    /// and the README's table must list exactly these.
    static let codes: [(Reason, String)] = [
        (.schemeMismatch(expected: "myapp", found: "other"), "scheme-mismatch"),
        (.hostMismatch(expected: "app", found: nil), "host-mismatch"),
        (.literalMismatch(expected: "user", found: "usr"), "literal-mismatch"),
        (.missingPathSegment(expected: "profile"), "missing-path-segment"),
        (.extraPathSegment(found: "x"), "extra-path-segment"),
        (.emptyPathSegment(label: "id"), "empty-path-segment"),
        (.dotSegment(found: ".."), "dot-segment"),
        (.missingQueryItem(key: "page"), "missing-query-item"),
        (.duplicateQueryItem(key: "page", count: 2), "duplicate-query-item"),
        (.missingFragment(expected: ""), "missing-fragment"),
        (.unexpectedQueryItem(key: "x"), "unexpected-query-item"),
        (.formatFailure(label: "id", found: "x", expected: .of(Int.self)), "format-failure"),
        (.malformedPercentEncoding(found: "%zz", label: nil), "malformed-percent-encoding"),
        (.malformedLink(.invalidPort("x")), "malformed-link.invalid-port"),
        (.malformedLink(.unterminatedIPLiteral), "malformed-link.unterminated-ip-literal"),
        (.malformedLink(.invalidHostCharacter("<")), "malformed-link.invalid-host-character"),
        (.malformedLink(.controlCharacter(0)), "malformed-link.control-character"),
        (.rejectedByRoute(message: "no"), "rejected-by-route"),
        (.limitExceeded(.linkLength, maximum: 1, found: 2), "limit-exceeded.link-length"),
        (.limitExceeded(.pathSegments, maximum: 1, found: 2), "limit-exceeded.path-segments"),
        (.limitExceeded(.queryItems, maximum: 1, found: 2), "limit-exceeded.query-items"),
        (.noRoutes, "no-routes"),
        (.patternSyntax(.unclosedPlaceholder), "pattern-syntax.unclosed-placeholder"),
        (.patternSyntax(.emptyPlaceholderName), "pattern-syntax.empty-placeholder-name"),
        (.patternSyntax(.invalidPlaceholderName("a b")), "pattern-syntax.invalid-placeholder-name"),
        (.patternSyntax(.placeholderInsideText), "pattern-syntax.placeholder-inside-text"),
        (.patternSyntax(.severalPlaceholders), "pattern-syntax.several-placeholders"),
        (.patternSyntax(.restNotLast("p")), "pattern-syntax.rest-not-last"),
        (.patternSyntax(.restOutsidePath("p")), "pattern-syntax.rest-outside-path"),
        (.patternSyntax(.restInsideText("p")), "pattern-syntax.rest-inside-text"),
        (.patternSyntax(.hostWhenMounted), "pattern-syntax.host-when-mounted"),
        (.patternSyntax(.emptySegment), "pattern-syntax.empty-segment"),
        (.patternSyntax(.queryItemWithoutValue("a")), "pattern-syntax.query-item-without-value"),
        (.patternSyntax(.emptyQueryKey), "pattern-syntax.empty-query-key"),
        (.patternSyntax(.placeholderInHost), "pattern-syntax.placeholder-in-host"),
        (.patternSyntax(.malformedPercentEncoding("%z")), "pattern-syntax.malformed-percent-encoding"),
        (.patternSyntax(.dotSegment("..")), "pattern-syntax.dot-segment"),
        (.patternSyntax(.invalidScheme("1x")), "pattern-syntax.invalid-scheme"),
        (.unknownPlaceholder(name: "idd"), "unknown-placeholder"),
        (.unusedLabel(label: "page"), "unused-label"),
        (.duplicatePlaceholder(name: "a"), "duplicate-placeholder"),
        (.duplicateQueryKey(key: "k"), "duplicate-query-key"),
        (.invalidOrigin(.notSchemeAndHost), "invalid-origin.not-scheme-and-host"),
        (.invalidOrigin(.missingHost), "invalid-origin.missing-host"),
        (.invalidOrigin(.userinfo), "invalid-origin.userinfo"),
        (.invalidOrigin(.queryOrFragment), "invalid-origin.query-or-fragment"),
        (.invalidOrigin(.placeholder), "invalid-origin.placeholder"),
        (.invalidOrigin(.emptySegment), "invalid-origin.empty-segment"),
        (.invalidOrigin(.duplicate), "invalid-origin.duplicate"),
        (.invalidOrigin(.disagreesWithShorthand(scheme: "a", host: "b")), "invalid-origin.disagrees-with-shorthand"),
        (.ambiguousRoutes(route: "a", other: "b"), "ambiguous-routes"),
        (.unsupportedType(label: "a", type: "T", problem: .notTextual), "unsupported-type.not-textual"),
        (.unsupportedType(label: "a", type: "T", problem: .listOutsideQuery), "unsupported-type.list-outside-query"),
        (.unsupportedType(label: "a", type: "T", problem: .noSampleValue), "unsupported-type.no-sample-value"),
        (.unsupportedType(label: "a", type: "T", problem: .sampleDoesNotConvert("x")), "unsupported-type.sample-does-not-convert"),
        (.unsupportedType(label: "a", type: "T", problem: .routesNeedRestCapture), "unsupported-type.routes-need-rest-capture"),
        (.unsupportedType(label: "a", type: "T", problem: .mountsItself), "unsupported-type.mounts-itself"),
        (.samplesRejected(type: "T", message: "m"), "samples-rejected"),
        (.unrenderableValue(label: "a", problem: .emptyPathSegment), "unrenderable-value.empty-path-segment"),
        (.unrenderableValue(label: "a", problem: .emptyInsideText), "unrenderable-value.empty-inside-text"),
        (.unrenderableValue(label: "a", problem: .emptyOptional), "unrenderable-value.empty-optional"),
        (.unrenderableValue(label: "a", problem: .dotSegment), "unrenderable-value.dot-segment"),
        (.unrenderableValue(label: "a", problem: .missingValue), "unrenderable-value.missing-value"),
        (.unrenderableValue(label: "a", problem: .notTextual), "unrenderable-value.not-textual"),
        (.unrenderableValue(label: "a", problem: .doesNotReadBack), "unrenderable-value.does-not-read-back"),
        (.unrenderableValue(label: "a", problem: .readsAsAnotherRoute("b")), "unrenderable-value.reads-as-another-route"),
        (.unrenderableRoute(.encodingFailed), "unrenderable-route.encoding-failed"),
        (.unrenderableRoute(.notARoute), "unrenderable-route.not-a-route"),
        (.unrenderableRoute(.notAURL), "unrenderable-route.not-a-url"),
        (.unrenderableRoute(.readsAsAnotherRoute("b")), "unrenderable-route.reads-as-another-route"),
        (.unrenderableRoute(.hostOverride(host: "a", patternHost: "b")), "unrenderable-route.host-override"),
        (.unrenderableRoute(.readsUnderAnotherOrigin("https://a")), "unrenderable-route.reads-under-another-origin"),
        (.unrenderableRoute(.unknownOrigin("https://a", declared: [])), "unrenderable-route.unknown-origin"),
    ]

    @Test func everyReasonHasItsStableCode() {
        for (reason, code) in Self.codes {
            #expect(reason.code == code, "\(reason)")
        }
        #expect(Set(Self.codes.map(\.1)).count == Self.codes.count)
    }

    /// The README's "Reason codes" table lists exactly the codes, in this order.
    @Test func theReadmeDocumentsEveryCode() throws {
        let root = try #require(packageRoot(startingAt: #filePath))
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "<!-- reason codes -->").dropFirst().first)
        let documented = section.split(separator: "\n").prefix { !$0.hasPrefix("<!--") }.compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        }
        #expect(documented == Self.codes.map(\.1))
    }

    /// The JSON form: every documented key, spans as UTF-8 and character offsets (a wide
    /// character before the span makes them differ), the closest route, notes.
    @Test func encodesEveryDocumentedKey() throws {
        let error = try #require(AppRoute.match("myapp://app/article/café?ref=1&ref=2").failure)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(error)) as? [String: Any])
        #expect(Set(json.keys) == ["code", "message", "summary", "subject", "input", "redacted", "fields", "span",
                                   "closestRoute", "notes", "otherCandidates", "definitionProblems", "help"])
        #expect(json["code"] as? String == "duplicate-query-item")
        #expect(json["fields"] as? NSDictionary == ["key": "ref", "count": 2] as NSDictionary)
        let span = try #require(json["span"] as? [String: [String: Int]])
        // "ref=2" after "café" (5 bytes, 4 characters)
        #expect(span["offsets"] == ["start": 32, "end": 37])
        #expect(span["characters"] == ["start": 31, "end": 36])
        #expect(json["closestRoute"] as? [String: String] == ["name": "article", "pattern": "article/${slug}?ref=${ref}"])
        #expect(json["input"] as? String == "myapp://app/article/café?ref=1&ref=2")
        #expect(json["redacted"] as? Bool == false)
    }

    /// Redacted JSON: no value of the link, no userinfo, anywhere in it.
    @Test(arguments: [
        "myapp://alice:s3cret@app/user/SECRET1/posts?page=SECRET2&token=SECRET3#SECRET4",
        "myapp://alice:s3cret@app/article/SECRET1?ref=SECRET2&ref=SECRET3",
        "myapp://alice:s3cret@ap/user/SECRET1/profile",
    ])
    func redactedJSONHoldsNoSecret(_ link: String) throws {
        let error = try #require(AppRoute.match(link).failure)
        let text = String(decoding: try JSONEncoder().encode(error.redacted), as: UTF8.self)
        for secret in ["alice", "s3cret", "SECRET1", "SECRET2", "SECRET3", "SECRET4"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
        #expect(text.contains("\"redacted\":true"))
        #expect(error.redacted.description == error.redactedDescription)
    }

    /// A definition problem's span is into its route's pattern.
    @Test func encodesDefinitionProblems() throws {
        let error = try #require(Router<Profile>(scheme: "myapp", host: "app") { $0.add("user/${idd}/${id}/${id}") }.match("x").failure)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(error)) as? [String: Any])
        let problems = try #require(json["definitionProblems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["unknown-placeholder", "duplicate-placeholder"])
        #expect(problems.first?["route"] as? [String: String] == ["name": "Profile", "pattern": "user/${idd}/${id}/${id}"])
        let span = try #require(problems.last?["span"] as? [String: [String: Int]])
        #expect(span["offsets"] == ["start": 18, "end": 23])
        #expect(json["subject"] as? String == "pattern")
    }

    /// `localizedDescription` says what went wrong (LocalizedError), not "error 1".
    @Test func localizedDescriptionIsTheSummary() throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)
        #expect((error as any Error).localizedDescription == error.summary)
    }

    struct Profile: Codable, Equatable {
        var id: Int
    }
}
