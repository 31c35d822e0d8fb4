import Foundation
import Testing
@testable import RouteMatch

/// A route type of its own, with query items, for the thread's spare buffer.
enum SpareRoute: Routable, Equatable {
    static var scheme: String { "spare" }
    static var host: String { "h" }
    case page(slug: String, n: Int, tag: String?)
    case item(id: Int)
    enum CodingKeys: String, CodingKey, CaseIterable {
        case page = "page/${slug}?n=${n}&tag=${tag}"
        case item = "item/${id}"
    }
}

/// The buffer an ended link leaves its thread for the next link's query items
/// (``SpareQueryItems``), and the query keys a table gives a link (``KnownTexts``).
///
/// Each test body runs on one thread from start to end (no suspension point), so the thread's
/// spare is the test's own while it runs.
@Suite struct ThreadSpareTests {
    @Test func aHitLeavesItsQueryBufferAndTheNextLinkReadsIntoItEmptied() {
        #expect(SpareRoute.match("spare://h/page/a?n=1&tag=x") == .success(.page(slug: "a", n: 1, tag: "x")))
        let spare = SpareQueryItems.take()
        #expect(spare.isEmpty)
        #expect(spare.capacity >= 2)
        SpareQueryItems.keep(spare)
        // The next link's items are its own: one item, the other read as absent.
        #expect(SpareRoute.match("spare://h/page/b?n=3") == .success(.page(slug: "b", n: 3, tag: nil)))
        #expect(SpareRoute.match("spare://h/page/c?tag=y&n=4") == .success(.page(slug: "c", n: 4, tag: "y")))
        #expect(SpareRoute.match("spare://h/item/7") == .success(.item(id: 7)))
    }

    @Test func aMissKeepsItsLinkWhileLaterLinksAreRead() {
        guard case .failure(let kept) = SpareRoute.match("spare://h/page/a?n=x&tag=t") else {
            Issue.record("the link should not match")
            return
        }
        let text = kept.description
        #expect(kept.reason == .formatFailure(label: "n", found: "x", expected: .of(Int.self)))
        for index in 0..<8 {
            #expect(SpareRoute.match("spare://h/page/p\(index)?n=\(index)&tag=q") == .success(.page(slug: "p\(index)", n: index, tag: "q")))
        }
        #expect(kept.description == text)
    }

    @Test func aBufferOfManyItemsIsNotKept() {
        let many = (0..<40).map { "k\($0)=v" }.joined(separator: "&")
        _ = SpareRoute.match("spare://h/item/1?\(many)")
        #expect(SpareQueryItems.take().capacity <= SpareQueryItems.keptCapacity)
    }

    @Test func threadsThatEndReleaseTheirSpare() {
        // Threads of their own, which end: each one's spare is released by its exit destructor.
        // (Waited for with a semaphore, not a continuation, which would wait for a free thread
        // of the test pool too.)
        final class Outcome: @unchecked Sendable {
            var fits = false  // written before `done` is signalled, read after it is waited for
        }
        for round in 0..<4 {
            let outcome = Outcome(), done = DispatchSemaphore(value: 0)
            let thread = Thread {
                outcome.fits = (0..<16).allSatisfy { index in
                    SpareRoute.match("spare://h/page/s?n=\(round * 16 + index)")
                        == .success(.page(slug: "s", n: round * 16 + index, tag: nil))
                }
                done.signal()
            }
            thread.start()
            done.wait()
            #expect(outcome.fits)
        }
    }

    @Test(arguments: [
        ("page", "page" as String?), ("n", "n"), ("Page", nil), ("pag", nil), ("tagg", nil),
    ])
    func aTableGivesTheQueryKeysItsPatternsNameExactly(spelled: String, expected: String?) {
        let known = KnownTexts(["myapp", "app"], keys: ["page", "n", "tag"])
        var copy = spelled
        let key = copy.withUTF8 { known.key(spelledBy: $0, 0..<$0.count) }
        #expect(key == expected)
    }

    @Test func schemesAndHostsAreNotQueryKeys() {
        let known = KnownTexts(["myapp", "app"], keys: ["page"])
        var scheme = "MyApp", page = "page"
        #expect(scheme.withUTF8 { known.text(spelledBy: $0, 0..<$0.count) } == "myapp")
        #expect(scheme.withUTF8 { known.key(spelledBy: $0, 0..<$0.count) } == nil)
        #expect(page.withUTF8 { known.text(spelledBy: $0, 0..<$0.count) } == nil)
    }
}
