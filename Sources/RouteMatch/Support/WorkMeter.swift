/// Counts the units of work a match does (bytes read, segments and query items split,
/// trie nodes visited, query items compared), so that a test can show that the work grows
/// linearly with the link. It exists in debug builds only; release builds compile it out.
#if DEBUG
final class WorkMeter: @unchecked Sendable {
    // Unchecked: a meter is used by the one task that installed it.
    private(set) var units = 0

    @TaskLocal static var current: WorkMeter?

    @inline(__always)
    static func add(_ count: Int) {
        current?.units += count
    }
}
#else
enum WorkMeter {
    @inline(__always)
    static func add(_ count: Int) {}
}
#endif
