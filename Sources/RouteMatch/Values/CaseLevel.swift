/// A decoder of enum routes: it knows the case being decoded and opens its labels' container.
protocol CaseDecoding: Decoder {
    /// The case's coding key; `nil` for a struct route, which has no case level.
    var caseKey: CaseKey? { get }
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

    var allKeys: [Key] {
        guard let caseKey = owner.caseKey else { return [] }
        // No `Key?` on the way: each generic type named here is a metadata lookup per decode.
        if caseKey.isStored(as: Key.self) { return [caseKey.load(Key.self)] }
        return CaseLevel.keys(named: caseKey.text)
    }

    /// The key spelled `text`, through the key type's `init(stringValue:)`.
    @inline(never)
    private static func keys(named text: String) -> [Key] {
        Key(stringValue: text).map { [$0] } ?? []
    }

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
