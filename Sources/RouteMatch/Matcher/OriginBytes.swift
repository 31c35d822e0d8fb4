/// A table's origins' schemes, hosts and path prefixes as UTF-8 bytes, in the order a link is
/// tried against them (``Origin/order(of:)``): what the plain hit path compares a link's bytes
/// with (see ``TableDefaults/plainOrigins``).
///
/// Flat, in two arrays of standard element types: every text's bytes one after another, and
/// their bounds. (A structure per origin, in an array, had the runtime build that array's type
/// on a process's first table, some 11,000 instructions by callgrind, and kept an array for
/// each text.)
struct OriginBytes: Sendable {
    /// Every origin's texts' bytes, one after another.
    private let bytes: [UInt8]
    /// For each origin in turn: its scheme's start and end in ``bytes`` (`-1` and `-1`: it
    /// accepts any scheme), its host's start and end, the number of its prefix's segments, then
    /// each segment's start and end.
    private let bounds: [Int]

    /// The words of ``bounds`` an origin takes before its prefix's segments.
    private static let fixedWords = 5

    init(_ origins: [Origin], order: [Int]) {
        var bytes: [UInt8] = [], bounds: [Int] = []
        func append(_ text: String) {
            bounds.append(bytes.count)
            ByteText.append(text, to: &bytes)
            bounds.append(bytes.count)
        }
        for index in order {
            let origin = origins[index]
            if let scheme = origin.scheme { append(scheme) } else { bounds.append(-1); bounds.append(-1) }
            append(origin.host)
            bounds.append(origin.prefix.count)
            for segment in origin.prefix { append(segment) }
        }
        (self.bytes, self.bounds) = (bytes, bounds)
    }

    /// Where the routes' path starts in a link whose `scheme` and `host` (lower-case, plain)
    /// and path from `pathStart` (in `link`) come from one of the origins: after the first
    /// origin, in order (longer prefixes first), whose scheme, host and path prefix the link
    /// has — the origin the matcher reads the link under — as the byte index and the segments
    /// the prefix takes; `nil` when the link comes from none.
    @inline(__always)
    func pathStart(
        scheme: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>, link: UnsafeBufferPointer<UInt8>,
        from pathStart: Int
    ) -> (index: Int, segments: Int)? {
        bytes.withUnsafeBufferPointer { stored in
            bounds.withUnsafeBufferPointer { bounds in
                func text(_ word: Int) -> UnsafeBufferPointer<UInt8> {
                    ByteText.part(of: stored, start: bounds[word], count: bounds[word + 1] - bounds[word])
                }
                var origin = 0
                while origin < bounds.count {
                    let prefixCount = bounds[origin + 4], first = origin + OriginBytes.fixedWords
                    defer { origin = first + 2 * prefixCount }
                    guard ByteText.equal(text(origin + 2), host), bounds[origin] < 0 || ByteText.equal(text(origin), scheme)
                    else { continue }
                    var position = pathStart, matched = 0
                    while matched < prefixCount, position < link.count, link[position] == UInt8(ascii: "/") {
                        let start = position + 1
                        position = ByteClass.end(of: ByteClass.plain, in: link, from: start)
                        guard ByteText.equal(text(first + 2 * matched), ByteText.part(of: link, start: start, count: position - start))
                        else { break }
                        matched += 1
                    }
                    if matched == prefixCount { return (position, matched) }
                }
                return nil
            }
        }
    }
}
