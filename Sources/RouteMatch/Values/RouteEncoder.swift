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
    /// The table whose route the value renders with, whose labels say which are lists; `nil`
    /// where no route's labels are known (the query items every route shares). Not retained:
    /// the encoder lives only inside the render its table was handed to.
    private unowned(unsafe) let table: RouteTable?
    /// The route the value renders with, once a label asked (`nil` inside: none).
    private var route: Int??
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(isEnum: Bool, table: RouteTable? = nil) {
        self.isEnum = isEnum
        self.table = table
    }

    /// Whether label `label` of the route the value renders with is a list, as the route
    /// learned it (learned now if it never was): a list's value is written element by element,
    /// and its `Array` type is asked nothing (as a match's probe asks it nothing), where the
    /// first value of each type was asked what it declares and whether it converts from text,
    /// a scan of every conformance record each. `false` when the route is not known (yet):
    /// the value is then read as any other.
    fileprivate func isList(_ label: String) -> Bool {
        guard let table else { return false }
        if route == nil {
            // An enum's route is its case's (its key comes first); a struct's labels are its
            // properties, the same for each of its patterns: its first route's.
            route = isEnum ? caseKey.flatMap(table.route(forCaseKey:)) : table.routes.indices.first
        }
        guard case let index?? = route, table.routes.indices.contains(index) else { return false }
        return table.routes[index].withLearnedBox { learned in
            learned.value.labels.contains { $0.isList && $0.name == label }
        }
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
            let label = key.stringValue
            encoder.rendered.add(value, label: label, isList: encoder.isList(label))
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
