/// What a ``LinkHandler`` did with one link. Every link opened gets exactly one outcome; a
/// waiting link gets a second one when it is handled (from ``LinkHandler/markReady()``).
///
/// ```swift
/// switch await handler.open("myapp://app/user/42/profile") {
/// case .handled(let route): print("opened", route)
/// case .failed(let error): print(error)        // the full diagnostic
/// default: break
/// }
/// ```
public enum LinkOutcome<Route: Sendable>: Sendable {
    /// The link matched and the handler ran for the route.
    case handled(Route)
    /// The link was sent to another route, which was then handled: a legacy link
    /// (``LinkHandler/Configuration/redirect(_:as:name:to:)``) or an interceptor's redirect.
    case redirected(from: RedirectSource<Route>, to: Route, by: String)
    /// An interceptor stopped the route; `reason` is the interceptor's.
    case stopped(Route, interceptor: String, reason: String)
    /// The handler is not ready (cold start, signed out): the link is kept and handled, in
    /// order and once, when ``LinkHandler/markReady()`` is called.
    case waiting(link: String)
    /// The link matched no route and its origin is on the fallback's allow-list; the
    /// fallback received it.
    case fallback(link: String)
    /// The link matched no route (and went to no fallback): the error says why.
    case failed(RouteMatchError)
    /// The handler threw for the route; `message` is its error's.
    case handlerFailed(Route, message: String)
    /// A legacy link matched a redirect whose mapping threw; `message` is its error's.
    case redirectFailed(link: String, redirect: String, message: String)
    /// The task that opened the link was cancelled before the route was handled.
    case cancelled(link: String)
}

/// Where a redirect came from.
public enum RedirectSource<Route: Sendable>: Sendable {
    /// A legacy link that a redirect pattern matched.
    case link(String)
    /// A route that an interceptor sent elsewhere.
    case route(Route)
}

extension LinkOutcome: Equatable where Route: Equatable {}
extension RedirectSource: Equatable where Route: Equatable {}
