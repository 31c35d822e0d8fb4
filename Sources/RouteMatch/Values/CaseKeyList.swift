/// An enum route's case-level `allKeys`, made once when the route is learned and then handed
/// to every decode of the route.
///
/// The synthesized `init(from:)` of an enum asks its case-level container for `allKeys` on
/// every decode. Made anew, that one-key `[Key]` array costs an allocation and a lookup of
/// the array's generic storage type each time (about 900 instructions of a hit, measured
/// with callgrind); kept, it costs a retain. The list is made by the probe that learns the
/// route, which runs the same `init(from:)` and so asks for the same key type.
///
/// A list is made only for a key whose type is the route's ``CaseKey`` type and whose bits the
/// case key keeps (``CaseKey/isStored(as:)``): that check, made on the case key where it reads
/// the key anyway (`keys(as:kept:)`), says what type the list holds, so the list stores no type
/// of its own.
class CaseKeyList: @unchecked Sendable {
    // Unchecked: it stores nothing; its subclass holds an immutable array of the route type's
    // coding-key values, which are only read.

    fileprivate init() {}

    /// The list of the one key `key`.
    static func make<Key: CodingKey>(_ key: Key) -> CaseKeyList { TypedCaseKeyList([key]) }

    /// The keys, as `Key`: a downcast to the subclass of that key type, with no dynamic cast
    /// and no lookup of `[Key]`'s metadata. Read only through `CaseKey?.keys(as:kept:)`, which
    /// checks that the route's case key stores a `Key` (the condition the list was made on).
    @inline(__always)
    func keys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        unsafeDowncast(self, to: TypedCaseKeyList<Key>.self).keys
    }
}

/// The list of keys of one key type.
private final class TypedCaseKeyList<Key: CodingKey>: CaseKeyList, @unchecked Sendable {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
        super.init()
    }
}
