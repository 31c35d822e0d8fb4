import RouteMatch
import Testing

/// One-line expectations about route tables for Swift Testing. Each records an issue at the
/// caller's line when it fails, with the diagnostic of what happened instead:
///
/// ```swift
/// import RouteMatchTesting
///
/// @Test func links() {
///     expectRoute("myapp://app/user/42/profile", is: AppRoute.userProfile(id: "42"))
///     expectFailure("myapp://app/user/4x2/posts?page=2", in: AppRoute.self, code: "format-failure")
///     expectValidTable(AppRoute.self)
///     expectRoundTrip(AppRoute.article(slug: "swift", ref: nil))
/// }
/// ```

/// Expects `link` to match `expected`.
///
/// On failure the issue shows the link's diagnostic, or the route it matched instead.
///
/// - Parameters:
///   - link: The link.
///   - expected: The route it should match.
///   - sourceLocation: Where the expectation is written.
public func expectRoute<Route: Routable & Equatable>(
    _ link: String, is expected: Route, sourceLocation: SourceLocation = #_sourceLocation
) {
    record(RouteExpectations.route(link, is: expected, router: Route.router), at: sourceLocation)
}

/// Expects `link` to match `expected` in `router`.
///
/// - Parameters:
///   - link: The link.
///   - expected: The route it should match.
///   - router: The router.
///   - sourceLocation: Where the expectation is written.
public func expectRoute<Route: Equatable>(
    _ link: String, is expected: Route, in router: Router<Route>, sourceLocation: SourceLocation = #_sourceLocation
) {
    record(RouteExpectations.route(link, is: expected, router: router), at: sourceLocation)
}

/// Expects `link` to match no route of `type`, for the reason whose code is `code`
/// (``RouteMatchError/Reason/code``, such as `"format-failure"`).
///
/// - Parameters:
///   - link: The link.
///   - type: The route type.
///   - code: The expected reason's code.
///   - sourceLocation: Where the expectation is written.
public func expectFailure<Route: Routable>(
    _ link: String, in type: Route.Type, code: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    record(RouteExpectations.failure(link, router: Route.router, matches: .code(code)), at: sourceLocation)
}

/// Expects `link` to match no route of `type`, for exactly `reason`.
///
/// - Parameters:
///   - link: The link.
///   - type: The route type.
///   - reason: The expected reason.
///   - sourceLocation: Where the expectation is written.
public func expectFailure<Route: Routable>(
    _ link: String, in type: Route.Type, reason: RouteMatchError.Reason, sourceLocation: SourceLocation = #_sourceLocation
) {
    record(RouteExpectations.failure(link, router: Route.router, matches: .reason(reason)), at: sourceLocation)
}

/// Expects `type`'s table to have no definition problem; the issue lists every problem.
///
/// - Parameters:
///   - type: The route type.
///   - sourceLocation: Where the expectation is written.
public func expectValidTable<Route: Routable>(_ type: Route.Type, sourceLocation: SourceLocation = #_sourceLocation) {
    record(RouteExpectations.validTable(Route.router), at: sourceLocation)
}

/// Expects `route` to render to a link that matches back to `route` (under `origin`, or the
/// first origin).
///
/// - Parameters:
///   - route: The route.
///   - origin: The origin to render under; `nil` for the first.
///   - sourceLocation: Where the expectation is written.
public func expectRoundTrip<Route: Routable & Equatable>(
    _ route: Route, origin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    record(RouteExpectations.roundTrip(route, origin: origin, router: Route.router), at: sourceLocation)
}

private func record(_ failure: String?, at sourceLocation: SourceLocation) {
    guard let failure else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}

/// The checks behind the expectations: each returns the text of its failure, or `nil`.
public enum RouteExpectations {
    /// What a failure is expected to be.
    public enum FailureMatch: Sendable {
        /// Any reason with this code.
        case code(String)
        /// Exactly this reason.
        case reason(RouteMatchError.Reason)
    }

    /// Why `link` does not match `expected` in `router`, or `nil` when it does.
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - expected: The route it should match.
    ///   - router: The router.
    /// - Returns: The failure's text, or `nil`.
    public static func route<Route: Equatable>(_ link: String, is expected: Route, router: Router<Route>) -> String? {
        mismatch(link, expected, router).map { "expected \(link) to match \(expected)\n" + $0 }
    }

    /// What `link` matches in `router` instead of `expected`, or `nil` when it matches it.
    private static func mismatch<Route: Equatable>(_ link: String, _ expected: Route, _ router: Router<Route>) -> String? {
        switch router.match(link) {
        case .success(expected): return nil
        case .success(let other): return "  but it matched \(other)"
        case .failure(let error): return "  but no route matches it:\n\n\(error)"
        }
    }

    /// Why `link` does not fail as expected in `router`, or `nil` when it does.
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - router: The router.
    ///   - expected: The code or reason expected.
    /// - Returns: The failure's text, or `nil`.
    public static func failure<Route>(_ link: String, router: Router<Route>, matches expected: FailureMatch) -> String? {
        let wanted: String
        switch expected {
        case .code(let code): wanted = "code '\(code)'"
        case .reason(let reason): wanted = "\(reason)"
        }
        switch router.match(link) {
        case .success(let route):
            return "expected \(link) to fail with \(wanted)\n  but it matched \(route)"
        case .failure(let error):
            switch expected {
            case .code(let code) where error.reason.code == code: return nil
            case .reason(let reason) where error.reason == reason: return nil
            default:
                return "expected \(link) to fail with \(wanted)\n  but it failed with '\(error.reason.code)': \(error.reason)\n\n\(error)"
            }
        }
    }

    /// The table's definition problems, or `nil` when it has none.
    ///
    /// - Parameter router: The router.
    /// - Returns: The failure's text, or `nil`.
    public static func validTable<Route>(_ router: Router<Route>) -> String? {
        do {
            try router.validate()
            return nil
        } catch {
            return "expected a valid route table\n\n\(error)"
        }
    }

    /// Why `route` does not round-trip through `router`, or `nil` when it does.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - origin: The origin to render under; `nil` for the first.
    ///   - router: The router.
    /// - Returns: The failure's text, or `nil`.
    public static func roundTrip<Route: Equatable>(_ route: Route, origin: String?, router: Router<Route>) -> String? {
        let link: String
        do {
            link = try router.link(for: route, origin: origin)
        } catch {
            return "expected \(route) to render to a link\n\n\(error)"
        }
        return mismatch(link, route, router).map { "expected \(route) to round-trip\n  it rendered \(link)\n" + $0 }
    }
}
