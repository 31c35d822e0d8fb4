/// What RouteMatch learned about one associated value (or property) of a route by probing its
/// `Decodable` conformance: its name, its type, and how to read it from text.
struct LabelInfo: Sendable {
    /// The label (`id` in `case user(id: Int)`; `_0` for an unlabeled value).
    var name: String
    /// Whether the value is an `Optional` (decoded with `decodeIfPresent`).
    var isOptional: Bool
    /// What the value's type says, shared by every label of that type (a table of many routes
    /// repeats a few types).
    let type: LabelType

    /// A label of a type read by `checker` (of the list's element, for a list), which names it.
    init(
        name: String, isOptional: Bool, isList: Bool, sample: String, checker: any TextChecking,
        standard: TextConversion.Standard? = nil, mount: Mount? = nil
    ) {
        self.name = name
        self.isOptional = isOptional
        self.type = LabelType(isList: isList, sample: sample, checker: checker, standard: standard, mount: mount)
    }

    /// The type as diagnostics name it: `Int`, `Tab (home, settings)`, `[Int]`.
    var typeName: String { type.name }
    /// Whether the value is a list (every value of a repeated query key).
    var isList: Bool { type.isList }
    /// A text that converts, for the example link a diagnostic suggests.
    var sample: String { type.sample }
    /// Checks that one text (one element, for a list) converts to the type.
    var checker: any TextChecking { type.checker }
    /// For a value that is itself a ``Routable`` type: the routes mounted under the label's
    /// `${name...}`.
    var mount: Mount? { type.mount }
    /// Whether the value is one text: neither a list nor a mounted table.
    var isSingle: Bool { !type.isList && type.mount == nil }

    /// The failure converting `text` (one element, for a list), or `nil` when it converts: said
    /// without converting when its bytes decide it (``read(_:)``), refuted or read as the
    /// value they spell.
    func check(_ text: String) -> TextConversion.Failure? {
        check(text, reading: read(text))
    }

    /// ``check(_:)``, with what a look at the text's bytes said of it (``read(_:)``) already
    /// asked.
    func check(_ text: String, reading: TextConversion.Standard.Reading) -> TextConversion.Failure? {
        if let standard = type.standard {
            switch reading {
            case .refuted: return TextConversion.Failure(expected: standard.valueType)
            case .int, .bool: return nil
            case .undecided: break
            }
        }
        return type.checker.check(text)
    }

    /// What a look at one text's bytes says of it for the label's type
    /// (``TextConversion/Standard/read(_:)``): undecided for a list and a type not a standard
    /// scalar.
    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>) -> TextConversion.Standard.Reading {
        guard let standard = type.standard else { return .undecided }
        return standard.read(text)
    }

    /// What a look at the bytes of `text` says of it (see ``read(_:)``).
    func read(_ text: String) -> TextConversion.Standard.Reading {
        ByteText.withUTF8(of: text) { read($0) }
    }
}

/// What a label's type says: whether it is a list, a sample text, how to check a text (and
/// so its name), and the routes it mounts.
final class LabelType: Sendable {
    let isList: Bool
    let sample: String
    let checker: any TextChecking
    /// The standard scalar a single value is (`nil` for another type, and for a list, whose
    /// `LabelInfo` is made without one): what ``LabelInfo/read(_:)`` looks
    /// at.
    let standard: TextConversion.Standard?
    let mount: Mount?

    init(isList: Bool, sample: String, checker: any TextChecking, standard: TextConversion.Standard?, mount: Mount?) {
        (self.isList, self.sample, self.checker, self.mount) = (isList, sample, checker, mount)
        self.standard = standard
    }

    /// The type as diagnostics name it (``LabelInfo/typeName``), written when asked: only a
    /// definition problem and a route listing name a label's type. Not written when the type
    /// is probed: for a type of the app's own, the name asks the runtime whether the type is
    /// `CaseIterable` (to list its cases), a scan of every conformance record of the process
    /// the first time, a question a `LosslessStringConvertible` type's probe does not need.
    var name: String {
        isList ? "[\(checker.typeName)]" : checker.typeName
    }
}

/// Converts text to one type, to check it.
protocol TextChecking: Sendable {
    func check(_ text: String) -> TextConversion.Failure?
    /// The type as diagnostics name it (``TextConversion/describe(_:)``).
    var typeName: String { get }
}

