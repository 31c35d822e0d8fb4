/// A type that says itself how RouteMatch reads a label of it: a route type, whose table reads
/// the rest of the link (``Routable``), or a type that gives its own sample text
/// (``RouteSampleProviding``). Both protocols refine this one and answer its requirements; you
/// do not conform to it yourself.
///
/// It exists so that a route's first use asks the runtime one question of a label's type where
/// it asked two: whether the type is a route type, then whether it gives a sample. The first
/// such question of a type scans every protocol conformance record of the process (tens of
/// thousands in a large app), and the answer for a label of an app's own type (a raw-value
/// enum, a `LosslessStringConvertible` struct) is no to both.
///
/// ```swift
/// enum ProductTab: String, Codable, CaseIterable { case overview, reviews }
/// // ProductTab conforms to neither protocol: one question of the runtime says so.
///
/// struct Sku: LosslessStringConvertible, Codable, RouteSampleProviding {
///     init?(_ text: String) { guard text.hasPrefix("SKU-") else { return nil }; value = text }
///     var description: String { value }
///     let value: String
///     static var routeSample: String { "SKU-1" }
/// }
/// // Sku._declaredSample is "SKU-1", Sku._mountedRoutes is nil.
/// ```
public protocol _RouteLabelDeclaring {
    /// The route type whose table reads the rest of the link under the label: the type itself
    /// for a ``Routable`` type, `nil` for another.
    static var _mountedRoutes: (any Routable.Type)? { get }
    /// The sample text a ``RouteSampleProviding`` type gives (its
    /// ``RouteSampleProviding/routeSample``), `nil` for another type. A route type gives none:
    /// its sample is one of its routes.
    static var _declaredSample: String? { get }
}

extension Routable {
    /// The type itself: its table reads the rest of the link.
    public static var _mountedRoutes: (any Routable.Type)? { Self.self }
    /// None: a route type's sample is one of its routes.
    public static var _declaredSample: String? { nil }
}

extension RouteSampleProviding {
    /// None: the type is read from one text.
    public static var _mountedRoutes: (any Routable.Type)? { nil }
    /// The type's ``RouteSampleProviding/routeSample``.
    public static var _declaredSample: String? { routeSample }
}

extension RouteSampleProviding where Self: Routable {
    /// The type itself: a route type that also gives a sample text is mounted, as a route
    /// type is (its routes read the rest of the link, not one text).
    public static var _mountedRoutes: (any Routable.Type)? { Self.self }
    /// None, as for any route type.
    public static var _declaredSample: String? { nil }
}
