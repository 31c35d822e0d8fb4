/// An enum route's case-level `allKeys`, made once when the route is learned and then handed
/// to every decode of the route.
///
/// The synthesized `init(from:)` of an enum asks its case-level container for `allKeys` on
/// every decode. Made anew, that one-key `[Key]` array costs an allocation and a lookup of
/// the array's generic storage type each time (about 900 instructions of a hit, measured
/// with callgrind); kept, it costs a retain. The list is made by the probe that learns the
/// route, which runs the same `init(from:)` and so asks for the same key type; when the probe
/// then opens the case's labels, the list learns their key type too (``opened(_:)``), and the
/// route's learned box keeps the list's array and a labels' container of that key type
/// (``box(_:)``), so a learned route keeps no list beside its box, and its decodes make no
/// container (``KeptCaseLevel``).
///
/// A list is made only for a key whose type is the route's ``CaseKey`` type and whose bits the
/// case key keeps (``CaseKey/isStored(as:)``): that check, made again where a decode reads the
/// kept keys (``RouteDecoder/State/container(keyedBy:)``), says what type the list and the box hold,
/// so neither stores a type of its own.
class CaseKeyList: @unchecked Sendable {
    // Unchecked: it stores nothing; its subclasses hold an immutable array of the route type's
    // coding-key values, which are only read, or a closure called once.

    fileprivate init() {}

    /// The list of no keys, which a probe holds until it keeps one: its box is a plain box,
    /// and opened it stays itself. (Not an optional list: a copy of an optional was made through
    /// its type's value witness, which made the runtime build `CaseKeyList?` on a first use.)
    static let empty = CaseKeyList()

    /// The list of the one key `key`.
    static func make<Key: CodingKey>(_ key: Key) -> CaseKeyList { TypedCaseKeyList([key]) }

    /// The keys, as `Key`: a downcast to the subclass of that key type, with no dynamic cast
    /// and no lookup of `[Key]`'s metadata. Read only where the route's case key was checked
    /// to store a `Key` (the condition the list was made on).
    @inline(__always)
    func keys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        unsafeDowncast(self, to: TypedCaseKeyList<Key>.self).keys
    }

    /// The list after the probe opened the case's labels with key type `NestedKey`: one that
    /// makes the route's learned box keep its containers (``KeptCaseLevel``).
    func opened<NestedKey: CodingKey>(_ type: NestedKey.Type) -> CaseKeyList { self }

    /// The learned box of `learned`: one that keeps the case's containers, once the probe
    /// opened its labels and a decode can find its state (``CurrentDecoder``); otherwise a
    /// plain box, and each decode makes its containers.
    func box(_ learned: LearnedRoute) -> LearnedBox { LearnedBox(learned) }
}

/// The list of keys of one key type.
private final class TypedCaseKeyList<Key: CodingKey>: CaseKeyList, @unchecked Sendable {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
        super.init()
    }

    override func opened<NestedKey: CodingKey>(_ type: NestedKey.Type) -> CaseKeyList {
        let keys = keys
        return OpenedCaseKeyList { learned in
            LabeledLearnedBox(
                learned, keys: keys, labels: KeyedDecodingContainer(RouteDecoder.Labels<NestedKey>()),
                labelsKeyType: ObjectIdentifier(NestedKey.self))
        }
    }
}

/// The keys of a case whose labels the probe opened: it makes the route's learned box, which
/// keeps them and a labels' container of their key type.
///
/// Not generic, where it was a generic subclass of its key list's class, over both key types:
/// the runtime builds a generic class's metadata on its first use with new arguments and
/// resolves a generic superclass from its mangled name, some 13,000 instructions of a route's
/// first learning (callgrind, `validate()` of 1,000 routes in a new process). A closure that
/// captures the two key types makes the box instead, and no class's metadata is built for it.
private final class OpenedCaseKeyList: CaseKeyList, @unchecked Sendable {
    // Unchecked: immutable; the closure is called once, by the probe that made the list.
    private let makeBox: (LearnedRoute) -> LearnedBox

    init(_ makeBox: @escaping (LearnedRoute) -> LearnedBox) {
        self.makeBox = makeBox
        super.init()
    }

    override func box(_ learned: LearnedRoute) -> LearnedBox { makeBox(learned) }
}

extension LearnedBox {
    /// The case-level keys the box keeps, as `Key`: a downcast, as ``CaseKeyList/keys(as:)``.
    /// Read only when ``keepsCaseLevel`` and the route's case key stores a `Key`.
    @inline(__always)
    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        unsafeDowncast(self, to: KeyedLearnedBox<Key>.self).keys
    }

    /// Whether the box keeps a labels' container of key type `NestedKey`. Asked only when
    /// ``keepsCaseLevel`` and the route's case key stores a `Key`.
    @inline(__always)
    func keepsLabels<Key: CodingKey, NestedKey: CodingKey>(caseKey: Key.Type, keyedBy type: NestedKey.Type) -> Bool {
        unsafeDowncast(self, to: KeyedLearnedBox<Key>.self).labelsKeyType == ObjectIdentifier(NestedKey.self)
    }

    /// The labels' container the box keeps. Read only when ``keepsLabels(caseKey:keyedBy:)``.
    @inline(__always)
    func labels<Key: CodingKey, NestedKey: CodingKey>(caseKey: Key.Type, keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        unsafeDowncast(self, to: LabeledLearnedBox<Key, KeyedDecodingContainer<NestedKey>>.self).labels()
    }
}

/// A learned enum case with values, with its case-level keys and the key type of its labels'
/// container (``LabeledLearnedBox``).
private class KeyedLearnedBox<Key: CodingKey>: LearnedBox, @unchecked Sendable {
    // Unchecked: immutable; the keys are coding-key values, only read.
    let keys: [Key]
    let labelsKeyType: ObjectIdentifier

    init(_ value: LearnedRoute, keys: [Key], labelsKeyType: ObjectIdentifier) {
        self.keys = keys
        self.labelsKeyType = labelsKeyType
        super.init(value)
    }

    override var keepsCaseLevel: Bool { true }
}

/// A learned enum case with values and its labels' container (of type `Labels`, a
/// `KeyedDecodingContainer`), which serves the decode running on its thread
/// (``CurrentDecoder``): its decodes open their containers with no allocation.
///
/// One object a route with its keys. A ``KeptContainer`` beside a box generic over the key
/// type alone was measured too: a route's first learning some 9,000 instructions less (no
/// generic superclass resolved; a new process's first `validate()` of 1,000 routes 1,509 M
/// instructions where 1,518 M), and an object more a route learned, 26 to 31 B (a 10-route
/// table learned 964 B a route where 938 B, near the 1,000 B a route a table must stay under).
private final class LabeledLearnedBox<Key: CodingKey, Labels>: KeyedLearnedBox<Key>, @unchecked Sendable {
    // Unchecked: immutable; the container holds no decode's state.
    private let kept: Labels

    init(_ value: LearnedRoute, keys: [Key], labels: Labels, labelsKeyType: ObjectIdentifier) {
        kept = labels
        super.init(value, keys: keys, labelsKeyType: labelsKeyType)
    }

    /// The container. Out of line, so that it is copied with the metadata of `Labels` this
    /// object's class carries (see ``KeptContainer``).
    @inline(never)
    func labels() -> Labels { kept }
}
