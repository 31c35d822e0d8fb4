/// Reads a route value back into text through its own `encode(to:)`: which case it is (its
/// coding key, the pattern) and the text of each label.
final class RouteEncoder: Encoder {
    /// The case's coding key; `nil` for a struct route.
    private(set) var caseKey: String?
    /// The labels' values, as the route's `encode(to:)` handed them.
    fileprivate(set) var rendered = RenderedValues()
    /// Whether the route asked for a container that is not a case's or a struct's labels.
    private(set) var isNotARoute = false
    private let isEnum: Bool
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(isEnum: Bool) { self.isEnum = isEnum }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if isEnum { return KeyedEncodingContainer(CaseLevel<Key>(encoder: self)) }
        return KeyedEncodingContainer(Labels<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isNotARoute = true
        return TextEncoder().unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        isNotARoute = true
        return TextEncoder().singleValueContainer()
    }

    struct CaseLevel<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: RouteEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder.caseKey = key.stringValue }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoder.caseKey = key.stringValue }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.caseKey = key.stringValue
            return KeyedEncodingContainer(Labels<NestedKey>(encoder: encoder))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.caseKey = key.stringValue
            return TextEncoder().unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    struct Labels<Key: CodingKey>: UniformKeyedEncoding {
        let encoder: RouteEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.rendered.add(value, label: key.stringValue)
        }

        mutating func encodeAbsent(forKey key: Key) throws {
            encoder.rendered.addAbsent(label: key.stringValue)
        }

        mutating func encodeText(_ text: String, forKey key: Key) throws {
            encoder.rendered.add(text: text, label: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.rendered.refuse(key.stringValue, .notTextual)
            return TextEncoder().container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.rendered.refuse(key.stringValue, .notTextual)
            return TextEncoder().unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }
}
