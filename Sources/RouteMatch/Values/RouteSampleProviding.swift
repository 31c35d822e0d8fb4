/// A type that gives RouteMatch a sample of its link text.
///
/// RouteMatch learns a route's associated values by running its `init(from:)` once with a
/// sample of each value. For `String`, the numbers, `Bool`, `UUID` and `CaseIterable` raw-value
/// enums it makes the sample itself; a `LosslessStringConvertible` type of your own is tried
/// with a few fixed texts (`"42"`, `"text"`, `"true"`, …). When your type accepts none of them,
/// say which text it does accept:
///
/// ```swift
/// struct Sku: LosslessStringConvertible, Codable {
///     init?(_ text: String) { guard text.hasPrefix("SKU-") else { return nil }; value = text }
///     var description: String { value }
///     let value: String
/// }
///
/// extension Sku: RouteSampleProviding {
///     static var routeSample: String { "SKU-1" }
/// }
/// ```
public protocol RouteSampleProviding: _RouteLabelDeclaring {
    /// A link text the type converts from, such as `"SKU-1"`; diagnostics also show it in the
    /// example link they suggest. The default is `"42"`.
    static var routeSample: String { get }
}

extension RouteSampleProviding {
    /// The default sample, `"42"`.
    public static var routeSample: String { "42" }
}
