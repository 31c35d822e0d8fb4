/// Target (a): arbitrary bytes as a link against realistic tables.
func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let link = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    exercise(FuzzAppRoute.self, link)
    exercise(FuzzHostRoute.self, link)
    exercise(FuzzOriginRoute.self, link)
    exercise(FuzzNestedApp.self, link)
    return 0
}
