/// The text bound to one label by a match.
enum BoundValue: Sendable {
    /// Nothing in the link binds the label (an absent optional query item).
    case absent
    /// One value.
    case one(String)
    /// Every value of a repeated query key (a list label).
    case many([String])
    /// The rest of the link, for a label whose type is a mounted ``Routable`` table.
    indirect case mounted(LinkView)
}

/// Why a route's value could not be built from the texts its labels bind.
enum DecodeFailure: Error {
    /// The text of label `label` (element `element` of a list) does not convert.
    case label(Int, element: Int, expected: ValueType)
    /// The route type's own `init(from:)` refused the values; its error's message.
    case rejected(message: String)
    /// The table mounted under label `label` matched none of its routes.
    case mounted(Int, error: RouteMatchError)
}

/// Builds a route value through its own `init(from:)`, serving each label its bound text
/// converted to the label's type.
final class RouteDecoder: CaseDecoding {
    let caseKey: CaseKey?
    /// The labels' names, in slot order.
    let labels: [String]
    let values: [BoundValue]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(caseKey: CaseKey?, labels: [String], values: [BoundValue]) {
        self.caseKey = caseKey
        self.labels = labels
        self.values = values
    }

    /// Decodes `Route`, reporting the first label that does not convert.
    static func decode<Route: Decodable>(
        _ type: Route.Type, caseKey: CaseKey?, labels: [String], values: [BoundValue]
    ) throws(DecodeFailure) -> Route {
        try build(caseKey: caseKey, labels: labels, values: values) { try Route(from: $0) }
    }

    /// Builds a value with `run` (a type's `init(from:)`, or a closure route's build closure),
    /// reporting the first label that does not convert.
    static func build<Route>(
        caseKey: CaseKey?, labels: [String], values: [BoundValue], _ run: (RouteDecoder) throws -> Route
    ) throws(DecodeFailure) -> Route {
        let decoder = RouteDecoder(caseKey: caseKey, labels: labels, values: values)
        do {
            return try run(decoder)
        } catch let failure as DecodeFailure {
            throw failure
        } catch let error as DecodingError {
            throw .rejected(message: RouteDecoder.message(error))
        } catch {
            throw .rejected(message: "\(error)")
        }
    }

    /// The message a route's own `DecodingError` carries.
    static func message(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
             .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if caseKey != nil { return KeyedDecodingContainer(CaseLevel<Key, RouteDecoder>(owner: self)) }
        return KeyedDecodingContainer(Labels<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refusal() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refusal() }

    /// The slot of the label named `name`.
    @inline(__always)
    func slot(_ name: String) -> Int? {
        labels.firstIndex(of: name)
    }

    func labels<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(Labels<NestedKey>(decoder: self))
    }

    /// Whether label `name` bound nothing (an absent or empty value): `nil` for an optional.
    func isNil(named name: String) -> Bool {
        guard let slot = slot(name) else { return true }
        switch values[slot] {
        case .absent: return true
        case .one(let text): return text.isEmpty
        case .many(let texts): return texts.isEmpty
        case .mounted: return false
        }
    }

    /// The value label `name` bound, converted to `T` (a mounted table's route, matched now,
    /// for a ``Routable`` type): the one conversion keyed containers and closure routes share.
    func value<T: Decodable>(named name: String, as type: T.Type) throws -> T {
        guard let slot = slot(name) else {
            throw DecodeFailure.rejected(message: "no value for '\(name)'")
        }
        let view: LinkView
        do throws(TextConversion.Failure) {
            switch values[slot] {
            case .one(let text): return try TextConversion.convert(T.self, single: text)
            case .many(let texts): return try TextConversion.convert(T.self, from: texts)
            case .absent: return try TextConversion.convert(T.self, from: [])
            case .mounted(let mounted): view = mounted
            }
        } catch {
            throw DecodeFailure.label(slot, element: error.index, expected: error.expected)
        }
        return try mountedValue(T.self, named: name, slot: slot, view: view)
    }

    /// The route a mounted table reads from the rest of the link. (A function of its own: the
    /// optional it casts through would make every call of ``value(named:as:)`` look up the
    /// metadata of `T?`.)
    @inline(never)
    private func mountedValue<T>(_ type: T.Type, named name: String, slot: Int, view: LinkView) throws -> T {
        guard let routable = T.self as? any Routable.Type else {
            throw DecodeFailure.rejected(message: "'\(name)' is not a route type")
        }
        switch routable.matchMounted(view) {
        case .success(let value):
            guard let typed = value as? T else { throw DecodeFailure.rejected(message: "'\(name)'") }
            return typed
        case .failure(let error):
            throw DecodeFailure.mounted(slot, error: error)
        }
    }

    func refusal() -> any Error {
        DecodeFailure.rejected(message: "the route decodes as something other than a case or a keyed structure")
    }

    struct Labels<Key: CodingKey>: UniformKeyedDecoding {
        let decoder: RouteDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { decoder.labels.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool {
            guard let slot = decoder.slot(key.stringValue) else { return false }
            if case .absent = decoder.values[slot] { return false }
            return true
        }

        func decodeNil(forKey key: Key) throws -> Bool { decoder.isNil(named: key.stringValue) }

        func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.value(named: key.stringValue, as: T.self)
        }

        func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            if try decodeNil(forKey: key) { return nil }
            return try decodeValue(T.self, forKey: key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw decoder.refusal()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw decoder.refusal()
        }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }
}
