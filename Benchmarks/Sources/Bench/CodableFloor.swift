/// The floor of an enum route's hit: the case's synthesized `init(from:)` alone, fed by the
/// least any decoder can do. The decoder hands the case key over as the key type's own value
/// (no `init(stringValue:)`) and each associated value already typed (no link, no text, no
/// conversion). Whatever an enum hit costs beyond this is RouteMatch's; this part is Swift's
/// synthesized code and the standard library's `KeyedDecodingContainer`, and no decoder
/// written without generated code can go below it.
struct FloorDecoder<CaseKeys: CodingKey>: Decoder {
    /// The case to decode.
    let key: CaseKeys
    /// Every `Int` associated value, whatever its label.
    let integer: Int
    /// Every `Bool` associated value, whatever its label.
    let flag: Bool

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FloorCases<Key, CaseKeys>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw FloorRefusal() }
}

/// What a floor decoder refuses: anything a synthesized enum `init(from:)` never asks.
struct FloorRefusal: Error {}

/// The case level: one key, the case's, whose nested container holds the values.
struct FloorCases<Key: CodingKey, CaseKeys: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: FloorDecoder<CaseKeys>
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        guard Key.self == CaseKeys.self else { return [] }
        return [unsafeBitCast(decoder.key, to: Key.self)]
    }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FloorRefusal() }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(FloorValues<NestedKey>(integer: decoder.integer, flag: decoder.flag))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// The associated values, already typed: the synthesized code calls the `Int` and `Bool`
/// requirements directly, and they return a stored value.
struct FloorValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let integer: Int
    let flag: Bool
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { integer }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { flag }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FloorRefusal() }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw FloorRefusal()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorRefusal() }
    func superDecoder() throws -> any Decoder { throw FloorRefusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw FloorRefusal() }
}

/// The deep link's case (`userPosts(id:page:premium:)`, `key`) decoded at the floor: its
/// `Int`s 42 and its `Bool` `true`. (The page is 42 too: the floor does not read labels.)
@inline(never)
func decodeAtTheFloor<Route: Decodable, Key: CodingKey>(_ type: Route.Type, key: Key) -> Int {
    consume(try? Route(from: FloorDecoder(key: key, integer: 42, flag: true)))
}
