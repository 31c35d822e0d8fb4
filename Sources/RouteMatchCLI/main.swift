// `swift run routematch explain 'myapp://app/user/4x2/posts?page=2'`: the tool on the README's
// example table. An app's own tool is these lines with its own route type.
import RouteMatch
import RouteMatchTool

/// The README's quick-start table.
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

RouteMatchTool.main(AppRoute.self)
