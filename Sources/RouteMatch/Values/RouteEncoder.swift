/// Reads a route value back into text through its own `encode(to:)`: which case it is (its
/// coding key, the pattern) and the text of each label.
final class RouteEncoder: Encoder {
    /// The case's coding key; `nil` for a struct route.
    private(set) var caseKey: String?
    /// Each label's texts; `nil` for `nil` (an absent optional).
    private(set) var values: [(label: String, texts: [String]?)] = []
    /// The first label that did not encode as text.
    private(set) var problem: RenderFailure?
    /// Whether the route asked for a container that is not a case's or a struct's labels.
    private(set) var isNotARoute = false
    /// The parts of a mounted table's route (a label whose value is itself ``Routable``).
    fileprivate(set) var mounted: LinkRenderer.Parts?
    /// Why the mounted value cannot be rendered.
    fileprivate(set) var mountedError: RouteMatchError?
    private let isEnum: Bool
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(isEnum: Bool) { self.isEnum = isEnum }

    func texts(for label: String) -> [String]?? {
        values.first { $0.label == label }.map { $0.texts }
    }

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
            if let routes = value as? any Routable {
                switch routes.mountedParts() {
                case .success(let parts):
                    encoder.mounted = parts
                    encoder.values.append((key.stringValue, parts.segments))
                case .failure(let error):
                    encoder.mountedError = encoder.mountedError ?? error
                }
                return
            }
            switch TextConversion.texts(of: value) {
            case .success(let texts): encoder.values.append((key.stringValue, texts))
            case .failure(let problem):
                encoder.problem = encoder.problem ?? RenderFailure(label: key.stringValue, problem: problem.why)
            }
        }

        mutating func encodeAbsent(forKey key: Key) throws {
            encoder.values.append((key.stringValue, nil))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.problem = encoder.problem ?? RenderFailure(label: key.stringValue, problem: .notTextual)
            return TextEncoder().container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.problem = encoder.problem ?? RenderFailure(label: key.stringValue, problem: .notTextual)
            return TextEncoder().unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }
}
