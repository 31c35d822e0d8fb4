/// What a table reads links under: its default scheme and host, and its options. The
/// renderer and the diagnostics need these, never the whole table.
struct TableDefaults: Sendable {
    /// The default scheme, lower-cased; `""` accepts any scheme.
    let scheme: String
    /// The default host, lower-cased; `""` makes each pattern's first segment its host.
    let host: String
    let options: MatchOptions

    /// Whether each pattern's first segment is its host (the type has no default host).
    var hostFromFirstSegment: Bool { host.isEmpty }
}
