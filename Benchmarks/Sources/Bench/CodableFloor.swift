import Foundation

/// The floor of an enum route's hit: the case's synthesized `init(from:)` alone, fed by the
/// least any decoder can do. The decoder is prepared once for its case, before the timed loop:
/// it keeps its two containers (each made once, the case level's key array with them), hands
/// the case key over as the key type's own value (no `init(stringValue:)`), and returns each
/// associated value already typed (no link, no text, no conversion). So a decode allocates
/// nothing and looks up no generic type of the decoder's own; what is left is Swift's:
/// the synthesized code and the standard library's `KeyedDecodingContainer`, its boxes and
/// `allKeys` casts. Whatever an enum hit costs beyond this is RouteMatch's.
struct FloorDecoder: Decoder {
    /// The case level's key type, and its container (a ``Kept`` `KeyedDecodingContainer` of
    /// ``FloorCaseLevel``), made once.
    private let caseKeyType: ObjectIdentifier
    private let caseLevel: AnyObject

    /// A decoder for case `key`, whose `Int` associated values are `integer`, whose `Bool`
    /// ones are `flag`, and whose one mounted route value (a nested feature enum's case, when
    /// it holds one) decodes from `inner`.
    init<CaseKeys: CodingKey>(case key: CaseKeys, integer: Int, flag: Bool, inner: (any Decoder)? = nil) {
        let values = FloorValueSource(integer: integer, flag: flag, inner: inner)
        caseKeyType = ObjectIdentifier(CaseKeys.self)
        caseLevel = Kept(KeyedDecodingContainer(FloorCaseLevel(keys: [key], values: values)))
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard ObjectIdentifier(Key.self) == caseKeyType else { throw FloorRefusal() }
        return Kept<KeyedDecodingContainer<Key>>.read(caseLevel)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw FloorRefusal() }
}

/// What a floor decoder refuses: anything a synthesized enum `init(from:)` never asks.
struct FloorRefusal: Error {}

/// A value kept in an object of a class generic over the value's own type: read back out of
/// line, the value's type metadata is the object's class's generic argument, where a copy
/// made where its type is a generic parameter would look the metadata up in the runtime's
/// cache on every decode. (RouteMatch keeps its containers the same way.)
final class Kept<Value> {
    private let value: Value
    init(_ value: Value) { self.value = value }

    /// The value `object` keeps, `object` being a `Kept<Value>` (the caller checked its type).
    @inline(__always)
    static func read(_ object: AnyObject) -> Value {
        Unmanaged<Kept<Value>>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())._withUnsafeGuaranteedRef { $0.get() }
    }

    @inline(never)
    private func get() -> Value { value }
}

/// The associated values a floor decoder hands over, and the values' container, made on the
/// first decode (the synthesized code names its key type, which no one else can) and kept.
final class FloorValueSource {
    let integer: Int
    let flag: Bool
    let inner: (any Decoder)?
    private var keptType: ObjectIdentifier?
    private var kept: AnyObject?

    init(integer: Int, flag: Bool, inner: (any Decoder)?) {
        self.integer = integer
        self.flag = flag
        self.inner = inner
    }

    /// The values' container keyed by `Key`: the kept one when it has that key type.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        if keptType == ObjectIdentifier(Key.self), let kept { return Kept<KeyedDecodingContainer<Key>>.read(kept) }
        let made = KeyedDecodingContainer(FloorValues<Key>(integer: integer, flag: flag, inner: inner))
        kept = Kept(made)
        keptType = ObjectIdentifier(Key.self)
        return made
    }
}

/// The case level: one key, the case's, kept as an array (what `allKeys` returns), whose
/// nested container holds the values.
struct FloorCaseLevel<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let keys: [Key]
    let values: FloorValueSource
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { keys }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FloorRefusal() }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        values.container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func superDecoder() throws -> any Decoder { throw FloorRefusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw FloorRefusal() }
}

/// The associated values, already typed: the synthesized code calls the `Int` and `Bool`
/// requirements directly, and they return a stored value; a mounted route's value is the
/// one generic `decode`, which hands the inner decoder to the value's own `init(from:)`.
struct FloorValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let integer: Int
    let flag: Bool
    let inner: (any Decoder)?
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { integer }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { flag }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let inner else { throw FloorRefusal() }
        return try T(from: inner)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw FloorRefusal()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func superDecoder() throws -> any Decoder { throw FloorRefusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw FloorRefusal() }
}

/// A floor decoder for case `key`: its `Int`s 42 and its `Bool` `true` (the deep link's page
/// is 42 too: the floor does not read labels), its mounted value, if any, the feature enum's
/// case `innerKey`, decoded at the floor too.
func floorDecoder<Key: CodingKey>(_ key: Key, inner innerKey: (any CodingKey)? = nil) -> FloorDecoder {
    FloorDecoder(case: key, integer: 42, flag: true, inner: innerKey.map { FloorDecoder(case: $0, integer: 42, flag: true) })
}

/// `Route` decoded at the floor from `decoder` (prepared before the timed loop). A floor that
/// failed would time an error path: the program stops, saying so.
@inline(never)
func decodeAtTheFloor<Route: Decodable>(_ type: Route.Type, from decoder: FloorDecoder) -> Int {
    guard let route = try? Route(from: decoder) else {
        FileHandle.standardError.write(Data("the Codable floor does not decode \(Route.self)\n".utf8))
        exit(1)
    }
    return consume(route)
}

/// Whether `Route`'s case `key` decodes at the floor, once (`innerKey`: the case of the
/// feature enum it mounts): a new process's first use of the enum's synthesized `init(from:)`
/// with no RouteMatch in it (`--first-use CodableFloor10`, …), the part of an enum route's
/// first use that any decoder pays.
func decodesAtTheFloor<Route: Decodable, Key: CodingKey>(_ type: Route.Type, key: Key, inner innerKey: (any CodingKey)? = nil) -> Bool {
    (try? Route(from: floorDecoder(key, inner: innerKey))) != nil
}