/// Accepts every text: a mounted table judges its own.
struct AcceptsAnyText: TextChecking {
    /// The name of the type (a mounted route type), as the label's type is named.
    let typeName: String

    func check(_ text: String) -> TextConversion.Failure? { nil }
}

/// The routes of a ``Routable`` type mounted under a label: its table, compiled relative to the
/// path where it is mounted.
struct Mount: @unchecked Sendable {
    // Unchecked: a metatype, immutable.
    let type: any Routable.Type

    /// The mounted table (built once per type and shared).
    var table: RouteTable { type.mountedTable }
}

/// The ``TextChecking`` for a type `T`; it stores nothing, so it is `Sendable` whatever `T` is.
struct TextChecker<T: Decodable>: TextChecking {
    var typeName: String { TextConversion.describe(T.self) }

    func check(_ text: String) -> TextConversion.Failure? {
        // Through the throwing conversion: a `Result<T, …>` would be looked up, twice a check.
        do throws(TextConversion.Failure) {
            _ = try TextConversion.convert(T.self, single: text)
            return nil
        } catch {
            return error
        }
    }
}

/// The result of probing one label's type: a sample value and what was learned of the type.
///
/// The sample is held as `Any`, so that one result type serves every probed type: a generic
/// result (and a `Result` of it) would have the runtime build a type for each label's type on
/// a table's first use. The sample is always of the type it was probed as.
struct ProbedValue {
    var value: Any
    var info: LabelInfo
}

/// Stops a probe's decoding: the type asked for something RouteMatch cannot serve it.
struct ProbeStop: Error {}

