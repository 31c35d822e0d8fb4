/// Each case key's route in an enum route type's table (its first, for a case with several
/// patterns): the route an enum value renders with, looked up by the key its `encode(to:)`
/// names.
///
/// Made on the table's first render, not with the table: matching never reads it, and a table
/// that only matches (most, at launch) neither hashes every case's key nor keeps the index
/// (`./instructions.sh --quick build-1000`: 7.63 M instructions with it, 7.11 M without). A
/// table keeps it in the slot after its routes' (``LearnedSlots``).
final class CaseKeyIndex: Sendable {
    /// The keys' texts, each leading to its route's index. A literal index, not a
    /// `Dictionary`: see ``IdentityTable`` for what a process's first dictionary of a key type
    /// costs.
    private let routes: LiteralIndex

    /// The index of `routes`' case keys; a key several routes share leads to the first.
    init(_ routes: [CompiledRoute]) {
        var index = LiteralIndex(minimumCapacity: routes.count)
        // Read in place, by index: a route bound to a name is retained and released.
        for position in routes.indices {
            if let key = routes[position].caseKey { index.setIfAbsent(key.text, to: position) }
        }
        // Room was reserved for a key a route; only keys that several routes share (a case with
        // several patterns) leave some over, which the copy gives back.
        if index.count < routes.count { index.trim() }
        self.routes = index
    }

    /// The index of the route whose case key is `text`, if any.
    func route(forCaseKey text: String) -> Int? { routes[text] }
}
