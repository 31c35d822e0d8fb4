#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Opens links: matches each against a route table and acts on the route, through ordered
/// interceptors, legacy redirects and an allow-listed fallback, keeping links that arrive
/// before the app is ready. Every link gets an outcome that says what happened
/// (``LinkOutcome``); nothing is dropped silently. No UI framework is involved: the handler
/// closure is where an app presents a screen.
///
/// ```swift
/// let handler = LinkHandler(AppRoute.self, ready: false) { config in
///     config.intercept("auth") { route in
///         if case .userPosts = route, !(await session.isSignedIn) {
///             return .redirect(to: .home, resumingOriginal: true)
///         }
///         return .proceed
///     }
///     config.fallback(allowing: ["https://example.com"]) { link in await browser.open(link) }
///     config.log { print($0) }                       // one redacted line per outcome
/// } handle: { route in
///     await navigator.show(route)
/// }
/// _ = await handler.open("myapp://app/user/42/profile")   // .waiting: not ready yet
/// _ = await handler.markReady()                           // [.handled(.userProfile(id: "42"))]
/// ```
///
/// A handler is an actor: share one, and call it from any task or actor. Concurrent calls to
/// ``open(_:)-(String)`` each get their own outcome.
public actor LinkHandler<Route: Sendable> {
    /// Acts on a route: shows its screen, say.
    public typealias Handle = @Sendable (Route) async throws -> Void

    /// How many redirects one link may go through before it is stopped.
    public static var maximumRedirects: Int { 4 }

    let configuration: Configuration
    private let handle: Handle
    private var isReady: Bool
    private var waiting: [String] = []

    /// Creates a handler over a router.
    ///
    /// - Parameters:
    ///   - router: The routes links are matched against.
    ///   - ready: Whether links are handled at once; with `false`, they wait for
    ///     ``markReady()``.
    ///   - configure: Adds interceptors, redirects, a fallback and a log.
    ///   - handle: Acts on each route that gets through.
    public init(
        router: Router<Route>, ready: Bool = true,
        configure: (inout Configuration) -> Void = { _ in }, handle: @escaping Handle
    ) {
        var configuration = Configuration(router: router)
        configure(&configuration)
        self.configuration = configuration
        self.handle = handle
        self.isReady = ready
    }

    /// The links kept until ``markReady()``, oldest first.
    public var waitingLinks: [String] { waiting }

    /// Opens a link.
    ///
    /// - Parameter link: The link as received.
    /// - Returns: What happened; see ``LinkOutcome``.
    /// - Complexity: One match (O(*m*) for a link of *m* bytes), plus each legacy redirect's
    ///   match when the link matches no route, plus the interceptors and the handler.
    public func open(_ link: String) async -> LinkOutcome<Route> {
        let outcome = await process(link)
        if let log = configuration.log { log(logLine(for: outcome, redacted: configuration.redactsLog)) }
        return outcome
    }

    /// Opens a `URL` by its absolute string.
    ///
    /// - Parameter url: The URL as received.
    /// - Returns: What happened.
    public func open(_ url: URL) async -> LinkOutcome<Route> {
        await open(url.absoluteString)
    }

    /// Says the app is ready, and handles the links kept until now, each once, in the order
    /// they arrived.
    ///
    /// - Returns: Their outcomes, in that order.
    public func markReady() async -> [LinkOutcome<Route>] {
        isReady = true
        let kept = waiting
        waiting = []
        var outcomes: [LinkOutcome<Route>] = []
        for link in kept { outcomes.append(await open(link)) }
        return outcomes
    }

    /// Says the app is not ready (signed out, say): links are kept until ``markReady()``.
    public func markNotReady() {
        isReady = false
    }

    /// The one line an outcome is logged as.
    ///
    /// - Parameters:
    ///   - outcome: An outcome of this handler.
    ///   - redacted: Whether every value of a link (and userinfo) is replaced by its shape;
    ///     routes are then named by their case, without their values.
    /// - Returns: The line.
    public nonisolated func logLine(for outcome: LinkOutcome<Route>, redacted: Bool = true) -> String {
        DiagnosticRenderer.line(for: outcome, redacted: redacted) { route in
            redacted ? configuration.router.name(of: route) ?? "\(Route.self)" : "\(route)"
        }
    }

    private func process(_ link: String) async -> LinkOutcome<Route> {
        guard isReady else {
            waiting.append(link)
            return .waiting(link: link)
        }
        if Task.isCancelled { return .cancelled(link: link) }
        let error: RouteMatchError
        switch configuration.router.match(link) {
        case .success(let route): return await deliver(route, link: link, redirect: nil, hops: 0)
        case .failure(let failure): error = failure
        }
        var nearMiss: RouteMatchError?
        for redirect in configuration.redirects {
            switch redirect.map(link) {
            case .route(let route):
                return await deliver(route, link: link, redirect: (.link(link), redirect.name), hops: 0)
            case .mappingFailed(let message):
                return .redirectFailed(link: link, redirect: redirect.name, message: message)
            case .nearMiss(let legacy):
                nearMiss = nearMiss ?? legacy
            case .noMatch:
                continue
            case .broken(let definition):
                return .failed(definition)
            }
        }
        // A legacy link whose values do not convert says so, unless the current table came
        // as near.
        if let nearMiss, !LinkHandler.reachedValues(error) { return .failed(nearMiss) }
        if let fallback = configuration.fallback, let allowList = configuration.fallbackOrigins {
            // A list with an entry that is not an origin judges no link: the link fails with
            // the list's problems.
            if let broken = LinkHandler.configurationError(allowList.problems) { return .failed(broken) }
            if allowList.allows(link) {
                await fallback(link)
                return .fallback(link: link)
            }
        }
        return .failed(error)
    }

    /// Checks the whole handler: throws its first definition problem, with every problem
    /// listed in the error's ``RouteMatchError/definitionProblems`` — the router's (as
    /// ``Router/validate()`` finds them), each legacy redirect's pattern and struct (named
    /// `redirect › <name>`), and each fallback allow-list entry that is not an origin.
    ///
    /// A handler reports a problem when a link first reaches the part at fault (the link
    /// fails with it); this finds them all at once. Call it in a test.
    ///
    /// ```swift
    /// @Test func linkHandlingIsValid() throws { try handler.validate() }
    /// ```
    ///
    /// - Throws: ``RouteMatchError`` whose subject is ``RouteMatchError/Subject/pattern``.
    public nonisolated func validate() throws(RouteMatchError) {
        var problems = configuration.router.table.validationError()?.definitionProblems ?? []
        for redirect in configuration.redirects {
            for problem in redirect.table.validationError()?.definitionProblems ?? [] {
                // Named as a mount's routes are: `redirect › old profile`.
                problems.append(problem.mounted(under: RouteReference(name: "redirect", pattern: redirect.name)))
            }
        }
        problems += configuration.fallbackOrigins?.problems ?? []
        if let error = LinkHandler.configurationError(problems) { throw error }
    }

    /// Does now, on the calling thread, the work the handler's first links would do: call it
    /// at launch off the main thread, so that the link that opened the app does not pay it.
    ///
    /// Prepares the router as ``Router/prepare(_:)`` does (by default its first route and the
    /// routes that capture the rest of the path learned, the feature tables they mount
    /// prepared; with `.everyRoute` every route), and each legacy redirect's table (its struct
    /// learned), which a handler otherwise learns on the first link that reaches it. What any
    /// link's outcome is does not change, only when the work is done; calling it again costs
    /// little.
    ///
    /// ```swift
    /// let handler = LinkHandler(AppRoute.self) { config in
    ///     config.redirect("profile.php?uid=${id}", as: OldProfile.self) { .userProfile(id: $0.id) }
    /// } handle: { route in
    ///     await navigator.show(route)
    /// }
    /// Task.detached(priority: .userInitiated) { handler.prepare() }
    /// ```
    ///
    /// - Parameter extent: How many of the router's routes to learn now: the first (by default)
    ///   or every one.
    public nonisolated func prepare(_ extent: RoutePreparation = .firstRoute) {
        configuration.router.prepare(extent)
        for redirect in configuration.redirects { redirect.table.prepare(extent) }
    }

    /// The error that names the handler's definition `problems`, or `nil` for none.
    private static func configurationError(_ problems: [RouteMatchError.DefinitionProblem]) -> RouteMatchError? {
        guard let first = problems.first else { return nil }
        return RouteMatchError(
            reason: first.reason, input: first.route?.pattern ?? "", subject: .pattern, span: first.span,
            closestRoute: first.route, definitionProblems: problems,
            details: Memo { _, _, _ in RouteMatchError.Details(tableName: "\(Route.self)", isHandler: true) })
    }

    /// Runs the interceptors, then the handler, for `route`.
    private func deliver(
        _ route: Route, link: String, redirect: (source: RedirectSource<Route>, by: String)?, hops: Int
    ) async -> LinkOutcome<Route> {
        for interceptor in configuration.interceptors {
            if Task.isCancelled { return .cancelled(link: link) }
            let decision: InterceptorDecision<Route>
            do {
                decision = try await interceptor.check(route)
            } catch is CancellationError {
                return .cancelled(link: link)
            } catch {
                return .stopped(route, interceptor: interceptor.name, reason: "\(error)")
            }
            switch decision {
            case .proceed:
                continue
            case .stop(let reason):
                return .stopped(route, interceptor: interceptor.name, reason: reason)
            case .redirect(let target, let resumingOriginal):
                guard hops < LinkHandler.maximumRedirects else {
                    return .stopped(route, interceptor: interceptor.name,
                                    reason: "more than \(LinkHandler.maximumRedirects) redirects")
                }
                if resumingOriginal { waiting.append(link) }
                return await deliver(target, link: link, redirect: (.route(route), interceptor.name), hops: hops + 1)
            }
        }
        if Task.isCancelled { return .cancelled(link: link) }
        do {
            try await handle(route)
        } catch is CancellationError {
            return .cancelled(link: link)
        } catch {
            return .handlerFailed(route, message: "\(error)")
        }
        if let redirect { return .redirected(from: redirect.source, to: route, by: redirect.by) }
        return .handled(route)
    }

    /// Whether a failure got as far as a route's values (a value that does not convert).
    private static func reachedValues(_ error: RouteMatchError) -> Bool {
        switch error.reason {
        case .formatFailure, .rejectedByRoute: return true
        default: return false
        }
    }
}

extension LinkHandler where Route: Routable {
    /// Creates a handler over a ``Routable`` type's routes.
    ///
    /// - Parameters:
    ///   - type: The route type.
    ///   - ready: Whether links are handled at once.
    ///   - configure: Adds interceptors, redirects, a fallback and a log.
    ///   - handle: Acts on each route that gets through.
    public init(
        _ type: Route.Type, ready: Bool = true,
        configure: (inout Configuration) -> Void = { _ in }, handle: @escaping Handle
    ) {
        self.init(router: Route.router, ready: ready, configure: configure, handle: handle)
    }
}
