/// Target (b): arbitrary bytes as a pattern. The input is `pattern`, optionally followed by a
/// NUL byte and a link to match against it; a table is built from the pattern (it may have
/// any number of definition problems) and the link is matched.
struct FuzzFields: Codable, Equatable {
    var a: String
    var b: Int?
    var c: [Int]
}

func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let pattern = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<split]), as: UTF8.self)
    let link = split < size ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(split + 1)...]), as: UTF8.self) : pattern
    for host in ["", "app"] {
        let router = Router<FuzzFields>(scheme: "myapp", host: host) { routes in routes.add(pattern) }
        do {
            try router.validate()
        } catch {
            checkError(error)
            require(!error.definitionProblems.isEmpty, "validate threw without definition problems")
            for problem in error.definitionProblems {
                if let span = problem.span {
                    require(span.upperBound <= (problem.route?.pattern.utf8.count ?? 0), "problem span outside pattern")
                }
            }
        }
        switch router.match(link) {
        case .success(let value):
            if let rendered = try? router.link(for: value) {
                if case .failure(let error) = router.match(rendered) {
                    require(false, "\(pattern): \(value) → \(rendered) fails: \(error.reason)")
                }
            }
        case .failure(let error):
            checkError(error)
        }
    }
    return 0
}
