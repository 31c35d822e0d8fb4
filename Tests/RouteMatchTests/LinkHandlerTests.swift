import Foundation
import Testing
import RouteMatch

/// Opening links: every outcome, interceptor order and cancellation, many concurrent opens,
/// links that wait, the fallback's allow-list against host confusion, and the log lines.
@Suite struct LinkHandlerTests {
    /// Collects what a handler did, across tasks.
    actor Recorder {
        private(set) var routes: [AppRoute] = []
        private(set) var events: [String] = []
        private(set) var fallbacks: [String] = []
        func handled(_ route: AppRoute) { routes.append(route) }
        func event(_ text: String) { events.append(text) }
        func fellBack(_ link: String) { fallbacks.append(link) }
    }

    struct OldProfile: Codable, Sendable { var uid: Int }
    struct Broken: Error, CustomStringConvertible { var description: String { "no such profile" } }

    static func handler(
        _ recorder: Recorder, ready: Bool = true,
        configure: @Sendable (inout LinkHandler<AppRoute>.Configuration) -> Void = { _ in }
    ) -> LinkHandler<AppRoute> {
        LinkHandler(AppRoute.self, ready: ready, configure: configure) { route in
            if case .article(let slug, _) = route, slug == "broken" { throw Broken() }
            await recorder.handled(route)
        }
    }

    @Test func handled() async {
        let recorder = Recorder()
        let handler = Self.handler(recorder)
        #expect(await handler.open("myapp://app/user/42/profile") == .handled(.userProfile(id: "42")))
        #expect(await handler.open(URL(string: "myapp://app/article/swift")!) == .handled(.article(slug: "swift", ref: nil)))
        #expect(await recorder.routes == [.userProfile(id: "42"), .article(slug: "swift", ref: nil)])
    }

    @Test func aTrailingClosureIsTheHandler() async {
        let recorder = Recorder()
        let handler = LinkHandler(AppRoute.self) { route in await recorder.handled(route) }
        #expect(await handler.open("myapp://app") == .handled(.home))
        #expect(await recorder.routes == [.home])
    }

    @Test func failedCarriesTheDiagnostic() async throws {
        let handler = Self.handler(Recorder())
        let outcome = await handler.open("myapp://app/user/4x2/posts?page=2")
        guard case .failed(let error) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(error == (try #require(AppRoute.match("myapp://app/user/4x2/posts?page=2").failure)))
    }

    @Test func legacyRedirects() async throws {
        let recorder = Recorder()
        let handler = Self.handler(recorder) { config in
            config.redirect("profile.php?uid=${uid}", as: OldProfile.self, name: "old profile") { old in
                guard old.uid > 0 else { throw Broken() }
                return .userProfile(id: String(old.uid))
            }
        }
        #expect(await handler.open("myapp://app/profile.php?uid=7")
            == .redirected(from: .link("myapp://app/profile.php?uid=7"), to: .userProfile(id: "7"), by: "old profile"))
        #expect(await recorder.routes == [.userProfile(id: "7")])
        // A value that does not convert is the legacy pattern's diagnostic, not a crash.
        let outcome = await handler.open("myapp://app/profile.php?uid=seven")
        guard case .failed(let error) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(error.reason == .formatFailure(label: "uid", found: "seven", expected: .of(Int.self)))
        #expect(error.closestRoute == RouteReference(name: "old profile", pattern: "profile.php?uid=${uid}"))
        #expect(await handler.open("myapp://app/profile.php?uid=0")
            == .redirectFailed(link: "myapp://app/profile.php?uid=0", redirect: "old profile", message: "no such profile"))
    }

    @Test func legacyRedirectsReadEveryOrigin() async throws {
        let handler = LinkHandler(StoreRoute.self) { config in
            config.redirect("product.php?id=${id}", as: OldItem.self) { .item(id: $0.id) }
        } handle: { _ in }
        for link in ["myapp://app/product.php?id=3", "https://www.example.com/app/product.php?id=3"] {
            #expect(await handler.open(link) == .redirected(from: .link(link), to: .item(id: 3), by: "product.php?id=${id}"))
        }
    }

