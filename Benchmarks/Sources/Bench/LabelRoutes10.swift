import RouteMatch

/// 10 routes whose labels are of types an app declares itself, as real apps' are: raw-value
/// enums (three that list their cases, one that does not), a `LosslessStringConvertible` struct
/// that gives its own sample (``RouteSampleProviding``), one of the enums optional and one in a
/// list. Its first use (`--first-use LabelRoutes10`) reaches `product`, which has a label of each:
/// what a first use asks the runtime of types RouteMatch does not know by identity, each question
/// a scan of every conformance record of the process the first time it is asked of a type.
enum LabelRoutes10: Routable, Equatable {
    static var scheme: String { "myapp" }
    static var host: String { "app" }

    case section0(id: Int)
    case section1(id: Int)
    case section2(id: Int)
    case section3(id: Int)
    case section4(id: Int)
    case section5(id: Int)
    case section6(id: Int)
    case product(sku: ProductSku, tab: ProductTab, size: ShirtSize, sort: SortOrder?, colors: [ProductColor])
    case tab(tab: ProductTab)
    case search(q: String, sort: SortOrder)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case section0 = "section0/item/${id}"
        case section1 = "section1/item/${id}"
        case section2 = "section2/item/${id}"
        case section3 = "section3/item/${id}"
        case section4 = "section4/item/${id}"
        case section5 = "section5/item/${id}"
        case section6 = "section6/item/${id}"
        case product = "product/${sku}/${tab}?size=${size}&sort=${sort}&color=${colors}"
        case tab = "tab/${tab}"
        case search = "search?q=${q}&sort=${sort}"
    }
}

/// The link `LabelRoutes10`'s first use reads.
let labelRoutesLink = "myapp://app/product/SKU-7/reviews?size=2&sort=rating&color=red&color=blue"
/// The route that link reads, which `RenderLabelRoutes10`'s first use renders.
let labelRoutesValue = LabelRoutes10.product(
    sku: ProductSku(value: "SKU-7"), tab: .reviews, size: .medium, sort: .rating, colors: [.red, .blue])
/// A link whose tab is none of `ProductTab`'s, which `MissLabelRoutes10`'s first use explains.
let labelRoutesMiss = "myapp://app/product/SKU-7/ratings?size=2"

enum ProductTab: String, Codable, CaseIterable { case overview, reviews, questions }
enum SortOrder: String, Codable, CaseIterable { case newest, oldest, rating }
enum ProductColor: String, Codable, CaseIterable { case red, green, blue }
/// A raw-value enum that does not list its cases.
enum ShirtSize: Int, Codable { case small = 1, medium, large }

/// A product code: text of its own shape, which gives its sample.
struct ProductSku: LosslessStringConvertible, Codable, Equatable, RouteSampleProviding {
    let value: String
    init(value: String) { self.value = value }
    init?(_ text: String) {
        guard text.hasPrefix("SKU-") else { return nil }
        value = text
    }
    var description: String { value }
    static var routeSample: String { "SKU-1" }
}
