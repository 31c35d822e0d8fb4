/// An enum route's case-level `allKeys`, made once when the route is learned and then handed
/// to every decode of the route.
///
/// The synthesized `init(from:)` of an enum asks its case-level container for `allKeys` on
/// every decode. Made anew, that one-key `[Key]` array costs an allocation and a lookup of
/// the array's generic storage type each time (about 900 instructions of a hit, measured
/// with callgrind); kept, it costs a retain. The list is made by the probe that learns the
/// route, which runs the same `init(from:)` and so asks for the same key type; when the probe
/// then opens the case's labels, it makes an opened list that keeps a labels' container of
/// their key type (``opened(_:)``), and the route's learned box keeps the keys and the
/// container (``box(_:)``), so the route's decodes make no container (``KeptCaseLevel``).
///
/// A list is made only for a key whose type is the route's ``CaseKey`` type and whose bits the
/// case key keeps (``CaseKey/isStored(as:)``): that check, made again where a decode reads the
/// kept keys (``RouteDecoder/State/container(keyedBy:)``), says what type the list and the box hold,
/// so neither stores a type of its own.
class CaseKeyList: @unchecked Sendable {
    // Unchecked: it stores nothing; its subclasses hold an immutable array of the route type's
    // coding-key values, which are only read, and an immutable container.

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

    /// The learned box of `learned` that keeps these keys and the labels' container `labels`
    /// (a ``KeptContainer``) of key type `labelsKeyType`: a ``KeyedLearnedBox`` of the keys'
    /// type (a plain box for the list of no keys, which is never opened).
    fileprivate func box(_ learned: LearnedRoute, labels: AnyObject, labelsKeyType: ObjectIdentifier) -> LearnedBox {
        LearnedBox(learned)
    }
}

/// The list of keys of one key type.
private final class TypedCaseKeyList<Key: CodingKey>: CaseKeyList, @unchecked Sendable {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
        super.init()
    }

    override func opened<NestedKey: CodingKey>(_ type: NestedKey.Type) -> CaseKeyList {
        OpenedCaseKeyList(
            keys: self, labels: KeptContainer(KeyedDecodingContainer(RouteDecoder.Labels<NestedKey>())),
            labelsKeyType: ObjectIdentifier(NestedKey.self))
    }

    override fileprivate func box(_ learned: LearnedRoute, labels: AnyObject, labelsKeyType: ObjectIdentifier) -> LearnedBox {
        KeyedLearnedBox(learned, keys: keys, labels: labels, labelsKeyType: labelsKeyType)
    }
}

/// The keys of a case whose labels the probe opened, with its labels' container (a
/// ``KeptContainer``) and that container's key type: what the route's learned box keeps.
///
/// Not generic: the runtime builds a generic class's metadata on its first use with new
/// arguments, and resolves a generic superclass from its mangled name. Measured with
/// callgrind on `validate()` of 1,000 routes, a route's first learning made three generic
/// classes (this list, generic over both key types, and the box, generic over the labels'
/// container, with its generic superclass) in some 28,000 instructions, where it makes one,
/// its ``KeptContainer``, in 3,800; the box is generic over the case-level key type alone,
/// built once for all the routes of a table.
private final class OpenedCaseKeyList: CaseKeyList, @unchecked Sendable {
    // Unchecked: immutable; the list and the container are immutable.
    /// The case-level keys (a ``TypedCaseKeyList``).
    let keys: CaseKeyList
    /// The labels' container (a ``KeptContainer``).
    let labels: AnyObject
    let labelsKeyType: ObjectIdentifier

    init(keys: CaseKeyList, labels: AnyObject, labelsKeyType: ObjectIdentifier) {
        self.keys = keys
        self.labels = labels
        self.labelsKeyType = labelsKeyType
        super.init()
    }

    override func box(_ learned: LearnedRoute) -> LearnedBox {
        keys.box(learned, labels: labels, labelsKeyType: labelsKeyType)
    }
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
        unsafeDowncast(unsafeDowncast(self, to: KeyedLearnedBox<Key>.self).labels, to: KeptContainer<KeyedDecodingContainer<NestedKey>>.self)
            .container()
    }
}

/// A learned enum case with values: its case-level keys, its labels' container (a
/// ``KeptContainer``) and that container's key type. Generic over the case-level key type
/// only, whose every route shares it, with a superclass that is not generic: its metadata is
/// built once for a table, where a route's labels' container is one generic class a route.
private final class KeyedLearnedBox<Key: CodingKey>: LearnedBox, @unchecked Sendable {
    // Unchecked: immutable; the keys are coding-key values, only read, and the container
    // holds no decode's state.
    let keys: [Key]
    let labels: AnyObject
    let labelsKeyType: ObjectIdentifier

    init(_ value: LearnedRoute, keys: [Key], labels: AnyObject, labelsKeyType: ObjectIdentifier) {
        self.keys = keys
        self.labels = labels
        self.labelsKeyType = labelsKeyType
        super.init(value)
    }

    override var keepsCaseLevel: Bool { true }
}
