/// The text bound to one label by a match.
enum BoundValue: Sendable {
    /// Nothing in the link binds the label (an absent optional query item).
    case absent
    /// One value.
    case one(String)
    /// One value, an `Int` label's text read as the value it spells
    /// (``TextConversion/Standard/read(_:)``, on the plain hit path and in the matcher's
    /// evaluator alike: ``init(_:text:)``): the text is `String(value)`, which a reader that
    /// wants text sees (``text``), and an `Int`'s conversion takes without a `String`
    /// (``BoundValue/value(as:slot:named:)``).
    case int(Int)
    /// One value, a `Bool` label's text (`true` or `false`) read as ``int(_:)`` is.
    case bool(Bool)
    /// Every value of a repeated query key (a list label).
    case many([String])
    /// The rest of the link, for a label whose type is a mounted ``Routable`` table.
    indirect case mounted(LinkView)
    /// The route of a mounted ``Routable`` table that ``PlainHit`` found in the rest of a plain
    /// link, and the texts its labels bind, kept by the plain path's attempt (``MountedHits``):
    /// built when the label's value is, with no walk of the mounted table
    /// (``MountedMatcher/value(route:values:as:)``).
    case mountedHit(MountedHitReference)

    /// One text bound, by what a look at its bytes said of it (``LabelInfo/read(_:)``): the
    /// value an `Int` or `Bool` text spells, else the text, made only then. The one binding of a
    /// single text, the plain hit path's and the matcher's evaluator's.
    @inline(__always)
    init(_ reading: TextConversion.Standard.Reading, text: @autoclosure () -> String) {
        switch reading {
        case .int(let value): self = .int(value)
        case .bool(let value): self = .bool(value)
        case .refuted, .undecided: self = .one(text())
        }
    }

    /// The one text bound, `nil` for none, a list or a mount: a value read from its text is
    /// spelled again as it was.
    var text: String? {
        switch self {
        case .one(let text): return text
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .absent, .many, .mounted, .mountedHit: return nil
        }
    }
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
///
/// The decoder holds nothing: what a decode reads (``State``) lives on the stack of
/// ``decode(_:route:learned:caseLevels:values:)``, which sets it as its thread's running decode
/// (``CurrentDecoder``) for the route type's `init(from:)`, and the decoder and its containers
/// serve that one. So a decode allocates no decoder and retains nothing for it, and a container
/// a learned route keeps serves every decode. Used outside a decode (kept by an `init(from:)`
/// past its return), the decoder and its containers refuse.
struct RouteDecoder: CaseDecoding {
    /// What one decode reads: the route, what it learned and the values its match bound.
    ///
    /// Its methods are `mutating`, even those that only read: they are called through the
    /// running decode's pointer, and a `mutating` one reads the state in place where a
    /// non-mutating one is handed a copy (five retains and five releases).
    ///
    /// The route, what it learned and the table's kept case level are held unretained: the
    /// state lives on the stack of one decode, within its caller's use of each (the caller
    /// holds the route and the kept level, and the route's ``LearnedSlots`` keep what it
    /// learned), and is never stored. Retaining and releasing them cost a hit six atomic
    /// operations.
    struct State {
        /// The route whose value is decoded.
        private let route: Unmanaged<CompiledRoute>
        /// What the route learned, with its case level's keys (see ``CaseKeyList``).
        private let learned: Unmanaged<LearnedBox>?
        /// What the match bound, by label.
        let bound: BoundValues
        /// The table's kept case level, for a table of enum routes; its kept labels' container, for
        /// a table of struct routes (``KeptCaseLevels/ofStructs``).
        private let caseLevels: Unmanaged<KeptCaseLevels>?
        /// The key type of the table's kept case level, once ``container(keyedBy:)`` handed it
        /// out for this decode: the learned route keeps keys of that type and a labels'
        /// container, so the level's calls check this one identity before they read them.
        private var keptKeyType: ObjectIdentifier?
        /// The slot after the last label read by name (see ``single(_:)``).
        var nextSlot = 0