/// Learns a label's type by making a sample value of it.
enum ValueProbe {
    /// Sample texts for types RouteMatch reads directly, tried in order for a
    /// `LosslessStringConvertible` type of the user's own.
    static let sampleTexts = ["42", "text", "true", "1.5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "a", ""]

    /// What probing a type found, kept per type: tables of many routes repeat a few types,
    /// and a table is built again with the same ones (a ``Router`` built per test, say). An
    /// object, as ``IdentityTable`` keeps.
    private final class Known {
        enum Outcome {
            case probed(value: Any, info: LabelInfo)
            case refused(RouteMatchError.TypeProblem)
        }

        let outcome: Outcome
        init(_ outcome: Outcome) { self.outcome = outcome }
    }

    private static let known = StaticLocked(IdentityTable())

    /// Why a type cannot be probed.
    ///
    /// Thrown (typed), never returned in a `Result`: a `Result` of concrete types is reached
    /// through a mangled name, and the runtime checks its error type's conformance to `Error`
    /// by scanning every conformance record of the process, on a table's first use.
    typealias Refusal = Refused<RouteMatchError.TypeProblem>

    /// A sample value of `T` and what a label of that type reads, learned once per type.
    ///
    /// - Throws: Why `T` cannot be read from a link's text.
    static func probe<T: Decodable>(_ type: T.Type, label: String, isOptional: Bool) throws(Refusal) -> ProbedValue {
        let id = ObjectIdentifier(T.self)
        if let found = known.withLock({ $0[id] }) {
            switch unsafeDowncast(found, to: Known.self).outcome {
            case .probed(let value, var info):
                (info.name, info.isOptional) = (label, isOptional)
                return ProbedValue(value: value, info: info)
            case .refused(let problem):
                throw Refused(problem)
            }
        }
        // One question of the runtime for both ways a type declares how it is read (a route
        // type, a sample of its own): a first question of a type scans every conformance record
        // of the process. Not asked at all for a standard scalar or an array, which declare
        // neither.
        let standard = TextConversion.isStandardScalar(T.self)
        let array = !standard && TextConversion.isArray(T.self)
        let declaring = standard || array ? nil : T.self as? any _RouteLabelDeclaring.Type
        let routable = declaring?._mountedRoutes
        let declared = Declared(routable: routable, sample: declaring?._declaredSample)
        // A route type's sample depends on the mounts under way (its recursion guard): not kept.
        do throws(Refusal) {
            let probed = try array
                ? probeDecoding(T.self, label: label, isOptional: isOptional)
                : probeAnew(T.self, standard: standard, declared: declared, label: label, isOptional: isOptional)
            if routable == nil { known.withLock { $0.set(Known(.probed(value: probed.value, info: probed.info)), for: id) } }
            return probed
        } catch {
            if routable == nil { known.withLock { $0.set(Known(.refused(error.why)), for: id) } }
            throw error
        }
    }

    /// What a type declares of how it is read (``_RouteLabelDeclaring``): the route type it is,
    /// or the sample text it gives.
    private struct Declared {
        var routable: (any Routable.Type)?
        var sample: String?
    }

    /// Probes `T`; `standard` says whether it is a standard scalar, `declared` what it declares
    /// (both asked once, by the caller).
    private static func probeAnew<T: Decodable>(
        _ type: T.Type, standard: Bool, declared: Declared, label: String, isOptional: Bool
    ) throws(Refusal) -> ProbedValue {
        // The standard scalars are known by identity: no conformance is looked up for them.
        if !standard {
            if let found = try probeDeclared(T.self, declared, label: label, isOptional: isOptional) { return found }
        }
        // Scalars: String, Bool, integers, floating point, UUID, LosslessStringConvertible. The
        // first sample says whether `T` is one (whether a type is a scalar does not depend on
        // the text), so no conversion is made only to ask.
        var isScalar = false
        for text in preferredSamples(T.self) {
            do throws(TextConversion.ScalarMiss) {
                let value = try TextConversion.scalar(T.self, text)
                return ProbedValue(value: value, info: info(T.self, label, isOptional, isList: false, sample: text))
            } catch {
                guard case .failed = error else { break }
                isScalar = true
            }
        }
        if isScalar { throw Refusal(.noSampleValue) }
        if let found = rawValueSample(T.self, label: label, isOptional: isOptional) { return found }
        return try probeDecoding(T.self, label: label, isOptional: isOptional)
    }

    /// Probes a list or another type that decodes itself from text, by decoding it from
    /// ``ProbeTextDecoder``, which serves sample texts and says what the type asked for. An
    /// array comes here directly (``TextConversion/isArray(_:)``): it is no scalar, no raw-value
    /// type and declares nothing, and asking the runtime so would scan every conformance record
    /// of the process three times for each array type.
    private static func probeDecoding<T: Decodable>(
        _ type: T.Type, label: String, isOptional: Bool
    ) throws(Refusal) -> ProbedValue {
        let decoder = ProbeTextDecoder()
        let value: T
        do {
            value = try T(from: decoder)
        } catch {
            throw Refusal(decoder.sawKeyed || decoder.nestedList ? .notTextual : .noSampleValue)
        }
        if decoder.sawKeyed { throw Refusal(.notTextual) }
        if let element = decoder.element {
            let listInfo = LabelInfo(
                name: label, isOptional: isOptional, isList: true,
                sample: element.sample, checker: element.checker)
            return ProbedValue(value: value, info: listInfo)
        }
        let sample = decoder.sample ?? ""
        return ProbedValue(value: value, info: info(T.self, label, isOptional, isList: false, sample: sample))
    }

    /// A sample of a raw-value enum: its first case (all-zero bits, ``firstCase(_:)``), or for
    /// one not read that way its first listed case; `nil` for another type. The first case is
    /// tried first: it asks the runtime one question (`RawRepresentable`), where listing the
    /// cases asks two (`CaseIterable`, then `RawRepresentable` of a case), each a scan of
    /// every conformance record of the process the first time for the type. A payload-free
    /// enum's first case is the first that its synthesized `allCases` lists. A function of its
    /// own: in the probe, the `Result` of `T` it converts through was looked up for every type
    /// a table's first use probes (an integer's, say), some 6,000 instructions (by callgrind).
    @inline(never)
    private static func rawValueSample<T: Decodable>(_ type: T.Type, label: String, isOptional: Bool) -> ProbedValue? {
        // Small payload-free raw-value enums: their first case.
        if let value = firstCase(T.self), let representable = value as? any RawRepresentable {
            let text = TextConversion.rawText(of: representable)
            if case .success(let checked) = TextConversion.value(T.self, single: text) {
                return ProbedValue(value: checked, info: info(T.self, label, isOptional, isList: false, sample: text))
            }
        }
        // Other raw-value types that list their values.
        if let cases = TextConversion.allRawValues(T.self), let first = cases.first,
            case .success(let value) = TextConversion.value(T.self, single: first) {
            return ProbedValue(value: value, info: info(T.self, label, isOptional, isList: false, sample: first))
        }
        return nil
    }

    /// The first case of a small, payload-free raw-value enum: such an enum is stored as its
    /// case's index in one or two bytes, so all-zero bits are its first case. Only trivially
    /// copyable `RawRepresentable` types of that size are read this way (the runtime is asked
    /// whether the type is `RawRepresentable` only for such a size); the caller converts the
    /// raw value back to check it.
    private static func firstCase<T>(_ type: T.Type) -> T? {
        guard _isPOD(T.self), MemoryLayout<T>.size <= 2, T.self is any RawRepresentable.Type else { return nil }
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: max(MemoryLayout<T>.size, 1), alignment: MemoryLayout<T>.alignment)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(MemoryLayout<T>.size, 1))
        return storage.load(as: T.self)
    }

    private static func preferredSamples<T>(_ type: T.Type) -> [String] {
        if T.self == String.self { return ["text"] }
        if T.self == Bool.self { return ["true"] }
        if T.self == Double.self || T.self == Float.self { return ["1.5"] }
        return sampleTexts
    }

    /// Probes a type that says how it is read: a ``Routable`` type (routes mounted under the
    /// label's rest capture) or a ``RouteSampleProviding`` one; `nil` for another type.
    private static func probeDeclared<T: Decodable>(
        _ type: T.Type, _ declared: Declared, label: String, isOptional: Bool
    ) throws(Refusal) -> ProbedValue? {
        // Routes of their own: mounted under the label's rest capture.
        if let routable = declared.routable {
            // Cast in a `switch` (no `T?`, see ``ConstantRoute/init(sample:)``).
            switch routable.sampleRoute() {
            case let value as T:
                let info = LabelInfo(
                    name: label, isOptional: isOptional, isList: false, sample: "",
                    checker: AcceptsAnyText(typeName: "\(T.self)"), mount: Mount(type: routable))
                return ProbedValue(value: value, info: info)
            default: throw Refusal(.noSampleValue)
            }
        }
        // A sample the type gives itself.
        if let sample = declared.sample {
            guard case .success(let value) = TextConversion.value(T.self, single: sample) else {
                throw Refusal(.sampleDoesNotConvert(sample))
            }
            return ProbedValue(value: value, info: info(T.self, label, isOptional, isList: false, sample: sample))
        }
        return nil
    }

    private static func info<T: Decodable>(
        _ type: T.Type, _ label: String, _ isOptional: Bool, isList: Bool, sample: String
    ) -> LabelInfo {
        LabelInfo(
            name: label, isOptional: isOptional, isList: isList,
            sample: sample, checker: TextChecker<T>(), standard: TextConversion.Standard.of(T.self))
    }
}

