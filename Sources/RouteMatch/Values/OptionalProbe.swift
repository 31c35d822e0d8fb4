/// What a value of type `Value` encodes as, to tell an `Optional` without a dynamic cast: an
/// `Optional`'s `encode(to:)` encodes `nil` as nil in a single-value container, and a value as
/// its wrapped value there. The first thing the value encodes ends the probe (a thrown
/// ``Stop``): a list's elements, a keyed value's fields are not encoded.
final class OptionalProbe<Value>: Encoder {
    /// What the value encoded as.
    enum Found {
        /// Anything but nil or an `Optional`'s wrapped value: the value is not an `Optional`.
        case other
        /// Nil: an `Optional`'s `nil` (or a value that encodes as one), which is left out.
        case absent
        /// An `Optional`'s wrapped value: adds it, with its own type, for a label.
        case wrapped((_ values: inout RouteValues, _ label: String) -> Void)
    }

    /// Ends the probe at the first thing the value encodes.
    struct Stop: Error {}

    fileprivate(set) var found = Found.other
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Other<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Other<LabelKey>() }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(probe: self) }

    /// The container an `Optional` encodes itself in.
    struct Single: SingleValueEncodingContainer {
        let probe: OptionalProbe
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws {
            probe.found = .absent
            throw Stop()
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            // An `Optional`'s wrapped value (compared as metatypes: no conformance asked).
            if Value.self == T?.self { probe.found = .wrapped { values, label in values.add(value, label: label) } }
            throw Stop()
        }
    }

    /// Any other container: the value is no `Optional`, and is not encoded further.
    struct Other<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil(forKey key: Key) throws { throw Stop() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw Stop() }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Other<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { OptionalProbe<Value>() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { OptionalProbe<Value>() }
        mutating func encodeNil() throws { throw Stop() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw Stop() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Other<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    }
}
