/// Bounds on what a link may hold; a link beyond one is rejected with
/// ``RouteMatchError/Reason/limitExceeded(_:maximum:found:)`` before any route is tried.
///
/// ```swift
/// enum AppRoute: Routable {
///     static var options: MatchOptions { MatchOptions(limits: MatchLimits(maxLinkLength: 2048)) }
///     …
/// }
/// ```
public struct MatchLimits: Equatable, Hashable, Sendable {
    /// The longest link accepted, in UTF-8 bytes. Default 65,536.
    public var maxLinkLength: Int
    /// The most path segments accepted. Default 128.
    public var maxPathSegments: Int
    /// The most query items accepted. Default 256.
    public var maxQueryItems: Int

    /// Creates limits; every parameter has a default.
    public init(maxLinkLength: Int = 65_536, maxPathSegments: Int = 128, maxQueryItems: Int = 256) {
        self.maxLinkLength = maxLinkLength
        self.maxPathSegments = maxPathSegments
        self.maxQueryItems = maxQueryItems
    }
}

/// How a table reads links.
public struct MatchOptions: Equatable, Hashable, Sendable {
    /// Size limits.
    public var limits: MatchLimits
    /// When `true`, a query item that the matched route does not use is a failure
    /// (``RouteMatchError/Reason/unexpectedQueryItem(key:)``); by default such items (tracking parameters, say)
    /// are ignored.
    public var strictQuery: Bool
    /// When `true`, a link with a scheme and no host (`myapp:/user/42`, `myapp:user/42`,
    /// `myapp:///user/42`) is read like a raw `path?query` string, under the table's default
    /// host. Off by default, and risky: such a link passes the host check by leaving its host
    /// out, so any app or page that can open your scheme reaches every route without naming
    /// your host. Turn it on only when the links you receive really have no host.
    public var allowsLinksWithoutHost: Bool

    /// Creates options; every parameter has a default.
    ///
    /// - Parameters:
    ///   - limits: Size limits.
    ///   - strictQuery: Refuse query items the matched route does not use.
    ///   - allowsLinksWithoutHost: Read a link with a scheme and no host under the default host.
    public init(limits: MatchLimits = MatchLimits(), strictQuery: Bool = false, allowsLinksWithoutHost: Bool = false) {
        self.limits = limits
        self.strictQuery = strictQuery
        self.allowsLinksWithoutHost = allowsLinksWithoutHost
    }
}