/// The decoder a probe hands to a type that decodes itself: it records whether the type asks
/// for a list, a single value or a keyed structure, and serves sample values.
final class ProbeTextDecoder: Decoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var sawKeyed = false
    var nestedList = false
    var element: LabelInfo?
    var sample: String?
    private var depth = 0

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        sawKeyed = true
        throw ProbeStop()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard depth == 0 else {
            nestedList = true
            throw ProbeStop()
        }
        depth += 1
        return Elements(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// Probes `T`, a single value's or a list element's type: a refusal stops the decode,
    /// and one because `T` is not textual says the decoded type is keyed.
    fileprivate func probe<T: Decodable>(_ type: T.Type) throws -> ProbedValue {
        do throws(ValueProbe.Refusal) {
            return try ValueProbe.probe(T.self, label: "", isOptional: false)
        } catch {
            if error.why == .notTextual { sawKeyed = true }
            throw ProbeStop()
        }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ProbeTextDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let probed = try decoder.probe(T.self)
            // Cast in a `switch` (no `T?`, see ``ConstantRoute/init(sample:)``).
            switch probed.value {
            case let value as T:
                decoder.sample = probed.info.sample
                return value
            default: throw ProbeStop()
            }
        }
    }

    struct Elements: UnkeyedDecodingContainer {
        let decoder: ProbeTextDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 1 }
        var isAtEnd: Bool { currentIndex >= 1 }
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            let probed = try decoder.probe(T.self)
            if probed.info.isList {
                decoder.nestedList = true
                throw ProbeStop()
            }
            // Cast in a `switch` (no `T?`, see ``ConstantRoute/init(sample:)``).
            switch probed.value {
            case let value as T:
                decoder.element = probed.info
                return value
            default: throw ProbeStop()
            }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            decoder.sawKeyed = true
            throw ProbeStop()
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            decoder.nestedList = true
            throw ProbeStop()
        }
        mutating func superDecoder() throws -> any Decoder {
            decoder.sawKeyed = true
            throw ProbeStop()
        }
    }
}
