/// An enum route's case-level `allKeys`, made once when the route is learned and then handed
/// to every decode of the route.
///
/// The synthesized `init(from:)` of an enum asks its case-level container for `allKeys` on
/// every decode. Made anew, that one-key `[Key]` array costs an allocation and a lookup of
/// the array's generic storage type each time (about 900 instructions of a hit, measured
/// with callgrind); kept, it costs a retain. The list is made by the probe that learns the
/// route, which runs the same `init(from:)` and so asks for the same key type; the route's
/// learned box then keeps the list's array (``box(_:)``), so a learned route keeps no object
/// for it beside its box.
///
/// A list is made only for a key whose type is the route's ``CaseKey`` type and whose bits the
/// case key keeps (``CaseKey/isStored(as:)``): that check, made on the case key where it reads
/// the key anyway (`keys(as:kept:)`), says what type the list and the box hold, so neither
/// stores a type of its own.
class CaseKeyList: @unchecked Sendable {
    // Unchecked: it stores nothing; its subclass holds an immutable array of the route type's
    // coding-key values, which are only read.

    fileprivate init() {}

    /// The list of the one key `key`.
    static func make<Key: CodingKey>(_ key: Key) -> CaseKeyList { TypedCaseKeyList([key]) }

    /// The keys, as `Key`: a downcast to the subclass of that key type, with no dynamic cast
    /// and no lookup of `[Key]`'s metadata. Read only where the route's case key was checked
    /// to store a `Key` (the condition the list was made on).
    @inline(__always)
    func keys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        unsafeDowncast(self, to: TypedCaseKeyList<Key>.self).keys
    }

    /// The learned box of `learned` that keeps this list's keys for the route's decodes. (Only
    /// the subclass is made; a box that keeps no keys has each decode make them anew.)
    func box(_ learned: LearnedRoute) -> LearnedBox { LearnedBox(learned) }
}

/// The list of keys of one key type.
private final class TypedCaseKeyList<Key: CodingKey>: CaseKeyList, @unchecked Sendable {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
        super.init()
    }

    override func box(_ learned: LearnedRoute) -> LearnedBox { KeyedLearnedBox(learned, keys: keys) }
}

extension LearnedBox {
    /// The case-level keys the box keeps, as `Key`: a downcast, as ``CaseKeyList/keys(as:)``.
    /// Read only when ``keepsCaseKeys`` and the route's case key stores a `Key`.
    @inline(__always)
    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        unsafeDowncast(self, to: KeyedLearnedBox<Key>.self).keys
    }
}

/// A learned enum case with values, with its case-level keys: one object where a box and a
/// list were two (24 bytes less a learned route).
private final class KeyedLearnedBox<Key: CodingKey>: LearnedBox, @unchecked Sendable {
    // Unchecked: immutable; the keys are coding-key values, only read.
    let keys: [Key]

    init(_ value: LearnedRoute, keys: [Key]) {
        self.keys = keys
        super.init(value)
    }

    override var keepsCaseKeys: Bool { true }
}
