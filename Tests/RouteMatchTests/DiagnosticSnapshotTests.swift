import Foundation
import Testing
import RouteMatch

/// Every reason and every definition problem, produced by a real link or pattern and rendered
/// by the one renderer, compared with `Snapshots/<name>.txt`.
@Suite struct DiagnosticSnapshotTests {
    /// A scenario's name and the text it renders (computed when the list is first used).
    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        let render: String
        var testDescription: String { name }
    }

    static func link<R: Routable>(_ type: R.Type, _ link: String, _ form: Form = .full) -> String {
        describe(R.match(link), form)
    }

    static func table<R: Codable>(_ router: () -> Router<R>) -> String {
        describe(router().match("myapp://app/"), .full)
    }

    static func render<R: Routable>(_ route: R) -> String {
        do { return "unexpectedly rendered: " + (try route.link()) } catch { return "\(error)" }
    }

    static func renderStruct<R>(_ router: Router<R>, _ value: R) -> String {
        do { return "unexpectedly rendered: " + (try router.link(for: value)) } catch { return "\(error)" }
    }

    enum Form { case full, redacted, summary }

    static func describe<R>(_ result: Result<R, RouteMatchError>, _ form: Form) -> String {
        switch result {
        case .success(let route): return "unexpectedly matched: \(route)"
        case .failure(let error):
            switch form {
            case .full: return error.description
            case .redacted: return error.redactedDescription
            case .summary: return error.summary + "\n" + error.redactedSummary
            }
        }
    }

    static let scenarios: [Scenario] = [
        // Link problems against the contract's AppRoute.
        Scenario(name: "link.format-failure", render: link(AppRoute.self, "myapp://app/user/4x2/posts?page=2")),
        Scenario(name: "link.missing-query-item", render: link(AppRoute.self, "myapp://app/user/42/posts?page=2")),
        Scenario(name: "link.scheme-mismatch", render: link(AppRoute.self, "otherapp://app/user/42/profile")),
        Scenario(name: "link.host-mismatch", render: link(AppRoute.self, "myapp://evil.com/user/42/profile")),
        Scenario(name: "link.host-mismatch-userinfo", render: link(AppRoute.self, "myapp://app@evil.com/user/42/profile")),
        Scenario(name: "link.host-mismatch-port", render: link(AppRoute.self, "myapp://app:8080/user/42/profile")),
        Scenario(name: "link.literal-mismatch", render: link(AppRoute.self, "myapp://app/user/42/profil")),
        Scenario(name: "link.missing-path-segment", render: link(AppRoute.self, "myapp://app/user/42")),
        Scenario(name: "link.extra-path-segment", render: link(AppRoute.self, "myapp://app/user/42/profile/extra/more")),
        Scenario(name: "link.empty-path-segment", render: link(AppRoute.self, "myapp://app/user//profile")),
        // Several origins, captures inside a segment and to the end of the path (issue 8).
        Scenario(name: "link.origin-host-mismatch", render: link(StoreRoute.self, "https://exmaple.com/items/item-7.json")),
        Scenario(name: "link.origin-without-host", render: link(StoreRoute.self, "https:///items/item-7.json")),
        Scenario(name: "link.origin-prefix-missing", render: link(StoreRoute.self, "https://www.example.com/items/item-7.json")),
        Scenario(name: "link.in-segment-format-failure", render: link(StoreRoute.self, "https://example.com/items/item-4x2.json")),
        Scenario(name: "link.in-segment-literal-mismatch", render: link(StoreRoute.self, "myapp://app/items/7.json")),
        Scenario(name: "link.in-segment-query-mismatch", render: link(StoreRoute.self, "myapp://app/search?q=shoes&v=3")),
        Scenario(name: "link.rest-missing", render: link(StoreRoute.self, "myapp://app/download")),
        Scenario(name: "link.rest-empty-segment", render: link(StoreRoute.self, "myapp://app/blob/main/a//b")),
        Scenario(name: "link.malformed-escape-names-label", render: link(StoreRoute.self, "myapp://app/blob/main/docs/caf%E9t%E9.md")),
        Scenario(name: "link.malformed-escape-in-literal", render: link(AppRoute.self, "myapp://app/us%zzer/42/profile")),
        // Nested tables, shared items, closure routes (issue 9).
        Scenario(name: "link.nested-format-failure", render: link(FeatureApp.self, "https://example.com/settings/notifications/loud")),
        Scenario(name: "link.nested-miss", render: link(FeatureApp.self, "myapp://app/settings/privcy/ads")),
        Scenario(name: "link.nested-miss-hosts-given", render: link(HostsGivenApp.self, "myapp://app/settings/notifications/x")),
        Scenario(name: "link.shared-format-failure", render: describe(AppRoute.match("myapp://app/user/42/profile?ref_id=x7", sharing: Tracking.self), .full)),
        Scenario(name: "link.closure-format-failure", render: describe(LargeAppsTests.screens.match("myapp://app/user/4x2"), .full)),
        Scenario(name: "pattern.nested-definition-problem", render: {
            do { try NestedHost.validate(); return "unexpectedly valid" } catch { return "\(error)" }
        }()),
        Scenario(name: "pattern.mount-needs-rest", render: {
            do { try WrongMount.validate(); return "unexpectedly valid" } catch { return "\(error)" }
        }()),
        Scenario(name: "link.malformed-escape-redacted", render: link(StoreRoute.self, "myapp://app/search?q=secret%zz", .redacted)),
        Scenario(name: "link.malformed-percent-encoding", render: link(AppRoute.self, "myapp://app/article/a%zzb")),
        Scenario(name: "link.invalid-utf8-escape", render: link(AppRoute.self, "myapp://app/article/ok%C3%28")),
        Scenario(name: "link.duplicate-query-item", render: link(AppRoute.self, "myapp://app/user/42/posts?page=2&page=3&premium=true")),
        Scenario(name: "link.bool-format-failure", render: link(AppRoute.self, "myapp://app/user/42/posts?page=2&premium=yes")),
        Scenario(name: "link.dot-segment", render: link(AppRoute.self, "myapp://app/user/../profile")),
        Scenario(name: "link.space", render: link(AppRoute.self, "myapp://app/article/hello world")),
        Scenario(name: "link.control-character", render: link(AppRoute.self, "myapp://app/article/a\u{7}b")),
        Scenario(name: "link.invalid-port", render: link(AppRoute.self, "myapp://app:99999/user/1/profile")),
        Scenario(name: "link.backslash-in-host", render: link(AppRoute.self, "myapp://app\\@evil.com/user/1/profile")),
        Scenario(name: "link.unterminated-ip-literal", render: link(AppRoute.self, "myapp://[::1/user/1/profile")),
        Scenario(name: "link.no-route-at-first-segment", render: link(AppRoute.self, "myapp://app/settings/privacy")),
        Scenario(name: "link.redacted", render: link(AppRoute.self, "myapp://app/user/4x2/posts?page=2&token=s3cr3t", .redacted)),
        Scenario(name: "link.summary", render: link(AppRoute.self, "myapp://app/user/4x2/posts?page=2&token=s3cr3t", .summary)),
        Scenario(name: "link.redacted-userinfo", render: link(AppRoute.self,
            "myapp://admin:hunter2@app/user/abc/posts?page=2&premium=true&token=s3cr3t#frag", .redacted)),
        Scenario(name: "link.redacted-userinfo-summary", render: link(AppRoute.self,
            "myapp://admin:hunter2@app/user/abc/posts?page=2&premium=true&token=s3cr3t#frag", .summary)),
        Scenario(name: "link.no-host", render: link(AppRoute.self, "myapp:/user/42/profile")),
        Scenario(name: "link.empty-host", render: link(AppRoute.self, "myapp:///user/42/profile")),
        Scenario(name: "link.empty", render: link(UniversalRoute.self, "")),
        Scenario(name: "link.extra-empty-segment", render: describe(structRouter(UserPage.self, "user/${id}").match("myapp://app/user/42//"), .full)),
        Scenario(name: "link.display-width", render: link(WideRoute.self, "myapp://app/p/日本語🎉e\u{301}/x")),
        Scenario(name: "link.bidi-escaped", render: link(WideRoute.self, "myapp://app/p/abc\u{202E}fed/x")),
        // Routes that carry their own origins: the closest route is the one the link fits.
        Scenario(name: "link.closest-across-origins", render: link(SlackFirst.self, "https://evil.com/track/1")),
        Scenario(name: "link.example-aligned", render: link(SpotifyFirst.self, "https://open.spotify.com/intl-de/track/123")),
        // Found by fuzzing (issue 14): a link without a host, a literal fragment that is missing.
        Scenario(name: "link.fuzz-no-host", render: describe(fieldsRouter.match("myapp:/))))))/"), .full)),
        Scenario(name: "link.missing-literal-fragment", render: describe(fieldsRouter.match("myapp://app/))))))/"), .full)),
        // Typed values.
        Scenario(name: "link.integer-overflow", render: link(TypedRoute.self, "typed://x/numbers?i8=300&u16=1&i64=1&d=1&f=1")),
        Scenario(name: "link.enum-value", render: link(TypedRoute.self, "typed://x/tab/profile")),
        Scenario(name: "link.uuid", render: link(TypedRoute.self, "typed://x/uuid/not-a-uuid")),
        Scenario(name: "link.list-element", render: link(TypedRoute.self, "typed://x/list?id=1&id=two&id=3")),
        Scenario(name: "link.missing-fragment", render: link(TypedRoute.self, "typed://x/anchor")),
        Scenario(name: "link.did-you-mean-segment", render: link(AppRoute.self, "myapp://app/user/42/postz?page=1&premium=true")),
        // Hosts from patterns, strictness and limits.
        Scenario(name: "link.host-did-you-mean", render: link(KakaoRoute.self, "kakaoapp://kakaolnk?id=1")),
        Scenario(name: "link.scheme-in-pattern", render: link(UniversalRoute.self, "http://example.com/secure/1")),
        Scenario(name: "link.unexpected-query-item", render: link(StrictRoute.self, "s://h/item/1?utm_source=mail")),
        Scenario(name: "link.limit-link-length", render: link(StrictRoute.self, "s://h/item/1?q=" + String(repeating: "a", count: 300))),
        Scenario(name: "link.limit-path-segments", render: link(StrictRoute.self, "s://h/a/b/c/d/e/f")),
        Scenario(name: "link.limit-query-items", render: link(StrictRoute.self, "s://h/item/1?a=1&b=2&c=3&d=4&e=5")),
        Scenario(name: "link.rejected-by-route", render: describe(structRouter(Paging.self, "list?page=${page}").match("myapp://app/list?page=0"), .full)),
        Scenario(name: "link.long-link-window", render: link(AppRoute.self,
            "myapp://app/article/" + String(repeating: "x", count: 150) + "?ref=" + String(repeating: "y", count: 50) + "&ref=2")),
        // Definition problems, each with a caret into its pattern.
        Scenario(name: "pattern.unknown-placeholder", render: link(MisspelledPlaceholder.self, "app/user/1/profile")),
        Scenario(name: "pattern.unused-label", render: link(UnusedLabel.self, "app/user/1/posts")),
        Scenario(name: "pattern.ambiguous-routes", render: link(AmbiguousRoutes.self, "app/user/1")),
        Scenario(name: "pattern.all-problems-at-once", render: link(ManyProblems.self, "myapp://app/user/1/posts")),
        Scenario(name: "pattern.duplicate-placeholder", render: table { structRouter(Pair.self, "x/${a}/${a}") }),
        Scenario(name: "pattern.duplicate-query-key", render: table { structRouter(UserPage.self, "u/${id}?k=1&k=2") }),
        Scenario(name: "pattern.unclosed-placeholder", render: table { structRouter(UserPage.self, "u/${id") }),
        Scenario(name: "pattern.empty-placeholder-name", render: table { structRouter(UserPage.self, "u/${}/${id}") }),
        Scenario(name: "pattern.invalid-placeholder-name", render: table { structRouter(UserPage.self, "u/${1d}/${id}") }),
        Scenario(name: "pattern.placeholder-in-query-key", render: table { structRouter(UserPage.self, "u/${id}?${id}=1") }),
        Scenario(name: "pattern.several-placeholders", render: table { structRouter(UserPage.self, "u/${id}-${id}") }),
        Scenario(name: "pattern.rest-not-last", render: table { structRouter(UserPage.self, "u/${id...}/edit") }),
        Scenario(name: "pattern.rest-outside-path", render: table { structRouter(UserPage.self, "u?id=${id...}") }),
        Scenario(name: "pattern.rest-inside-text", render: table { structRouter(UserPage.self, "u/v${id...}") }),
        Scenario(name: "pattern.invalid-origins", render: table {
            Router<UserPage>(origins: ["myapp://", "example.com", "https://a@example.com", "https://example.com/x?y#z",
                                       "https://example.com/${id}", "https://example.com//x", "myapp://app", "MYAPP://App/"]) {
                $0.add("u/${id}")
            }
        }),
        // A link handler's configuration: a redirect and allow-list entries, all at once.
        Scenario(name: "handler.invalid-configuration", render: {
            let handler = LinkHandler(AppRoute.self) { config in
                config.redirect("profile.php?id=${id}", as: UserPage.self, name: "old profile") { .userProfile(id: String($0.id)) }
                config.redirect("p/${uid}", as: UserPage.self) { .userProfile(id: String($0.id)) }
                config.fallback(allowing: ["example.com", "https://a@example.com", "https://example.com/help?x"]) { _ in }
            } handle: { _ in }
            do throws(RouteMatchError) {
                try handler.validate()
                return "unexpectedly valid"
            } catch {
                return error.description
            }
        }()),
        Scenario(name: "pattern.empty-query-key", render: table { structRouter(UserPage.self, "u/${id}?=1") }),
        Scenario(name: "pattern.empty-segment", render: table { structRouter(UserPage.self, "u//${id}") }),
        Scenario(name: "pattern.query-item-without-value", render: table { structRouter(UserPage.self, "u/${id}?flag") }),
        Scenario(name: "pattern.placeholder-in-host", render: table { structRouter(UserPage.self, "${id}/x", host: "") }),
        Scenario(name: "pattern.invalid-scheme", render: table { structRouter(UserPage.self, "1x://h/${id}") }),
        Scenario(name: "pattern.malformed-percent-encoding", render: table { structRouter(UserPage.self, "u%zz/${id}") }),
        Scenario(name: "pattern.dot-segment", render: table { structRouter(UserPage.self, "../${id}") }),
        Scenario(name: "pattern.type-not-textual", render: table { structRouter(Nested.self, "n/${inner}") }),
        Scenario(name: "pattern.list-in-path", render: table { structRouter(IDs.self, "u/${ids}") }),
        Scenario(name: "pattern.no-sample-value", render: table { structRouter(Invite.self, "invite/${email}/${code}") }),
        Scenario(name: "pattern.no-sample-value-last", render: table { structRouter(BareProduct.self, "p/${sku}?count=${count}") }),
        Scenario(name: "pattern.sample-does-not-convert", render: table { structRouter(WrongProduct.self, "p/${sku}") }),
        Scenario(name: "pattern.samples-rejected", render: table { structRouter(SmallPage.self, "list?page=${page}") }),
        Scenario(name: "pattern.no-routes", render: table { Router<UserPage>(host: "app") { _ in } }),
        // Render problems.
        Scenario(name: "render.empty-path-segment", render: render(AppRoute.userProfile(id: ""))),
        Scenario(name: "render.empty-optional", render: render(AppRoute.article(slug: "swift", ref: ""))),
        Scenario(name: "render.dot-segment", render: render(AppRoute.article(slug: "..", ref: nil))),
        Scenario(name: "render.reads-as-another-route", render: render(PriorityRoute.user(id: "me"))),
        Scenario(name: "render.missing-value", render: renderStruct(structRouter(ForgetfulPage.self, "u/${id}"), ForgetfulPage(id: 1))),
        Scenario(name: "render.encoding-failed", render: renderStruct(structRouter(Unencodable.self, "u/${id}"), Unencodable(id: 1))),
        Scenario(name: "render.host-override", render: {
            do {
                return "unexpectedly rendered: " + (try structRouter(UserPage.self, "user/${id}", host: "")
                    .link(for: UserPage(id: 42), scheme: "https", host: "myapp.com"))
            } catch { return "\(error)" }
        }()),
        Scenario(name: "render.empty-inside-text", render: render(StoreRoute.image(name: ""))),
        Scenario(name: "render.unknown-origin", render: {
            do { return "unexpectedly rendered: " + (try StoreRoute.home.link(origin: "https://evil.com")) } catch { return "\(error)" }
        }()),
        Scenario(name: "render.not-textual", render: renderStruct(structRouter(NestedEncoding.self, "u/${id}"), NestedEncoding(id: 1))),
        // A mount read as another route type than the route's probe learned: that type's
        // table explains the rest of the link.
        Scenario(name: "link.mount-read-as-another-type", render: describe(NestedRoutesTests.either.match("myapp://app/m/wide/b/x/one/2"), .full)),
        // Closure routes rendering a mounted feature enum: a feature value that does not
        // render, and a route value handed for a label that mounts nothing.
        Scenario(name: "render.closure-mounted-feature", render: renderStruct(
            NestedRoutesTests.closureApp, .settings(.privacy(.section(name: "", expanded: nil))))),
        Scenario(name: "render.closure-route-value-not-textual", render: renderStruct(
            Router<NestedRoutesTests.ClosureApp>(scheme: "myapp", host: "app") { routes in
                routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
                    if case .profile = $0 { ["id": SettingsRoute.notifications(channel: 3)] } else { nil }
                }
            }, .profile(id: 1))),
    ]

    /// The table of issue 14's fuzz finding.
    static var fieldsRouter: Router<Fields> {
        Router<Fields>(scheme: "myapp", host: "app") { $0.add("/${a}?b=${b}&c=${c}#") }
    }

    @Test(arguments: scenarios)
    func rendersAsRecorded(_ scenario: Scenario) {
        assertSnapshot(scenario.render, named: scenario.name)
    }

    @Test func everyScenarioHasItsOwnName() {
        #expect(Set(Self.scenarios.map(\.name)).count == Self.scenarios.count)
        #expect(Self.scenarios.count >= 30)
    }
}
