/// A line diff on the standard library's `CollectionDifference`: unchanged lines start with a
/// space, expected-only lines with `-`, actual-only lines with `+`; trailing spaces show as `·`.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var removed: [Int: Substring] = [:]
    var inserted: [Int: Substring] = [:]
    for change in new.difference(from: old) {
        switch change {
        case .remove(let offset, let line, _): removed[offset] = line
        case .insert(let offset, let line, _): inserted[offset] = line
        }
    }
    func show(_ line: Substring) -> String {
        let trailing = line.reversed().prefix(while: { $0 == " " }).count
        return String(line.dropLast(trailing)) + String(repeating: "·", count: trailing)
    }
    var output: [String] = []
    var i = 0, j = 0
    while i < old.count || j < new.count {
        if let line = removed[i] {
            output.append("-" + show(line)); i += 1
        } else if let line = inserted[j] {
            output.append("+" + show(line)); j += 1
        } else {
            output.append(" " + show(old[i])); i += 1; j += 1
        }
    }
    return output.joined(separator: "\n")
}
