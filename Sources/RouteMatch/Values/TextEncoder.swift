/// An `Encoder` that collects the text of a single value, or of each element of a list, for
/// types that render through their own `Encodable` conformance (raw-value enums, arrays).
final class TextEncoder: Encoder {
    private(set) var texts: [String] = []
    /// Set when the value encodes as something other than text or a list of text.
    private(set) var isNotTextual = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func append<T: Encodable>(_ value: T) {
        switch TextConversion.texts(of: value) {
        case .success(let values): texts.append(contentsOf: values)
        case .failure: isNotTextual = true
        }
    }

    func markNotTextual() { isNotTextual = true }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        isNotTextual = true
        return KeyedEncodingContainer(Refusing<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Elements(encoder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Single: SingleValueEncodingContainer {
        let encoder: TextEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws { encoder.markNotTextual() }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.append(value) }
    }

    struct Elements: UnkeyedEncodingContainer {
        let encoder: TextEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.texts.count }
        mutating func encodeNil() throws { encoder.markNotTextual() }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.append(value) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.markNotTextual()
            return self
        }
        mutating func superEncoder() -> any Encoder {
            encoder.markNotTextual()
            return encoder
        }
    }

    /// The container handed out for keyed encoding, which text cannot hold.
    struct Refusing<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: TextEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refusing<NestedKey>(encoder: encoder))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Elements(encoder: encoder) }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }
}
