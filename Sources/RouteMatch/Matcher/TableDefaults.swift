/// What a table reads links under: its origins (or, without any, its default scheme with each
/// pattern giving its host), and its options. The renderer and the diagnostics need these,
/// never the whole table.
///
/// A class: every match reads it, and a structure read out of its table is copied (each of
/// its strings and arrays retained) where a reference is retained once.
final class TableDefaults: Sendable {
    /// The default scheme, lower-cased; `""` accepts any scheme.
    let scheme: String
    /// The default host, lower-cased; `""` makes each pattern's first segment its host.
    let host: String
    /// Where links come from, the first rendered by default; empty when each pattern gives
    /// its host.
    let origins: [Origin]
    /// The origins' indices in the order a link is tried against them (``Origin/order(of:)``).
    let originOrder: [Int]
    /// The origins' bytes, in ``originOrder``: what the plain hit path compares a link's
    /// scheme, host and path with. (An array's bytes are at hand; a string's are reached
    /// through the checks of its small, native and bridged forms, which made the comparison's
    /// code on the hit path about half as large again.)
    let plainOrigins: OriginBytes
    /// For each origin, whether a link rendered under it reads back under it whatever its
    /// path: no origin tried before it (``originOrder``) has its host and may have its scheme,
    /// so none could take the link's first segments for its path prefix.
    let readsOwnLinks: [Bool]
    let options: MatchOptions
    /// Whether the table is mounted under another's route: its examples are relative paths.
    let isMounted: Bool

    /// The host a mounted table's one origin has: no link host is spelled so.
    static let mountHost = "\u{0}mounted"

    init(scheme: String, host: String, origins: [Origin], options: MatchOptions, isMounted: Bool = false) {
        self.isMounted = isMounted
        self.scheme = scheme
        self.host = host
        self.origins = origins
        self.originOrder = Origin.order(of: origins)
        self.plainOrigins = OriginBytes(origins, order: originOrder)
        var owns = [Bool](repeating: true, count: origins.count)
        for (position, index) in originOrder.enumerated() {
            let origin = origins[index]
            // An earlier origin with this host that accepts this scheme (any, when it has none)
            // reads the link first.
            owns[index] = !originOrder[..<position].contains { earlier in
                origins[earlier].host == origin.host && (origin.scheme.map(origins[earlier].accepts(scheme:)) ?? true)
            }
        }
        self.readsOwnLinks = owns
        self.options = options
    }

    /// Whether each pattern's first segment is its host (the type has no origin and no default host).
    var hostFromFirstSegment: Bool { origins.isEmpty }
}
