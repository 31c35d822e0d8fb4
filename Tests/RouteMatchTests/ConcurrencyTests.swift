import Testing
@testable import RouteMatch

/// A route type that no other test touches, so its table is first built inside the race.
enum RaceRoute: Routable, Equatable {
    static var scheme: String { "race" }
    static var host: String { "h" }
    case item(id: Int)
    case page(slug: String, n: Int?)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case item = "item/${id}"
        case page = "page/${slug}?n=${n}"
    }
}

@Suite struct ConcurrencyTests {
    @Test func theFirstUseBuildIsSafeWhenRaced() async {
        let results = await withTaskGroup(of: (ObjectIdentifier, String).self) { group in
            for index in 0..<256 {
                group.addTask {
                    let link = index.isMultiple(of: 2) ? "race://h/item/\(index)" : "race://h/page/p\(index)?n=x"
                    let outcome: String
                    switch RaceRoute.match(link) {
                    case .success(let route): outcome = "\(route)"
                    case .failure(let error): outcome = error.description
                    }
                    return (ObjectIdentifier(RaceRoute.router.table), outcome)
                }
            }
            var collected: [(ObjectIdentifier, String)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(Set(results.map(\.0)).count == 1, "every task sees the one cached table")
        #expect(results.count == 256)
        for (_, outcome) in results where outcome.hasPrefix("item") {
            #expect(outcome.hasPrefix("item(id: "))
        }
        #expect(results.filter { $0.1.contains("'n' expects Int, found \"x\"") }.count == 128)
    }

    /// One error's diagnostic asked by many tasks at once, before anyone asked it: each gets
    /// the same details (computed outside the lock of the error's memo, the first stored kept).
    @Test func oneErrorsDiagnosticAskedAtOnce() async throws {
        let error = try #require(AppRoute.match("myapp://app/user/4x2/posts?page=x&premium=maybe").failure)
        let texts = await withTaskGroup(of: (String, Int).self) { group in
            for _ in 0..<64 { group.addTask { (error.description, error.notes.count) } }
            var collected: [(String, Int)] = []
            for await text in group { collected.append(text) }
            return collected
        }
        #expect(texts.count == 64)
        #expect(Set(texts.map(\.0)) == [error.description])
        #expect(Set(texts.map(\.1)) == [2])
    }
}