        /// The state of a decode of `route`'s value from `values`; `route` and `caseLevels` are
        /// the caller's (borrowed for the decode), `learned` the route's.
        init(
            route: CompiledRoute, learned: Unmanaged<LearnedBox>?, caseLevels: KeptCaseLevels? = nil,
            values: consuming BoundValueList
        ) {
            self.route = Unmanaged.passUnretained(route)
            self.learned = learned
            if let caseLevels { self.caseLevels = Unmanaged.passUnretained(caseLevels) } else { self.caseLevels = nil }
            self.bound = BoundValues(labels: route.labelNames, values: consume values)
        }

        /// The route's case key (`nil` for a struct route's).
        var caseKey: CaseKey? { route._withUnsafeGuaranteedRef { $0.caseKey } }

        /// The route type's top container: the table's kept case level, the case level, or
        /// the labels' container of a struct route.
        mutating func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
            // The learned route's own container, when it keeps one of this key type (the type
            // its case key stores: the condition it was made on).
            if let caseLevels, learned?._withUnsafeGuaranteedRef({ $0.keepsCaseLevel }) == true,
                route._withUnsafeGuaranteedRef({ $0.caseKey.stores(Key.self) }) {
                keptKeyType = ObjectIdentifier(Key.self)
                return caseLevels._withUnsafeGuaranteedRef { $0.level(as: Key.self) }
            }
            if route._withUnsafeGuaranteedRef({ $0.caseKey != nil }) {
                return KeyedDecodingContainer(CaseLevel<Key, RouteDecoder>(owner: RouteDecoder()))
            }
            // A struct route: its table's kept labels' container, which holds nothing.
            if let caseLevels, caseLevels._withUnsafeGuaranteedRef({ $0.ofStructs }) {
                return caseLevels._withUnsafeGuaranteedRef { $0.level(as: Key.self) }
            }
            return KeyedDecodingContainer(Labels<Key>())
        }

        /// The case-level keys the learned route keeps, for the table's kept case level: read
        /// when its case key stores a `Key` (the condition they were kept on), made otherwise.
        mutating func keptCaseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
            if keptKeyType == ObjectIdentifier(Key.self), let learned {
                return learned._withUnsafeGuaranteedRef { $0.caseKeys(as: Key.self) }
            }
            return route._withUnsafeGuaranteedRef { $0.caseKey.keys(as: Key.self) }
        }

        /// The labels' container the learned route keeps, for the table's kept case level of
        /// key type `Key`; one made for this decode when the route keeps none of that key type.
        mutating func keptLabels<Key: CodingKey, NestedKey: CodingKey>(caseKey: Key.Type, keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
            // Asked, then read: an optional container of a generic key type would have its
            // metadata looked up on every call.
            if keptKeyType == ObjectIdentifier(Key.self), let learned,
                learned._withUnsafeGuaranteedRef({ $0.keepsLabels(caseKey: Key.self, keyedBy: NestedKey.self) }) {
                return learned._withUnsafeGuaranteedRef { $0.labels(caseKey: Key.self, keyedBy: NestedKey.self) }
            }
            return KeyedDecodingContainer(Labels<NestedKey>())
        }
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var caseKey: CaseKey? { CurrentDecoder.current?.pointee.caseKey }

