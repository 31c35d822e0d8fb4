/// Texts joined with a separator between each two, as `joined(separator:)` joins them.
///
/// Written here rather than called: the standard library's `joined(separator:)` runs
/// unspecialized and has the runtime look up `[String]`'s `Collection` conformance, a scan of
/// every conformance record of the process on its first call — a first match of a route that
/// captures the rest of the path, a first diagnostic, a first use of shared query items.
///
/// ```swift
/// TextJoin.join(["a", "b"], separator: "/")   // "a/b"
/// ```
enum TextJoin {
    /// `texts` with `separator` between each two; `""` for none.
    static func join(_ texts: [String], separator: String) -> String {
        var joined = ""
        for index in texts.indices {
            if index > 0 { joined += separator }
            joined += texts[index]
        }
        return joined
    }
}
