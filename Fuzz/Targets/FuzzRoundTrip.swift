#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Target (c): route → link → route. The input is cut into values (text, integers, a
/// floating-point bit pattern, flags); each route built from them renders to a link that
/// matches back to the same route, or rendering throws a named error.
func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let text = reader.text()
    let other = reader.text()
    let number = Int(bitPattern: UInt(reader.integer()))
    let flag = reader.byte() & 1 == 1
    let double = Double(bitPattern: reader.integer())
    let page = Int(truncatingIfNeeded: reader.integer())
    let limit = reader.byte()
    // One byte past the values picks the table: the contract's (every route, as before the
    // other tables existed, so older seeds keep their meaning), issue 8's under one origin, or
    // issue 9's mounted one. One render and match per input keeps the target fast.
    let pick = Int(reader.byte())
    let segments = [text, other] + (flag ? [other] : [])
    switch pick % 3 {
    case 0:
        let routes: [FuzzAppRoute] = [
            .userProfile(id: text),
            .userPosts(id: number, page: page, premium: flag),
            .article(slug: text, ref: flag ? other : nil),
            .search(q: text, tags: [other, text], limit: flag ? limit : nil),
            .doc(slug: other, section: flag ? text : nil),
            .amount(value: double),
        ]
        for route in routes {
            roundTrip(route, origin: nil) { a, b in
                if case .amount(let x) = a, case .amount(let y) = b { return x == y || (x.isNaN && y.isNaN) }
                return a == b
            }
        }
    case 1:
        let routes: [FuzzOriginRoute] = [
            .store(id: number),
            .item(id: number, variant: flag ? text : nil),
            .image(name: text),
            .file(ref: other, path: segments),
            .docs(page: flag ? nil : text),
            .download(path: text),
            .files(name: other),
            .help(topic: text),
            .version(major: UInt8(truncatingIfNeeded: number), tags: flag ? segments : nil),
        ]
        let route = routes[(pick / 3) % routes.count]
        let origins = FuzzOriginRoute.origins
        roundTrip(route, origin: origins[(pick / 27) % origins.count], same: ==)
    default:
        let routes: [FuzzNestedApp] = [
            .feature(.list(page: flag ? page : nil)),
            .feature(.item(id: number, tags: [text, other])),
            .feature(.deeper(.link(id: number))),
            .feature(.deeper(.doc(path: text, anchor: flag ? other : nil))),
            .user(id: text),
        ]
        roundTrip(routes[(pick / 3) % routes.count], origin: nil, same: ==)
    }
    return 0
}

/// Renders `route` (under `origin`, when given) and matches the link back: the same route, or a
/// render error that names why. An origin for a pattern with its own host, and an origin prefix
/// that takes the link past the table's limits, are named errors too.
func roundTrip<Route: Routable>(_ route: Route, origin: String?, same: (Route, Route) -> Bool) {
    do {
        let link: String
        if let origin { link = try route.link(origin: origin) } else { link = try route.link() }
        switch Route.match(link) {
        case .success(let back): require(same(back, route), "\(route) → \(link) → \(back)")
        case .failure(let error): require(false, "\(route) → \(link) fails: \(error.reason)\n\(error)")
        }
    } catch {
        switch error.reason {
        case .unrenderableValue, .limitExceeded: checkError(error)
        case .unrenderableRoute(.hostOverride) where origin != nil: checkError(error)
        default: require(false, "\(route): render error \(error.reason)")
        }
    }
}

/// Reads values off the front of the fuzzer's input; past the end it yields zeros.
