import Foundation
import Testing
import RouteMatch
import RouteMatchTesting

/// Every Swift example in README.md, compiled and run here. `readmeMatchesThisFile` checks that
/// each README block's lines stand, in order, between this file's `README:` markers, and that
/// each diagnostic the README quotes equals its snapshot.
@Suite struct ReadmeTests {
    // README: quick-start
    enum AppRoute: Routable, Equatable {
        static var scheme: String { "myapp" }
        static var host: String { "app" }

        case home
        case userProfile(id: String)
        case userPosts(id: Int, page: Int, premium: Bool)
        case article(slug: String, ref: String?)

        enum CodingKeys: String, CodingKey, CaseIterable {
            case home = ""
            case userProfile = "user/${id}/profile"
            case userPosts = "user/${id}/posts?page=${page}&premium=${premium}"
            case article = "article/${slug}?ref=${ref}"
        }
    }

    @Test func quickStart() throws {
        let route = try AppRoute(link: "myapp://app/user/42/posts?page=2&premium=true")
        // .userPosts(id: 42, page: 2, premium: true)
        let raw = AppRoute.match("user/42/profile")
        // .success(.userProfile(id: "42")): a raw path?query is read under the defaults
        let link = try AppRoute.article(slug: "swift", ref: nil).link()
        // "myapp://app/article/swift": nil is left out
        let other = try route.url(scheme: "otherapp")
        // otherapp://app/user/42/posts?page=2&premium=true
        // END README: quick-start
        #expect(route == .userPosts(id: 42, page: 2, premium: true))
        #expect(raw == .success(.userProfile(id: "42")))
        #expect(link == "myapp://app/article/swift")
        #expect(other.absoluteString == "otherapp://app/user/42/posts?page=2&premium=true")
    }

