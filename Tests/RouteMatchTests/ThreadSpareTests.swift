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

/// The object a thread reads its links into (`LinkView.Shared`: its own when no view of the
/// last link is left, else a new one), the buffer of query items a link's components keep for
/// the next link (``LinkComponents/reset(for:)``), the schemes and hosts a table gives a link
/// (``KnownTexts``), and the query items' texts, made only when read.
///
/// Each test body runs on one thread from start to end (no suspension point), so the thread's
/// object is the test's own while it runs.
@Suite struct ThreadSpareTests {
    @Test func componentsResetForTheNextLinkKeepTheirQueryBufferEmptied() throws {
        var link = try LinkReader.components(of: "spare://h/page/a?n=1&tag=x#top", limits: MatchLimits())
        let capacity = link.queryItems.capacity
        #expect(link.queryItems.count == 2)
        link.reset(for: "spare://h/item/7")
        #expect(link.queryItems.isEmpty)
        #expect(link.queryItems.capacity == capacity)
        #expect(link.text == "spare://h/item/7")
        #expect(link.schemeText.isEmpty && link.hostText.isEmpty && link.segments.isEmpty)
        #expect(link.schemeRange == nil && link.queryRange == nil && link.fragmentRange == nil && !link.hasBadEscape)
        // Read into the components reset for it, the next link is read as in components of its own.
        link.reset(for: "spare://h/page/b?n=3")
        try LinkReader.read("spare://h/page/b?n=3", limits: MatchLimits(), known: .none, into: &link)
        let fresh = try LinkReader.components(of: "spare://h/page/b?n=3", limits: MatchLimits())
        #expect(link.queryItems.map(link.key(of:)) == fresh.queryItems.map(fresh.key(of:)))
        #expect(link.queryItems.map(link.value(of:)) == fresh.queryItems.map(fresh.value(of:)))
        #expect(link.segments.map(\.range) == fresh.segments.map(\.range))
        #expect(link.hostText == fresh.hostText && link.pathRange == fresh.pathRange && link.queryRange == fresh.queryRange)
    }

    /// Every stored property of components reset is what components made for the text hold
    /// (compared through `Mirror`, so that a property added later and left out of the reset
    /// fails here), from a link that fills every one of them.
    @Test func componentsResetAreFreshComponentsInEveryProperty() throws {
        var link = try LinkReader.components(
            of: "HTTPS://u:p@Example.com:8443/a%20b/c?x=%2F&y=%ZZ#frag", limits: MatchLimits())
        #expect(!link.decodedTexts.isEmpty && link.hasBadEscape && !link.portText.isEmpty)
        func properties(_ components: LinkComponents) -> [String] {
            Mirror(reflecting: components).children.map { "\($0.label ?? "?"): \(String(describing: $0.value))" }
        }
        link.reset(for: "spare://h/item/7")
        #expect(properties(link) == properties(LinkComponents(text: "spare://h/item/7", pathRange: 0..<0)))
    }

