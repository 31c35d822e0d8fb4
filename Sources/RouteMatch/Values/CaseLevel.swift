/// A decoder of enum routes: it knows the case being decoded and opens its labels' container.
protocol CaseDecoding: Decoder {
    /// The case's coding key; `nil` for a struct route, which has no case level.
    var caseKey: CaseKey? { get }
    /// The case level's `allKeys`: the case's own key as a `Key` (read in place, where the
    /// `caseKey` getter would hand over a copy, made through the runtime's generic witness).
    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key]
    /// The container of the case's associated values.
    func labels<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey>
    /// The error for a request the case level cannot serve (synthesized code makes none).
    func refusal() -> any Error
}

/// The enum level of a route's synthesized `init(from:)`: exactly one key, the case's
/// pattern, whose nested container holds the associated values. The probe and the matcher's
/// decoder share it.
struct CaseLevel<Key: CodingKey, Owner: CaseDecoding>: KeyedDecodingContainerProtocol {
    let owner: Owner
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { owner.caseKeys(as: Key.self) }

    func contains(_ key: Key) -> Bool { key.stringValue == owner.caseKey?.text }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw owner.refusal() }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        owner.labels(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw owner.refusal() }
    func superDecoder() throws -> any Decoder { owner }
    func superDecoder(forKey key: Key) throws -> any Decoder { owner }
}

/// The enum level of a table's learned routes, one container for all of them (``KeptCaseLevels``):
/// it serves the decode running on its thread (``CurrentDecoder``) the case key and the labels'
/// container its learned route keeps (``LearnedBox``). A decode so opens both levels with no
/// allocation and no lookup of a generic container type of RouteMatch's.
struct KeptCaseLevel<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { CurrentDecoder.current?.pointee.keptCaseKeys(as: Key.self) ?? [] }

    func contains(_ key: Key) -> Bool { allKeys.contains { $0.stringValue == key.stringValue } }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw RouteDecoder.refusal }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try CurrentDecoder.running.pointee.keptLabels(caseKey: Key.self, keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw RouteDecoder.refusal }
    func superDecoder() throws -> any Decoder { try RouteDecoder.running() }
    func superDecoder(forKey key: Key) throws -> any Decoder { try RouteDecoder.running() }
}

/// A table's one ``KeptCaseLevel`` container, made by the first decode that uses it and then
/// read without a lock (``OnceReference``). Its key type is told by identity, so reading it
/// back needs no dynamic cast.
///
/// A table of struct routes, which have no case level, keeps its top container here instead:
/// the labels' container (``RouteDecoder/Labels``, which holds nothing either), so that a
/// struct route's decode opens it with no allocation and no lookup of its generic type (some
/// 950 instructions a hit, a third of a struct route's).
final class KeptCaseLevels: @unchecked Sendable {
    // Unchecked: one word, written once with release ordering and read with acquire ordering;
    // a constant.
    private let word = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
    /// Whether the kept container is a struct route's labels' container, not a case level.
    let ofStructs: Bool

    /// A table's kept top container: its enum routes' case level, or with `ofStructs` its
    /// struct routes' labels' container.
    init(ofStructs: Bool = false) {
        word.initialize(to: 0)
        self.ofStructs = ofStructs
    }

    deinit {
        OnceReference.release(word, as: Level.self)
        word.deallocate()
    }

    /// The table's case-level container, as `Key`'s (every route of a table has the same key
    /// type; a container of another is made for the one decode).
    @inline(__always)
    func level<Key: CodingKey>(as type: Key.Type) -> KeyedDecodingContainer<Key> {
        // Read unretained: the level, published once, is kept by this object for as long as it
        // lives, and the container handed out is retained for the caller.
        if let level = OnceReference.unretained(word, as: Level.self),
            level._withUnsafeGuaranteedRef({ $0.keyType }) == ObjectIdentifier(Key.self) {
            return level._withUnsafeGuaranteedRef {
                unsafeDowncast($0.kept, to: KeptContainer<KeyedDecodingContainer<Key>>.self).container()
            }
        }
        return made(Key.self)
    }

    @inline(never)
    private func made<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        // The level published first may be of another key type.
        let made = Level(KeptContainer(fresh(Key.self)), keyType: ObjectIdentifier(Key.self))
        let level = OnceReference.publish(made, at: word)
        if level.keyType == ObjectIdentifier(Key.self) {
            return unsafeDowncast(level.kept, to: KeptContainer<KeyedDecodingContainer<Key>>.self).container()
        }
        return fresh(Key.self)
    }

    /// A new container of the kind this object keeps.
    private func fresh<Key: CodingKey>(_ type: Key.Type) -> KeyedDecodingContainer<Key> {
        ofStructs ? KeyedDecodingContainer(RouteDecoder.Labels<Key>()) : KeyedDecodingContainer(KeptCaseLevel<Key>())
    }

    /// The level of one key type: a ``KeptContainer`` of a `KeyedDecodingContainer` of
    /// ``KeptCaseLevel``, and the key's type. (Not generic: see ``KeptContainer``.)
    private final class Level {
        let kept: AnyObject
        let keyType: ObjectIdentifier

        init(_ kept: AnyObject, keyType: ObjectIdentifier) {
            self.kept = kept
            self.keyType = keyType
        }
    }
}