    @Test func failure() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README: failure
        switch AppRoute.match("myapp://app/user/4x2/posts?page=2") {
        case .success(let route):
            print("open", route)
        case .failure(let error):
            print(error)             // the diagnostic below
            print(error.reason)      // formatFailure(label: "id", found: "4x2", expected: Int)
            print(error.summary)     // one line, for log aggregation
        }
        // END README: failure
        #expect(printed.count == 3)
        #expect(printed.first?.hasPrefix("error: no route matches myapp://app/user/4x2/posts?page=2") == true)
        #expect(printed.dropFirst().first == #"formatFailure(label: "id", found: "4x2", expected: Int)"#)
    }

    @Test func errorsAsData() throws {
        var seen: (code: String, report: Data, event: Data, logged: String, shown: String, summary: String)?
        // README: errors-as-data
        if case .failure(let error) = AppRoute.match("myapp://me:pw@app/user/4x2/posts?page=2") {
            let code = error.reason.code              // "format-failure"
            let report = try JSONEncoder().encode(error)           // everything, for a bug report
            let event = try JSONEncoder().encode(error.redacted)   // no value, no userinfo: telemetry
            let logged = error.redactedInput          // "myapp://<5 chars>@app/user/<3 chars>/posts?page=<1 char>"
            let shown = error.localizedDescription    // the one-line summary
            seen = (code, report, event, logged, shown, error.summary)
        }
        // END README: errors-as-data
        let checked = try #require(seen)
        #expect(checked.code == "format-failure")
        #expect(String(decoding: checked.report, as: UTF8.self).contains(#""found":"4x2""#))
        #expect(!String(decoding: checked.event, as: UTF8.self).contains("4x2"))
        #expect(!String(decoding: checked.event, as: UTF8.self).contains("me:pw"))
        #expect(checked.logged == "myapp://<5 chars>@app/user/<3 chars>/posts?page=<1 char>")
        #expect(checked.shown == checked.summary)
    }

    @Test func validate() throws {
        // README: validate
        try AppRoute.validate()
        // END README: validate
    }

    // README: testing-helpers
    @Test func appLinks() {
        expectRoute("myapp://app/user/42/profile", is: AppRoute.userProfile(id: "42"))
        expectFailure("myapp://app/user/4x2/posts?page=2", in: AppRoute.self, code: "format-failure")
        expectFailure("myapp://app/user/42/posts?page=2", in: AppRoute.self, reason: .missingQueryItem(key: "premium"))
        expectValidTable(AppRoute.self)
        expectRoundTrip(AppRoute.article(slug: "swift", ref: nil))
    }
    // END README: testing-helpers

    // README: struct-router
    struct Profile: Codable, Equatable {
        var id: Int
        var tab: String?
    }

    @Test func structRouter() throws {
        let router = Router<Profile>(scheme: "https", host: "example.com") { routes in
            routes.add("u/${id}?tab=${tab}")
        }
        let profile = try router.match("https://example.com/u/7?tab=posts").get()
        // Profile(id: 7, tab: "posts")
        let back = try router.link(for: profile)
        // "https://example.com/u/7?tab=posts"
        // END README: struct-router
        #expect(profile == Profile(id: 7, tab: "posts"))
        #expect(back == "https://example.com/u/7?tab=posts")
    }

    /// What the handler example's app has: a session, a browser and a navigator.
    actor Session { var isSignedIn = false }
    actor Browser { var opened: [String] = []; func open(_ link: String) { opened.append(link) } }
    actor Navigator { var shown: [AppRoute] = []; func show(_ route: AppRoute) { shown.append(route) } }

    @Test func linkHandler() async {
        let session = Session(), browser = Browser(), navigator = Navigator()
        // README: link-handler
        struct OldProfile: Codable, Sendable { var uid: Int }

        let handler = LinkHandler(AppRoute.self, ready: false) { config in
            config.intercept("auth") { route in
                if case .userPosts = route, await !session.isSignedIn {
                    return .redirect(to: .home, resumingOriginal: true)
                }
                return .proceed
            }
            config.redirect("profile.php?uid=${uid}", as: OldProfile.self) { .userProfile(id: String($0.uid)) }
            config.fallback(allowing: ["https://example.com"]) { link in await browser.open(link) }
            config.log { line in print(line) }   // one line per outcome, redacted
        } handle: { route in
            await navigator.show(route)
        }
        Task.detached(priority: .userInitiated) { handler.prepare() }   // the first link's work, done ahead
        let early = await handler.open("myapp://app/user/42/profile")
        // .waiting(link: "myapp://app/user/42/profile"): the app is not ready yet
        let kept = await handler.markReady()
        // [.handled(.userProfile(id: "42"))]
        let legacy = await handler.open("myapp://app/profile.php?uid=7")
        // .redirected(from: .link("myapp://app/profile.php?uid=7"), to: .userProfile(id: "7"), by: "profile.php?uid=${uid}")
        // END README: link-handler
        #expect(early == .waiting(link: "myapp://app/user/42/profile"))
        #expect(kept == [.handled(.userProfile(id: "42"))])
        #expect(legacy == .redirected(from: .link("myapp://app/profile.php?uid=7"), to: .userProfile(id: "7"), by: "profile.php?uid=${uid}"))
        #expect(await handler.open("https://example.com/about") == .fallback(link: "https://example.com/about"))
        #expect(await browser.opened == ["https://example.com/about"])
        #expect(await navigator.shown == [.userProfile(id: "42"), .userProfile(id: "7")])
    }

    // README: origins
    enum ShopRoute: Routable, Equatable {
        static var origins: [String] {
            ["myapp://app", "https://example.com", "https://www.example.com/app"]
        }

        case app(id: Int)
        case item(id: Int)
        case file(ref: String, path: [String])
        case docs(page: String?)

        enum CodingKeys: String, CodingKey, CaseIterable {
            case app = "app/id${id}"                   // App Store style: literal text, then the value
            case item = "items/item-${id}.json"        // text on both sides
            case file = "blob/${ref}/${path...}"       // GitHub style: the rest of the path
            case docs = "docs/${page...}"              // an Optional also accepts no segment
        }
    }

    @Test func origins() throws {
        let fromScheme = try ShopRoute(link: "myapp://app/items/item-7.json")
        let fromWeb = try ShopRoute(link: "https://www.example.com/app/items/item-7.json")
        let file = try ShopRoute(link: "https://example.com/blob/main/Sources/a%2Fb.swift")
        let docs = try ShopRoute(link: "https://example.com/docs")
        let link = try ShopRoute.item(id: 7).link()                               // "myapp://app/items/item-7.json"
        let web = try ShopRoute.item(id: 7).link(origin: "https://example.com")   // "https://example.com/items/item-7.json"
        // END README: origins
        #expect(fromScheme == .item(id: 7))
        #expect(fromWeb == .item(id: 7))
        #expect(file == .file(ref: "main", path: ["Sources", "a/b.swift"]))
        #expect(docs == .docs(page: nil))
        #expect(link == "myapp://app/items/item-7.json")
        #expect(web == "https://example.com/items/item-7.json")
    }

    @Test func nested() throws {
        // README: nested
        enum SettingsRoute: Routable, Equatable {     // in the Settings module
            case home
            case notifications(channel: Int)
            enum CodingKeys: String, CodingKey, CaseIterable {
                case home = ""
                case notifications = "notifications/${channel}"
            }
        }

        enum AppRoute: Routable, Equatable {          // in the app
            static var origins: [String] { ["myapp://app", "https://example.com"] }
            case home
            case settings(SettingsRoute)
            enum CodingKeys: String, CodingKey, CaseIterable {
                case home = ""
                case settings = "settings/${_0...}"
            }
        }

        let route = try AppRoute(link: "https://example.com/settings/notifications/3")
        // .settings(.notifications(channel: 3))
        let link = try AppRoute.settings(.home).link()   // "myapp://app/settings"
        // END README: nested
        #expect(route == .settings(.notifications(channel: 3)))
        #expect(link == "myapp://app/settings")
    }

    @Test func nestedClosures() throws {
        enum SettingsRoute: Routable, Equatable {     // the feature enum of the example above
            case home
            case notifications(channel: Int)
            enum CodingKeys: String, CodingKey, CaseIterable {
                case home = ""
                case notifications = "notifications/${channel}"
            }
        }
        // README: nested-closures
        enum Screen: Equatable { case settings(SettingsRoute), profile(id: Int) }

        let app = Router<Screen>(origins: ["myapp://app", "https://example.com"]) { routes in
            routes.add("settings/${rest...}") { try .settings($0.value("rest", as: SettingsRoute.self)) } render: {
                if case .settings(let settings) = $0 { ["rest": settings] } else { nil }
            }
            routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) }
        }
        let screen = try app.match("https://example.com/settings/notifications/3").get()
        // .settings(.notifications(channel: 3))
        let link = try app.link(for: .settings(.notifications(channel: 3)))   // "myapp://app/settings/notifications/3"
        // END README: nested-closures
        #expect(screen == .settings(.notifications(channel: 3)))
        #expect(link == "myapp://app/settings/notifications/3")
        #expect(try app.match(link).get() == .settings(.notifications(channel: 3)))
        #expect(try app.link(for: .settings(.home)) == "myapp://app/settings")
        #expect(try app.match("myapp://app/user/7").get() == .profile(id: 7))
    }

    @Test func prepare() throws {
        // README: prepare
        // At launch (your `App`'s `init`, or `application(_:didFinishLaunchingWithOptions:)`):
        Task.detached(priority: .userInitiated) { AppRoute.prepare() }
        // END README: prepare
        // A link matched meanwhile is answered as always; and the same on this thread after a
        // `prepare()` of its own, which returns once everything is done.
        #expect(try AppRoute(link: "myapp://app/user/42/profile") == .userProfile(id: "42"))
        AppRoute.prepare()
        #expect(try AppRoute(link: "myapp://app/article/swift") == .article(slug: "swift", ref: nil))
    }

    @Test func prepareEveryRoute() throws {
        // README: prepare-every
        // Every route learned, with its labels' types: no first link asks the runtime about them.
        Task.detached(priority: .userInitiated) { AppRoute.prepare(.everyRoute) }
        // END README: prepare-every
        // What is learned is `PrepareTests`' to check; here, that answers do not change.
        AppRoute.prepare(.everyRoute)
        #expect(try AppRoute(link: "myapp://app/article/swift") == .article(slug: "swift", ref: nil))
        #expect(throws: RouteMatchError.self) { try AppRoute(link: "myapp://app/article") }
    }

    // README: shared
    struct Tracking: Codable, Equatable {
        var utm_source: String?
        var utm_campaign: String?
    }

    @Test func shared() throws {
        let found = try AppRoute.route(for: "myapp://app/user/42/profile?utm_source=mail", sharing: Tracking.self)
        // found.route == .userProfile(id: "42"), found.shared == Tracking(utm_source: "mail")
        let tracked = try AppRoute.home.link(sharing: Tracking(utm_source: "mail"))
        // "myapp://app?utm_source=mail"
        // END README: shared
        #expect(found.route == .userProfile(id: "42"))
        #expect(found.shared == Tracking(utm_source: "mail"))
        #expect(tracked == "myapp://app?utm_source=mail")
    }

    @Test func closures() throws {
        // README: closures
        enum Screen: Equatable {                       // not Codable: a view model, a handler…
            case profile(id: Int)
            case search(query: String, page: Int?)
        }

        let screens = Router<Screen>(host: "app") { routes in
            routes.add("user/${id}") { try .profile(id: $0.value("id", as: Int.self)) } render: {
                if case .profile(let id) = $0 { ["id": id] } else { nil }
            }
            routes.add("search?q=${q}&page=${page}") {
                try .search(query: $0.value("q", as: String.self), page: $0.value("page", as: Int?.self))
            } render: {
                if case .search(let query, let page) = $0 { ["q": query, "page": page] } else { nil }
            }
        }
        let screen = try screens.route(for: "user/42")            // .profile(id: 42)
        let back = try screens.link(for: .search(query: "a b", page: nil))   // "search?q=a%20b"
        // END README: closures
        #expect(screen == .profile(id: 42))
        #expect(back == "search?q=a%20b")
    }

    @Test func readmeMatchesThisFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let examples = Self.blocks(in: readme, marker: "example")
        #expect(examples.map(\.name) == ["quick-start", "failure", "errors-as-data", "validate", "testing-helpers", "struct-router", "nested", "nested-closures", "shared", "closures", "link-handler", "swiftui", "origins", "prepare", "prepare-every"])
        for example in examples {
            let region = try #require(Self.region(named: example.name, in: source), "no README region \(example.name)")
            var lines = region[...]
            for line in Self.normalizedLines(example.text) where !line.hasPrefix("import ") {
                guard let found = lines.firstIndex(of: line) else {
                    Issue.record("README example \(example.name): line not in ReadmeTests.swift: \(line)")
                    break
                }
                lines = lines[(found + 1)...]
            }
        }
        // A block quoting a source file of the package: its lines stand, in order, in that file.
        for file in Self.blocks(in: readme, marker: "file") {
            let text = try String(contentsOf: root.appendingPathComponent(file.name), encoding: .utf8)
            var lines = Self.normalizedLines(text)[...]
            for line in Self.normalizedLines(file.text) {
                guard let found = lines.firstIndex(of: line) else {
                    Issue.record("README quotes \(file.name): line not in that file: \(line)")
                    break
                }
                lines = lines[(found + 1)...]
            }
        }
        let quoted = Self.blocks(in: readme, marker: "snapshot")
        #expect(!quoted.isEmpty)
        for snapshot in quoted {
            let file = root.appendingPathComponent("Snapshots/\(snapshot.name).txt")
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(normalizedSnapshot(snapshot.text) == normalizedSnapshot(expected), "README quotes \(snapshot.name)")
        }
    }

    /// The fenced blocks that follow `<!-- marker: name -->` lines.
    static func blocks(in text: String, marker: String) -> [(name: String, text: String)] {
        var result: [(name: String, text: String)] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let prefix = "<!-- \(marker): "
            if line.hasPrefix(prefix), line.hasSuffix(" -->") {
                let name = String(line.dropFirst(prefix.count).dropLast(4))
                var body: [String] = []
                index += 2 // the opening fence
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                result.append((name, body.joined(separator: "\n")))
            }
            index += 1
        }
        return result
    }

    static func region(named name: String, in source: String) -> [String]? {
        let lines = normalizedLines(source)
        guard let start = lines.firstIndex(of: "// README: \(name)"),
            let end = lines[start...].firstIndex(of: "// END README: \(name)")
        else { return nil }
        return Array(lines[(start + 1)..<end])
    }

    static func normalizedLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}

// Compiled on Apple platforms, where SwiftUI exists; left out on Linux.
// README: swiftui
#if canImport(SwiftUI)
import SwiftUI

extension AppRoute: Hashable {}

@available(iOS 16.0, macOS 13.0, *)
@MainActor final class Navigation: ObservableObject {
    @Published var path: [AppRoute] = []
    lazy var links = LinkHandler(AppRoute.self) { [weak self] route in
        await self?.show(route)
    }
    func show(_ route: AppRoute) { path.append(route) }
}

@available(iOS 16.0, macOS 13.0, *)
struct RootView: View {
    @StateObject private var navigation = Navigation()
    var body: some View {
        NavigationStack(path: $navigation.path) {
            Text("Home").navigationDestination(for: AppRoute.self) { route in
                Text(String(describing: route))   // the screen for each route
            }
        }
        .onOpenURL { url in
            let links = navigation.links
            Task { _ = await links.open(url) }
        }
    }
}
#endif
// END README: swiftui
