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
    /// The route whose value is decoded: held, where copying its case key and label names out
    /// cost a retain of each and an outlined copy of the optional key on every hit.
    let route: CompiledRoute
    var caseKey: CaseKey? { route.caseKey }
    /// What the route learned, with its case level's keys (see ``CaseKeyList``).
    let learned: LearnedBox?
    /// What the match bound, by label.
    let bound: BoundValues
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(route: CompiledRoute, learned: LearnedBox?, values: consuming BoundValueList) {
        self.route = route
        self.learned = learned
        self.bound = BoundValues(labels: route.labelNames, values: consume values)
    }

    /// Decodes `Route`, reporting the first label that does not convert.
    static func decode<Route: Decodable>(
        _ type: Route.Type, route: CompiledRoute, learned: LearnedBox?, values: consuming BoundValueList
    ) throws(DecodeFailure) -> Route {
        // Made before the closure, which would otherwise copy the values it captures.
        let decoder = RouteDecoder(route: route, learned: learned, values: consume values)
        return try translatingErrors { try Route(from: decoder) }
    }

    /// Runs `build` (a type's `init(from:)` or a closure route's build closure), translating
    /// what it throws into why the value could not be built.
    @inline(__always)
    static func translatingErrors<Route>(_ build: () throws -> Route) throws(DecodeFailure) -> Route {
        do {
            return try build()
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
        if route.caseKey != nil { return KeyedDecodingContainer(CaseLevel<Key, RouteDecoder>(owner: self)) }
        return KeyedDecodingContainer(Labels<Key>(decoder: self))
    }

    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        route.caseKey.keys(as: Key.self, kept: learned)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refusal() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refusal() }

    func labels<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(Labels<NestedKey>(decoder: self))
    }

    func refusal() -> any Error {
        DecodeFailure.rejected(message: "the route decodes as something other than a case or a keyed structure")
    }

    struct Labels<Key: CodingKey>: UniformKeyedDecoding {
        let decoder: RouteDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { decoder.bound.labels.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { decoder.bound.binds(key.stringValue) }

        func decodeNil(forKey key: Key) throws -> Bool { decoder.bound.isNil(named: key.stringValue) }

        func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.bound.value(named: key.stringValue, as: T.self)
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
