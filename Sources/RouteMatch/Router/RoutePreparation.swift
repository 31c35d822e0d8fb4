/// How much of a route table ``Router/prepare(_:)`` learns before the first links arrive.
///
/// A table learns each route's type on the route's first use: its labels, and for each label
/// type of the app's own what it declares and how its text converts, which the runtime answers
/// by scanning every protocol conformance record of the process (some tens of thousands in a
/// large app) the first time each question is asked. ``firstRoute`` learns what every route
/// needs (the route type's first decode) and leaves each route's own types to its first link;
/// ``everyRoute`` learns them all, so that no link pays for its route's first use.
///
/// ```swift
/// // At launch, off the main thread: every route learned, whatever its labels' types.
/// Task.detached(priority: .userInitiated) { AppRoute.prepare(.everyRoute) }
/// ```
public enum RoutePreparation: Hashable, Sendable {
    /// The first route (whose learning pays the route type's first decode, the costly part of
    /// a table's first use), each route that captures the rest of the path, and the tables
    /// those mount, prepared alike. The least work: enough when the routes' labels are the
    /// standard types (`Int`, `String`, `Bool`, `Double`, `UUID`, …), which a first use asks
    /// nothing about.
    case firstRoute
    /// Every route, and every route of each table they mount: the first link into any route
    /// finds its labels' types learned. It costs one decode of each route (as compiled by
    /// default, the runtime resolves a case's coding keys on its first decode, a scan of the
    /// conformance records each), and keeps what every route learned, as ``Router/validate()``
    /// does. Choose it when routes have labels of the app's own types (raw-value enums,
    /// `LosslessStringConvertible` structs, lists of them).
    case everyRoute
}
