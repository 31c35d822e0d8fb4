#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Target (c): route → link → route. The input is cut into values (text, integers, a
/// floating-point bit pattern, flags); each route built from them renders to a link that
/// matches back to the same route, or rendering throws a named error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let text = reader.text()
    let other = reader.text()
    let number = Int(bitPattern: UInt(reader.integer()))
    let flag = reader.byte() & 1 == 1
    let double = Double(bitPattern: reader.integer())
    let routes: [FuzzAppRoute] = [
        .userProfile(id: text),
        .userPosts(id: number, page: Int(truncatingIfNeeded: reader.integer()), premium: flag),
        .article(slug: text, ref: flag ? other : nil),
        .search(q: text, tags: [other, text], limit: flag ? reader.byte() : nil),
        .doc(slug: other, section: flag ? text : nil),
        .amount(value: double),
    ]
    let segments = [text, other] + (flag ? [other] : [])
    let originRoutes: [FuzzOriginRoute] = [
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
    for route in originRoutes {
        for origin in FuzzOriginRoute.origins {
            do {
                let link = try route.link(origin: origin)
                switch FuzzOriginRoute.match(link) {
                case .success(let back): require(back == route, "\(route) → \(link) → \(back)")
                case .failure(let error): require(false, "\(route) → \(link) fails: \(error.reason)\n\(error)")
                }
            } catch {
                switch error.reason {
                case .unrenderableValue: checkError(error)
                case .unrenderableRoute(.hostOverride):
                    if case .help = route {} else { require(false, "\(route): \(error.reason)") }
                default: require(false, "\(route): render error \(error.reason)")
                }
            }
        }
    }
    let nested: [FuzzNestedApp] = [
        .feature(.list(page: flag ? Int(truncatingIfNeeded: reader.integer()) : nil)),
        .feature(.item(id: number, tags: [text, other])),
        .feature(.deeper(.link(id: number))),
        .feature(.deeper(.doc(path: text, anchor: flag ? other : nil))),
        .user(id: text),
    ]
    for route in nested {
        do {
            let link = try route.link()
            switch FuzzNestedApp.match(link) {
            case .success(let back): require(back == route, "\(route) → \(link) → \(back)")
            case .failure(let error): require(false, "\(route) → \(link) fails: \(error.reason)\n\(error)")
            }
        } catch {
            guard case .unrenderableValue = error.reason else {
                require(false, "\(route): render error \(error.reason)")
                return 0
            }
            checkError(error)
        }
    }
    for route in routes {
        do {
            let link = try route.link()
            switch FuzzAppRoute.match(link) {
            case .success(let back):
                let same: Bool
                if case .amount(let a) = route, case .amount(let b) = back {
                    same = a == b || (a.isNaN && b.isNaN)
                } else {
                    same = back == route
                }
                require(same, "\(route) → \(link) → \(back)")
            case .failure(let error):
                require(false, "\(route) → \(link) fails: \(error.reason)\n\(error)")
            }
        } catch {
            guard case .unrenderableValue = error.reason else {
                require(false, "\(route): render error \(error.reason)")
                return 0
            }
            checkError(error)
        }
    }
    return 0
}

/// Reads values off the front of the fuzzer's input; past the end it yields zeros.
