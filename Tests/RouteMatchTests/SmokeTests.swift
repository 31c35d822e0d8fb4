import Testing
import RouteMatch

@Test func smoke() throws {
    print(AppRoute.match("myapp://app/user/42/profile"))
    print(AppRoute.match("user/42/posts?page=2&premium=true"))
    print(AppRoute.match("myapp://app/article/swift"))
    print(AppRoute.match("myapp://app"))
    print(try AppRoute.article(slug: "swift", ref: nil).link())
    print(try AppRoute.userPosts(id: 4, page: 2, premium: true).link())
    for link in ["myapp://app/user/4x2/posts?page=2", "otherapp://app/user/42/profile", "myapp://evil.com/user/42/profile",
                 "myapp://app/user/42/profil", "myapp://app/user/42", "myapp://app/user/42/profile/x", "myapp://app/user//profile",
                 "myapp://app/article/a%zzb", "myapp://app/user/42/posts?page=2&page=3&premium=true"] {
        switch AppRoute.match(link) {
        case .success(let r): print("OK", r)
        case .failure(let e): print(e.reason); print(e); print(e.summary); print(e.redactedDescription); print("---")
        }
    }
}
