/// What stopped a probe of a route's type.
enum ProbeProblem: Sendable {
    /// A label whose type cannot be read from text, or has no sample.
    case label(String, type: String, RouteMatchError.TypeProblem)
    /// The route type's own `init(from:)` refused the samples.
    case samplesRejected(type: String, message: String)
}

/// Learns a route's labels, their types and which are optional, by running the route type's
/// own `init(from:)` once against a decoder that serves sample values.
///
/// For an enum, the decoder presents one case key (the pattern); the synthesized conformance
/// then opens that case's nested container and decodes each associated value in declaration
/// order. For a struct, the properties are decoded from the top-level container.
final class ShapeProbe: CaseDecoding {
    /// What the probe learned.
    struct Shape {
        var labels: [LabelInfo] = []
        /// The synthesized per-case key type (`UserPostsCodingKeys`), for enums: what names
        /// the case (its name is read when asked, ``RouteName``).
        var caseKeyType: Any.Type?
        /// What stopped the probe.
        var problem: ProbeProblem?
        /// The sample value, when the probe made one.
        var sample = Sample.none
        /// The case level's keys, as the type's `init(from:)` asked for them (enums only;
        /// ``CaseKeyList/empty`` otherwise).
        var caseKeys: CaseKeyList = .empty
    }

    /// The sample value a probe made, if any. (Its own type, not `Any?`: destroying an optional
    /// `Any` had the runtime build `Optional<Any>`'s type from its mangled name on a process's
    /// first probe, some 6,600 instructions.)
    enum Sample {
        case none
        case made(Any)
    }

    let caseKey: CaseKey?
    var shape = Shape()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private init(caseKey: CaseKey?) { self.caseKey = caseKey }

    /// Probes `Route` for the case whose coding key is `caseKey` (or, with `nil`, a struct).
    static func probe<Route: Decodable>(_ type: Route.Type, caseKey: CaseKey?) -> Shape {
        probe(named: "\(Route.self)", caseKey: caseKey) { try Route(from: $0) }
    }

    /// Probes whatever `run` decodes from the probe: a type's `init(from:)`, or a closure
    /// route's build closure. `name` names the route in a `samplesRejected` problem, and is
    /// made only for one (a type's name asks the runtime to demangle it).
    static func probe(named name: @autoclosure () -> String, caseKey: CaseKey? = nil, _ run: (ShapeProbe) throws -> Any) -> Shape {
        let probe = ShapeProbe(caseKey: caseKey)
        do {
            probe.shape.sample = .made(try run(probe))
        } catch {
            // No label stopped the probe: the type's own `init(from:)` refused the samples.
            if probe.shape.problem == nil {
                probe.shape.problem = .samplesRejected(type: name(), message: message(of: error))
            }
        }
        return probe.shape
    }

    /// What `error`, thrown by a type's own `init(from:)`, says. (Out of line: written in the
    /// probe, its `DecodingError?` made the runtime build that type on every process's first
    /// probe, to size the probe's frame.)
    @inline(never)
    private static func message(of error: any Error) -> String {
        (error as? DecodingError).map(RouteDecoder.message) ?? "\(error)"
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if caseKey != nil { return KeyedDecodingContainer(CaseLevel<Key, ShapeProbe>(owner: self)) }
        return KeyedDecodingContainer(Labels<Key>(probe: self))
    }

    func caseKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        // Kept for the route's decodes, which then read the same array.
        guard let kept = caseKey.keptKeys(as: Key.self) else { return caseKey.keys(as: Key.self) }
        shape.caseKeys = kept
        return kept.keys(as: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ProbeStop()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw ProbeStop()
    }

    func labels<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        shape.caseKeyType = NestedKey.self
        shape.caseKeys = shape.caseKeys.opened(NestedKey.self)
        return KeyedDecodingContainer(Labels<NestedKey>(probe: self))
    }

    func refusal() -> any Error { ProbeStop() }

    /// Learns label `label` of type `T`: its sample value, or the problem that stops the probe.
    /// What each decode call of the labels' level does, and what a closure route's captures ask
    /// directly (no keyed container of a key type: its first instance would have the runtime
    /// check the key type's `CodingKey` conformance).
    func record<T: Decodable>(_ type: T.Type, label: String, isOptional: Bool) throws -> T {
        let probed: ProbedValue
        do throws(ValueProbe.Refusal) {
            probed = try ValueProbe.probe(T.self, label: label, isOptional: isOptional)
        } catch {
            shape.problem = .label(label, type: "\(T.self)", error.why)
            throw ProbeStop()
        }
        // The sample is of the type it was probed as (``ProbedValue``). Cast in a `switch`, as
        // ``ConstantRoute/init(sample:)`` is: no `T?` (a type the runtime would build).
        switch probed.value {
        case let value as T:
            shape.labels.append(probed.info)
            return value
        default:
            shape.problem = .label(label, type: "\(T.self)", .noSampleValue)
            throw ProbeStop()
        }
    }

    /// The labels' level: each decode call is one label.
    struct Labels<Key: CodingKey>: UniformKeyedDecoding {
        let probe: ShapeProbe
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try record(T.self, key, isOptional: false)
        }

        func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try record(T.self, key, isOptional: true)
        }

        private func record<T: Decodable>(_ type: T.Type, _ key: Key, isOptional: Bool) throws -> T {
            try probe.record(T.self, label: key.stringValue, isOptional: isOptional)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            probe.shape.problem = .label(key.stringValue, type: "\(NestedKey.self)", .notTextual)
            throw ProbeStop()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            probe.shape.problem = .label(key.stringValue, type: "list", .notTextual)
            throw ProbeStop()
        }
        func superDecoder() throws -> any Decoder { probe }
        func superDecoder(forKey key: Key) throws -> any Decoder { probe }
    }
}
