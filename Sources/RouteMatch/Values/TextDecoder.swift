/// A `Decoder` over one text value, or the values of a repeated query key, for types that
/// convert through their own `Decodable` conformance (raw-value enums, arrays).
struct TextDecoder: Decoder {
    /// A request that text cannot serve (a keyed container, a nested list): the type does not
    /// read from text, which the caller reports as a failure to convert to it.
    struct Refusal: Error {}

    let texts: [String]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw Refusal()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        Elements(texts: texts)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard texts.count == 1 else { throw Refusal() }
        return Single(text: texts[0])
    }

    struct Single: SingleValueDecodingContainer {
        let text: String
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { text.isEmpty }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            do throws(TextConversion.ScalarMiss) {
                return try TextConversion.scalar(T.self, text)
            } catch {
                if case .failed(let failure) = error { throw failure }
            }
            // A nested non-scalar inside a single value: let the type decode itself.
            return try T(from: TextDecoder(texts: [text]))
        }
    }

    struct Elements: UnkeyedDecodingContainer {
        let texts: [String]
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { texts.count }
        var isAtEnd: Bool { currentIndex >= texts.count }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw TextConversion.Failure(T.self, index: currentIndex) }
            let index = currentIndex
            currentIndex += 1
            // Through the throwing conversion: a `Result<T, …>` would be looked up per element.
            do throws(TextConversion.Failure) {
                return try TextConversion.convert(T.self, single: texts[index])
            } catch {
                var failure = error
                failure.index = index
                throw failure
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw Refusal()
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw Refusal()
        }

        mutating func superDecoder() throws -> any Decoder {
            throw Refusal()
        }
    }
}
