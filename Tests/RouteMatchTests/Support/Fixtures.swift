import Foundation
import RouteMatch

/// The contract's example type, exactly as the shared notes declare it.
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
