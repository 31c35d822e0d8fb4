#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an interceptor decides for a route about to be handled.
public enum InterceptorDecision<Route: Sendable>: Sendable {
    /// Let the route through to the next interceptor, then to the handler.
    case proceed
    /// Stop the route; the outcome is ``LinkOutcome/stopped(_:interceptor:reason:)``.
    case stop(reason: String)
    /// Handle another route instead (a sign-in screen, say). With `resumingOriginal`, the
    /// original link is kept and opened again when ``LinkHandler/markReady()`` is called
    /// (after sign-in, say).
    case redirect(to: Route, resumingOriginal: Bool = false)
}

extension LinkHandler {
    /// The parts of a handler, declared once when it is made: interceptors in order, legacy
    /// redirects, a fallback and a log.
    public struct Configuration: Sendable {
        struct Interceptor: Sendable {
            let name: String
            let check: @Sendable (Route) async throws -> InterceptorDecision<Route>
        }

        struct Redirect: Sendable {
            let name: String
            let map: @Sendable (String) -> RedirectMatch
            /// The legacy pattern's table: what validating and preparing the handler reach.
            let table: RouteTable
        }

        enum RedirectMatch: Sendable {
            case route(Route)
            case mappingFailed(message: String)
            /// The legacy pattern reached the link's values, which did not convert.
            case nearMiss(RouteMatchError)
            case noMatch
            /// The legacy pattern (or its struct) has definition problems: the error names them.
            case broken(RouteMatchError)
        }

        var interceptors: [Interceptor] = []
        var redirects: [Redirect] = []
        var fallbackOrigins: OriginAllowList?
        var fallback: (@Sendable (String) async -> Void)?
        var log: (@Sendable (String) -> Void)?
        var redactsLog = true
        let router: Router<Route>

        init(router: Router<Route>) { self.router = router }

        /// Adds an interceptor, run after the ones added before it.
        ///
        /// ```swift
        /// config.intercept("auth") { route in
        ///     route.needsSignIn && !session.isSignedIn
        ///         ? .redirect(to: .signIn, resumingOriginal: true) : .proceed
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The name outcomes and logs give it.
        ///   - check: Decides for each route; throwing `CancellationError` cancels the link,
        ///     any other error stops it with the error as reason.
        public mutating func intercept(
            _ name: String, _ check: @escaping @Sendable (Route) async throws -> InterceptorDecision<Route>
        ) {
            interceptors.append(Interceptor(name: name, check: check))
        }

        /// Maps links of an old shape to a current route: `pattern` is matched (under the
        /// handler's scheme and host) into the `Decodable` struct `Legacy`, with the same typed
        /// conversions and diagnostics as any route, and `map` gives the route.
        ///
        /// ```swift
        /// struct OldProfile: Codable { var id: String }
        /// config.redirect("profile.php?uid=${id}", as: OldProfile.self) { .userProfile(id: $0.id) }
        /// ```
        ///
        /// - Parameters:
        ///   - pattern: The legacy pattern.
        ///   - legacy: The struct its placeholders fill.
        ///   - name: The name outcomes give the redirect; the pattern by default.
        ///   - map: The current route for a legacy value; a thrown error is the outcome
        ///     ``LinkOutcome/redirectFailed(link:redirect:message:)``'s message.
        public mutating func redirect<Legacy: Codable & Sendable>(
            _ pattern: String, as legacy: Legacy.Type, name: String? = nil,
            to map: @escaping @Sendable (Legacy) throws -> Route
        ) {
            // The legacy pattern reads links from the same origins as the table.
            let defaults = router.table.defaults
            let origins = defaults.origins.map(\.text).filter { !$0.isEmpty }
            let legacyRouter = Router<Legacy>(
                origins: origins, scheme: origins.isEmpty ? defaults.scheme : "", host: origins.isEmpty ? defaults.host : "",
                options: defaults.options
            ) {
                $0.add(pattern, name: name ?? pattern)
            }
            redirects.append(Redirect(name: name ?? pattern, map: { link in
                switch legacyRouter.match(link) {
                case .success(let value):
                    do { return .route(try map(value)) } catch { return .mappingFailed(message: "\(error)") }
                case .failure(let error) where error.subject == .pattern:
                    return .broken(error)
                case .failure(let error):
                    switch error.reason {
                    case .formatFailure, .rejectedByRoute: return .nearMiss(error)
                    default: return .noMatch
                    }
                }
            }, table: legacyRouter.table))
        }

        /// Hands links that match no route to `fallback` — only when the link comes from one
        /// of `origins`, compared as a table compares its origins (the host after the last
        /// `@`, case-insensitively, default ports dropped, a path prefix segment by segment, no
        /// trailing-dot or look-alike leniency). Any other link fails with its diagnostic, so
        /// the fallback can never become an open redirect.
        ///
        /// An entry that is not an origin (`"example.com"`, `"https://a@example.com"`) is a
        /// definition problem: ``LinkHandler/validate()`` reports it, and a link that reaches
        /// the fallback fails with it (``LinkOutcome/failed(_:)``) rather than being judged by
        /// a list with an entry missing.
        ///
        /// ```swift
        /// config.fallback(allowing: ["https://example.com", "https://help.example.com/docs"]) { link in
        ///     await browser.open(link)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - origins: The allowed origins, each `scheme://host[:port][/path-prefix]`, such as
        ///     `"https://example.com"`.
        ///   - fallback: Receives the link (to open it in a browser, say).
        public mutating func fallback(allowing origins: [String], to fallback: @escaping @Sendable (String) async -> Void) {
            fallbackOrigins = OriginAllowList(origins)
            self.fallback = fallback
        }

        /// Writes one line per outcome to `log`; redacted (no value of a link, no userinfo)
        /// unless `redacted` is `false`.
        ///
        /// - Parameters:
        ///   - redacted: Whether values are replaced by their shape.
        ///   - log: Receives each line.
        public mutating func log(redacted: Bool = true, _ log: @escaping @Sendable (String) -> Void) {
            redactsLog = redacted
            self.log = log
        }
    }
}