    /// Decodes `Route`, reporting the first label that does not convert. (Inlined into the
    /// table's build closure: one function fewer on the hit path.)
    @inline(__always)
    static func decode<Route: Decodable>(
        _ type: Route.Type, route: CompiledRoute, learned: Unmanaged<LearnedBox>?, caseLevels: KeptCaseLevels? = nil,
        values: consuming BoundValueList
    ) throws(DecodeFailure) -> Route {
        var state = State(route: route, learned: learned, caseLevels: caseLevels, values: consume values)
        // The state's pointer is lent to one closure, which sets it as the running decode's,
        // runs `init(from:)` and translates its errors: each closure more around `init(from:)`
        // cost a hit a context, a call and their code (about 400 bytes more of it run).
        return try withUnsafeMutablePointer(to: &state) { (pointer) throws(DecodeFailure) -> Route in
            let previous = CurrentDecoder.enter(pointer)
            defer { CurrentDecoder.leave(previous) }
            do {
                return try Route(from: RouteDecoder())
            } catch {
                throw failure(for: error)
            }
        }
    }

    /// Runs `build` (a closure route's build closure), translating what it throws into why the
    /// value could not be built.
    @inline(__always)
    static func translatingErrors<Route>(_ build: () throws -> Route) throws(DecodeFailure) -> Route {
        do {
            return try build()
        } catch {
            throw failure(for: error)
        }
    }

    /// Why a value could not be built, from what its `init(from:)` or build closure threw.
    static func failure(for error: any Error) -> DecodeFailure {
        if let failure = error as? DecodeFailure { return failure }
        if let error = error as? DecodingError { return .rejected(message: RouteDecoder.message(error)) }
        return .rejected(message: "\(error)")
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
        try CurrentDecoder.running.pointee.container(keyedBy: Key.self)
    }

    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        CurrentDecoder.current?.pointee.caseKey.keys(as: Key.self) ?? []
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refusal() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refusal() }

    func labels<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(Labels<NestedKey>())
    }

    /// What a kept container throws when it is used outside a decode (kept by a route type's
    /// `init(from:)` past its return).
    static var outsideDecode: DecodeFailure {
        .rejected(message: "a route's container was used after its decode returned")
    }

    func refusal() -> any Error { RouteDecoder.refusal }

    /// The decoder, for a container's `superDecoder()`: what it throws when it is used outside
    /// a decode.
    static func running() throws(DecodeFailure) -> RouteDecoder {
        _ = try CurrentDecoder.running
        return RouteDecoder()
    }

    /// What a request the route's containers cannot serve throws (synthesized code makes none).
    static var refusal: DecodeFailure {
        .rejected(message: "the route decodes as something other than a case or a keyed structure")
    }

    /// The labels' level: each decode call is one label, served its bound text converted to
    /// the label's type.
    ///
    /// It holds nothing: it serves the decode running on its thread (``CurrentDecoder``). So a
    /// learned route keeps one, and a copy of it (the standard library's container box copies
    /// it for each call) retains nothing.
    struct Labels<Key: CodingKey>: UniformKeyedDecoding {
        /// What the decode running on this thread reads.
        @inline(__always)
        var decode: UnsafeMutablePointer<State> {
            get throws(DecodeFailure) { try CurrentDecoder.running }
        }

        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { CurrentDecoder.current?.pointee.bound.labels.compactMap { Key(stringValue: $0) } ?? [] }

        func contains(_ key: Key) -> Bool { CurrentDecoder.current?.pointee.bound.binds(key.stringValue) ?? false }

        // Each label is looked for by the guess ``State/slotIfAny(of:)`` makes (the one after
        // the last read), not by comparing its name with each label's.
        func decodeNil(forKey key: Key) throws -> Bool { try decode.pointee.boundSlot(of: key.stringValue) == nil }

        func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try scalar(key) }

        /// A value of any other type (a mounted route, a raw-value enum, a list): its own,
        /// where the protocol's default would look up this generic type's conformance to
        /// ``UniformKeyedDecoding`` on each call.
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decodeValue(T.self, forKey: key)
        }

        func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optionalScalar(key) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw RouteDecoder.refusal
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw RouteDecoder.refusal
        }
        func superDecoder() throws -> any Decoder { try RouteDecoder.running() }
        func superDecoder(forKey key: Key) throws -> any Decoder { try RouteDecoder.running() }
    }
}