    @Test func interceptorsRunInOrderAndTheFirstStopWins() async {
        let recorder = Recorder()
        let handler = Self.handler(recorder) { config in
            config.intercept("first") { _ in await recorder.event("first"); return .proceed }
            config.intercept("second") { route in
                await recorder.event("second")
                if case .userPosts = route { return .stop(reason: "premium only") }
                return .proceed
            }
            config.intercept("third") { _ in await recorder.event("third"); return .proceed }
        }
        #expect(await handler.open("myapp://app/user/1/posts?page=1&premium=false")
            == .stopped(.userPosts(id: 1, page: 1, premium: false), interceptor: "second", reason: "premium only"))
        #expect(await handler.open("myapp://app/user/1/profile") == .handled(.userProfile(id: "1")))
        #expect(await recorder.events == ["first", "second", "first", "second", "third"])
        #expect(await recorder.routes == [.userProfile(id: "1")])
    }

    @Test func signInRedirectResumesTheOriginalLinkWhenReady() async {
        let recorder = Recorder()
        let signedIn = Recorder()  // an event "in" means signed in
        let handler = Self.handler(recorder) { config in
            config.intercept("auth") { route in
                if case .userPosts = route, await !signedIn.events.contains("in") {
                    return .redirect(to: .home, resumingOriginal: true)
                }
                return .proceed
            }
        }
        let link = "myapp://app/user/3/posts?page=1&premium=true"
        #expect(await handler.open(link)
            == .redirected(from: .route(.userPosts(id: 3, page: 1, premium: true)), to: .home, by: "auth"))
        #expect(await handler.waitingLinks == [link])
        await signedIn.event("in")
        #expect(await handler.markReady() == [.handled(.userPosts(id: 3, page: 1, premium: true))])
        #expect(await handler.markReady() == [])
        #expect(await recorder.routes == [.home, .userPosts(id: 3, page: 1, premium: true)])
    }

    @Test func aRedirectLoopIsStopped() async {
        let handler = Self.handler(Recorder()) { config in
            config.intercept("loop") { route in
                if case .home = route { return .redirect(to: .userProfile(id: "1")) }
                return .redirect(to: .home)
            }
        }
        let outcome = await handler.open("myapp://app/user/1/profile")
        guard case .stopped(_, let interceptor, let reason) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(interceptor == "loop")
        #expect(reason == "more than 4 redirects")
    }

    @Test func handlerErrors() async {
        let handler = Self.handler(Recorder())
        #expect(await handler.open("myapp://app/article/broken")
            == .handlerFailed(.article(slug: "broken", ref: nil), message: "no such profile"))
    }

    @Test func cancellation() async {
        let recorder = Recorder()
        let handler = Self.handler(recorder) { config in
            config.intercept("cancels") { route in
                if case .article = route { throw CancellationError() }
                return .proceed
            }
        }
        #expect(await handler.open("myapp://app/article/x") == .cancelled(link: "myapp://app/article/x"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await handler.open("myapp://app/user/1/profile")
        }
        #expect(await task.value == .cancelled(link: "myapp://app/user/1/profile"))
        #expect(await recorder.routes.isEmpty)
    }

    @Test func linksWaitUntilReadyAndAreHandledOnceInOrder() async {
        let recorder = Recorder()
        let handler = Self.handler(recorder, ready: false)
        let links = (1...5).map { "myapp://app/user/\($0)/profile" }
        for link in links { #expect(await handler.open(link) == .waiting(link: link)) }
        #expect(await recorder.routes.isEmpty)
        #expect(await handler.markReady() == (1...5).map { .handled(.userProfile(id: "\($0)")) })
        #expect(await handler.markReady() == [])
        #expect(await recorder.routes == (1...5).map { .userProfile(id: "\($0)") })
        await handler.markNotReady()
        #expect(await handler.open(links[0]) == .waiting(link: links[0]))
    }

    @Test func concurrentOpensEachGetOneOutcome() async {
        let recorder = Recorder()
        let handler = Self.handler(recorder)
        let outcomes = await withTaskGroup(of: (Int, LinkOutcome<AppRoute>).self) { group in
            for index in 0..<400 {
                group.addTask {
                    let link = index % 4 == 3 ? "myapp://app/nope/\(index)" : "myapp://app/user/\(index)/profile"
                    return (index, await handler.open(link))
                }
            }
            var all: [Int: LinkOutcome<AppRoute>] = [:]
            for await (index, outcome) in group { all[index] = outcome }
            return all
        }
        #expect(outcomes.count == 400)
        for (index, outcome) in outcomes {
            if index % 4 == 3 {
                guard case .failed = outcome else { Issue.record("\(index): \(outcome)"); continue }
            } else {
                #expect(outcome == .handled(.userProfile(id: "\(index)")))
            }
        }
        let handled = await recorder.routes
        #expect(handled.count == 300)
        #expect(Set(handled.map { "\($0)" }).count == 300)
    }

    @Test("the fallback receives only links from its allowed origins", arguments: [
        ("https://good.com", "https://good.com/unknown/page", true),
        ("https://good.com", "HTTPS://GOOD.COM:443/unknown", true),
        ("https://good.com", "https://good.com@evil.com/unknown", false),
        ("https://good.com", "https://evil.com/?next=https://good.com", false),
        ("https://good.com", "https://gооd.com/unknown", false),           // Cyrillic о
        ("https://good.com", "https://good.com./unknown", false),
        ("https://good.com", "https://good.com.evil.com/unknown", false),
        ("https://good.com", "https://good.com:8443/unknown", false),
        ("https://good.com", "http://good.com/unknown", false),
        ("https://good.com", "https://evil.com\\@good.com/unknown", false),
        ("https://good.com", "https:///good.com/unknown", false),
        ("https://good.com", "good.com/unknown", false),
        ("https://good.com", "javascript:alert(1)//good.com", false),
        // A path prefix is compared segment by segment, as a table's origins are.
        ("https://good.com/help", "https://good.com/help", true),
        ("https://good.com/help", "https://good.com/help/", true),
        ("https://good.com/help", "https://good.com/help/topics/1", true),
        ("https://good.com/help", "https://GOOD.com/help/x", true),
        ("https://good.com/help", "https://good.com/Help/x", false),
        ("https://good.com/help", "https://good.com/helpdesk", false),
        ("https://good.com/help", "https://good.com/other/help", false),
        ("https://good.com/help", "https://good.com", false),
        ("https://good.com/help", "https://www.good.com/help", false),
    ])
    func fallbackAllowList(_ origin: String, _ link: String, _ allowed: Bool) async {
        let recorder = Recorder()
        let handler = Self.handler(recorder) { config in
            config.fallback(allowing: [origin]) { await recorder.fellBack($0) }
        }
        // A link the fallback does not receive fails with the table's own diagnostic.
        let expected: LinkOutcome<AppRoute>? = allowed ? .fallback(link: link) : AppRoute.match(link).failure.map { .failed($0) }
        #expect(await handler.open(link) == expected)
        #expect(await recorder.fallbacks == (allowed ? [link] : []))
    }

    /// A handler whose allow-list holds entries that are not origins, and whose redirect
    /// names a placeholder its struct lacks.
    static func misconfigured(_ recorder: Recorder) -> LinkHandler<AppRoute> {
        handler(recorder) { config in
            config.redirect("profile.php?id=${id}", as: OldProfile.self, name: "old profile") { .userProfile(id: String($0.uid)) }
            config.fallback(allowing: ["good.com", "https://good.com", "https://a@good.com", "HTTPS://GOOD.COM/"]) {
                await recorder.fellBack($0)
            }
        }
    }

    @Test func validateReportsEveryProblemOfTheHandler() throws {
        let handler = Self.misconfigured(Recorder())
        let error = try #require(throws: RouteMatchError.self) { try handler.validate() }
        #expect(error.subject == .pattern)
        let redirect = RouteReference(name: "redirect › old profile", pattern: "profile.php?id=${id}")
        #expect(error.definitionProblems.map(\.route) == [
            redirect,
            RouteReference(name: "fallback(allowing:)[0]", pattern: "good.com"),
            RouteReference(name: "fallback(allowing:)[2]", pattern: "https://a@good.com"),
            RouteReference(name: "fallback(allowing:)[3]", pattern: "HTTPS://GOOD.COM/"),
        ])
        #expect(error.definitionProblems.map(\.reason) == [
            .unknownPlaceholder(name: "id"),
            .invalidOrigin(.notSchemeAndHost), .invalidOrigin(.userinfo), .invalidOrigin(.duplicate),
        ])
        #expect(error.definitionProblems.map(\.span) == [15..<20, 0..<8, 8..<9, 0..<17])
        #expect(error.closestRoute == redirect)
        let valid = Self.handler(Recorder()) { config in
            config.redirect("profile.php?uid=${uid}", as: OldProfile.self) { .userProfile(id: String($0.uid)) }
            config.fallback(allowing: ["https://good.com", "https://help.good.com/docs"]) { _ in }
        }
        #expect(throws: Never.self) { try valid.validate() }
    }

    @Test func aLinkThatReachesABrokenPartFailsWithItsProblems() async throws {
        let recorder = Recorder()
        let handler = Self.misconfigured(recorder)
        // A link the table takes is handled: the broken parts are never reached.
        #expect(await handler.open("myapp://app/user/42/profile") == .handled(.userProfile(id: "42")))
        // The broken redirect is reached first, by any link the table does not take.
        guard case .failed(let redirectError) = await handler.open("https://good.com/unknown") else {
            Issue.record("not failed")
            return
        }
        #expect(redirectError.subject == .pattern)
        #expect(redirectError.definitionProblems.map(\.reason) == [.unknownPlaceholder(name: "id")])
        // Without it, the allow-list's problems: no link is judged by a list with an entry missing.
        let fallbackOnly = Self.handler(recorder) { config in
            config.fallback(allowing: ["good.com", "https://good.com"]) { await recorder.fellBack($0) }
        }
        guard case .failed(let listError) = await fallbackOnly.open("https://good.com/unknown") else {
            Issue.record("not failed")
            return
        }
        let entry = RouteReference(name: "fallback(allowing:)[0]", pattern: "good.com")
        #expect(listError == RouteMatchError(
            reason: .invalidOrigin(.notSchemeAndHost), input: "good.com", subject: .pattern, span: 0..<8,
            closestRoute: entry, definitionProblems: listError.definitionProblems))
        #expect(listError.definitionProblems.map(\.route) == [entry])
        #expect(await recorder.fallbacks.isEmpty)
        #expect(fallbackOnly.logLine(for: .failed(listError))
            == "failed: the link handler has a problem: an origin is 'scheme://host', with an optional port and path prefix in fallback(allowing:)[0] \"good.com\"")
    }

    @Test func everyOutcomeIsOneRedactedLogLine() async {
        let lines = Recorder()
        let handler = Self.handler(Recorder(), ready: false) { config in
            config.log { line in Task { await lines.event(line) } }
            config.intercept("plan") { route in
                if case .userPosts = route { return .stop(reason: "token s3cr3t expired") }
                return .proceed
            }
            config.fallback(allowing: ["https://good.com"]) { _ in }
        }
        let outcomes: [LinkOutcome<AppRoute>] = [
            await handler.open("myapp://admin:hunter2@app/user/s3cr3t/profile"),
        ] + (await handler.markReady()) + [
            await handler.open("myapp://app/user/7/posts?page=1&premium=true"),
            await handler.open("https://good.com/private/s3cr3t?token=s3cr3t"),
            await handler.open("myapp://app/user/s3cr3t/posts?page=x"),
        ]
        let expected = [
            "waiting until ready: myapp://<13 chars>@app/<4 chars>/<6 chars>/<7 chars>",
            "handled userProfile",
            "stopped userPosts by 'plan': <20 chars>",
            "sent to the fallback: https://good.com/<7 chars>/<6 chars>?<5 chars>=<6 chars>",
            "failed: no route matches myapp://app/user/<6 chars>/posts?page=<1 char>: 'id' expects Int, found <6 chars> (closest route: userPosts \"user/${id}/posts?page=${page}&premium=${premium}\")",
        ]
        #expect(outcomes.map { handler.logLine(for: $0) } == expected)
        for line in expected {
            for secret in ["admin", "hunter2", "s3cr3t", "expired"] { #expect(!line.contains(secret)) }
        }
        #expect(handler.logLine(for: outcomes[1], redacted: false) == #"handled userProfile(id: "s3cr3t")"#)
    }

    /// A handler needs nothing of its route type but `Sendable` (a requirement on it had the
    /// runtime check the type's conformances when an app made the handler's types): one over
    /// closure routes, whose values are not `Codable`, handles links, redirects by an
    /// interceptor, and logs each route by its name.
    @Test func handlesClosureRoutes() async {
        enum Screen: Equatable, Sendable { case home, profile(id: Int) }
        let router = Router<Screen>(scheme: "myapp", host: "app") { routes in
            routes.add("", name: "home") { _ in .home } render: { $0 == .home ? [:] : nil }
            routes.add("user/${id}", name: "profile") { try .profile(id: $0.value("id", as: Int.self)) } render: {
                if case .profile(let id) = $0 { ["id": id] } else { nil }
            }
        }
        let handler = LinkHandler(router: router) { config in
            config.intercept("no zero") { route in route == .profile(id: 0) ? .redirect(to: .home) : .proceed }
        } handle: { _ in }
        let outcomes = [
            await handler.open("myapp://app/user/42"), await handler.open("myapp://app/user/0"),
            await handler.open("myapp://app/user/x"),
        ]
        #expect(outcomes[0] == .handled(.profile(id: 42)))
        #expect(outcomes[1] == .redirected(from: .route(.profile(id: 0)), to: .home, by: "no zero"))
        #expect(outcomes.map { handler.logLine(for: $0) } == [
            "handled profile",
            "redirected profile to home by 'no zero'",
            #"failed: no route matches myapp://app/user/<1 char>: 'id' expects Int, found <1 char> (closest route: profile "user/${id}")"#,
        ])
    }
}

struct OldItem: Codable, Sendable { var id: Int }
