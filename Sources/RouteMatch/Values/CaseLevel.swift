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