    @Test func eachLinkReadIntoTheThreadsObjectIsItsOwn() {
        #expect(SpareRoute.match("spare://h/page/a?n=1&tag=x") == .success(.page(slug: "a", n: 1, tag: "x")))
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

    @Test func aBufferOfManyItemsIsNotKept() throws {
        let many = (0..<40).map { "k\($0)=v" }.joined(separator: "&")
        var link = try LinkReader.components(of: "spare://h/item/1?\(many)", limits: MatchLimits())
        #expect(link.queryItems.capacity > LinkComponents.keptQueryCapacity)
        link.reset(for: "spare://h/item/2")
        #expect(link.queryItems.capacity == 0)
        // And the thread's object, which read it, reads the next links as it would have.
        #expect(SpareRoute.match("spare://h/item/1?\(many)") == .success(.item(id: 1)))
        #expect(SpareRoute.match("spare://h/page/z?n=5") == .success(.page(slug: "z", n: 5, tag: nil)))
    }

    /// A route built while the link that reached it is still read (a closure route that
    /// matches another link in its build closure): the inner link is read into an object of
    /// its own, and the outer route's values and later reads are untouched.
    @Test func aLinkMatchedWhileAnotherIsReadIsReadApart() throws {
        enum Outer: Equatable { case pair(Int, SpareRoute?, tag: String?) }
        let router = Router<Outer>(scheme: "spare", host: "outer") { routes in
            routes.add("pair/${id}?inner=${inner}&tag=${tag}") { captures in
                // (`try?`: the closure is first run with sample values, which name no route.)
                let inner = try? SpareRoute(link: try captures.value("inner", as: String.self))
                return .pair(try captures.value("id", as: Int.self), inner, tag: try captures.value("tag", as: String?.self))
            }
        }
        let inner = "spare://h/page/q?n=9&tag=in"
        let outer = "spare://outer/pair/4?inner=\(inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&tag=out"
        #expect(router.match(outer) == .success(.pair(4, .page(slug: "q", n: 9, tag: "in"), tag: "out")))
        // Again: the thread's object, free once more, reads both in turn.
        #expect(router.match(outer) == .success(.pair(4, .page(slug: "q", n: 9, tag: "in"), tag: "out")))
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

    @Test(arguments: [("MyApp", "myapp" as String?), ("APP", "app"), ("myap", nil), ("page", nil)])
    func aTableGivesTheSchemesAndHostsItNamesInAnyCase(spelled: String, expected: String?) {
        let known = KnownTexts(["myapp", "app"])
        var copy = spelled
        #expect(copy.withUTF8 { known.text(spelledBy: $0, 0..<$0.count) } == expected)
    }

    /// A link without escapes makes no text for its query items when read: each key and value
    /// is the link's bytes, compared in place (exactly: a key's case counts) and made only when
    /// a route reads it. A link with escapes keeps each item's texts, decoded once.
    @Test func queryItemsWithoutEscapesMakeNoTextUntilRead() throws {
        let plain = try LinkReader.components(of: "spare://h/page/a?n=1&Tag=x&flag&=v", limits: MatchLimits())
        #expect(plain.decodedTexts.isEmpty)
        #expect(plain.queryItems.allSatisfy { $0.decodedKey == -1 && $0.decodedValue == -1 })
        #expect(plain.queryItems.map(plain.key(of:)) == ["n", "Tag", "flag", ""])
        #expect(plain.queryItems.map(plain.value(of:)) == ["1", "x", "", "v"])
        #expect(plain.queryItems.map { plain.item($0, hasKey: "Tag", tag: ByteTag("Tag")) } == [false, true, false, false])
        #expect(plain.queryItems.map { plain.item($0, hasKey: "tag", tag: ByteTag("tag")) } == [false, false, false, false])
        #expect(plain.queryItemPositions(named: "n").map { plain.value(of: plain.queryItems[$0]) } == ["1"])
        #expect(plain.queryItemPositions(named: "Tag") == [1])
        #expect(plain.queryItemPositions(named: "") == [3])
        #expect(plain.queryItemPositions(named: "absent") == [])

        let escaped = try LinkReader.components(of: "spare://h/page/a%20b?n=%31&t%61g=%zz&flag", limits: MatchLimits())
        #expect(escaped.decodedTexts == ["a b", "n", "1", "tag", "flag"])
        #expect(escaped.queryItems.map(escaped.key(of:)) == ["n", "tag", "flag"])
        #expect(escaped.queryItems.map(escaped.value(of:)) == ["1", "%zz", ""])
        #expect(escaped.queryItems.map { escaped.item($0, hasKey: "tag", tag: ByteTag("tag")) } == [false, true, false])
        #expect(escaped.queryItems.map(\.badEscape) == [nil, 33..<36, nil])
    }

    /// Errors handed to another thread, which describes them while this one reads more links:
    /// a link's object held by an error is not read into (the next link gets one of its own),
    /// so every description is of the error's own link. (CI runs this suite under
    /// ThreadSanitizer, which checks that the other thread's reads of an object and this
    /// thread's reading a later link into it, once the error is let go, are ordered.)
    @Test func errorsDescribedOnAnotherThreadWhileThisOneReadsOn() {
        let handoff = NSCondition(), tally = NSLock()
        nonisolated(unsafe) var queue: [(Int, RouteMatchError)] = []
        nonisolated(unsafe) var finished = false
        nonisolated(unsafe) var wrong: [Int] = []
        nonisolated(unsafe) var described = 0
        let describer = Thread {
            while true {
                handoff.lock()
                while queue.isEmpty && !finished { handoff.wait() }
                guard !queue.isEmpty else { handoff.unlock(); return }
                let (index, error) = queue.removeFirst()
                handoff.unlock()
                let good = error.description.contains("'n' expects Int, found \"x\(index)\"")
                    && error.redactedDescription.contains("page/")
                // Another lock than the one this thread takes to hand the errors over.
                tally.lock()
                described += 1
                if !good { wrong.append(index) }
                tally.unlock()
            }
        }
        describer.start()
        var misses = 0
        for index in 0..<300 {
            // A miss (its error keeps the link's object), then a hit read by the matcher.
            guard case .failure(let error) = SpareRoute.match("spare://h/page/p\(index)?n=x\(index)&tag=t") else { continue }
            misses += 1
            handoff.lock()
            queue.append((index, error))
            handoff.signal()
            handoff.unlock()
            #expect(SpareRoute.match("spare://h/page/p%20\(index)?n=\(index)") == .success(.page(slug: "p \(index)", n: index, tag: nil)))
        }
        handoff.lock()
        finished = true
        handoff.signal()
        handoff.unlock()
        while tally.withLock({ described < misses }) { usleep(1_000) }
        #expect(misses == 300)
        #expect(tally.withLock { wrong }.isEmpty)
    }
}
