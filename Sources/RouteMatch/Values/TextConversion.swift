#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Converts link text to a label's Swift type and back, by that type alone.
///
/// The rules, in order: `String`; `Bool` (exactly `true` or `false`); every integer type
/// (overflow reported with the type's range); `Double` and `Float` (as their
/// `init?(_: String)` reads them); `UUID`; any `LosslessStringConvertible`; and otherwise the
/// type's own `Decodable` conformance over a single text value (raw-value enums) or a list of
/// them (arrays, whatever conformances an app adds to `Array`).
enum TextConversion {
    /// A value that does not convert: what was expected, and the index of the bad element
    /// within a list.
    struct Failure: Error, Equatable {
        var expected: ValueType
        var index: Int = 0

        init(expected: ValueType, index: Int = 0) {
            self.expected = expected
            self.index = index
        }

        /// A failure to convert to `T`.
        init<T>(_ type: T.Type, index: Int = 0) {
            self.init(expected: .of(T.self), index: index)
        }
    }

    /// Converts one text to `T`: the probe's spelling. (A match converts through
    /// ``convert(_:single:)``, which wraps `T` in no `Result`, a lookup of generic metadata.)
    static func value<T: Decodable>(_ type: T.Type, single text: String) -> Result<T, Failure> {
        do throws(Failure) {
            return .success(try convert(T.self, single: text))
        } catch {
            return .failure(error)
        }
    }

    /// Converts one text to `T`, throwing what was expected. The hit path's spelling: it wraps
    /// `T` in no `Result` or `Optional`, whose generic metadata a call would look up.
    static func convert<T: Decodable>(_ type: T.Type, single text: String) throws(Failure) -> T {
        do throws(ScalarMiss) {
            return try scalar(T.self, text)
        } catch {
            switch error {
            case .notScalar: return try convert(T.self, from: [text])
            case .failed(let failure): throw failure
            }
        }
    }

    /// Converts `texts` (every value of a repeated query key) to `T` through its `Decodable`,
    /// throwing what was expected.
    static func convert<T: Decodable>(_ type: T.Type, from texts: [String]) throws(Failure) -> T {
        // The texts themselves: a rest's segments, a repeated key's values, taken as they are.
        // (Through `Array`'s `init(from:)`, each was decoded apart into an array grown one
        // element at a time, 2,400 instructions a segment of a rest.)
        if T.self == [String].self { return unsafeBitCast(texts, to: T.self) }
        do {
            return try T(from: TextDecoder(texts: texts))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(T.self)
        }
    }

    /// Why ``scalar(_:_:)`` read no value: `T` is not a type it reads itself, or the text does
    /// not convert.
    enum ScalarMiss: Error {
        case notScalar
        case failed(Failure)
    }

    /// Whether `T` is one of the standard scalars or `UUID`, which RouteMatch reads itself:
    /// known by identity, without asking the runtime which protocols `T` conforms to (a first
    /// such question scans every conformance of the process) and without converting anything.
    @inline(__always)
    static func isStandardScalar<T>(_ type: T.Type) -> Bool {
        Standard.of(T.self) != nil
    }

    /// Whether `T` is an `Array`, read as a list of its elements: known by the name the runtime
    /// writes for the type (`Swift.Array<…>`; no other module's type can take that name), which
    /// asks no conformance. An app's conformances added to `Array` (`LosslessStringConvertible`,
    /// say) are not asked for: an array label is always a list.
    static func isArray<T>(_ type: T.Type) -> Bool {
        _typeName(T.self, qualified: true).utf8.starts(with: "Swift.Array<".utf8)
    }

    /// Converts one text to a scalar type: the standard scalars, `UUID` and any
    /// `LosslessStringConvertible` type (the one list of them).
    ///
    /// - Throws: ``ScalarMiss/notScalar`` when `T` is not one, ``ScalarMiss/failed(_:)`` when
    ///   the text does not convert. Thrown, typed, not returned: a `Result` of `T` (and an
    ///   optional of it) had the runtime build their types for each type a table's first use
    ///   probes, some 13,000 instructions for the first (by callgrind).
    static func scalar<T>(_ type: T.Type, _ text: String) throws(ScalarMiss) -> T {
        do throws(ScalarMiss) {
            return try standardScalar(T.self, text)
        } catch {
            guard case .notScalar = error else { throw error }
        }
        return try losslessScalar(T.self, text)
    }

    /// Converts one text to a `LosslessStringConvertible` type of the user's own. (A function
    /// of its own: the optional it casts through would make every conversion look up the
    /// metadata of `T?`.)
    @inline(never)
    private static func losslessScalar<T>(_ type: T.Type, _ text: String) throws(ScalarMiss) -> T {
        guard let lossless = T.self as? any LosslessStringConvertible.Type else { throw .notScalar }
        guard let value = lossless.init(text) as? T else { throw .failed(Failure(T.self)) }
        return value
    }

    /// The standard scalars and `UUID`: the types RouteMatch reads itself, known by identity.
    /// This is the one list of them.
    enum Standard {
        case string, int, bool, double, uuid, int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8, float

        /// Which standard scalar `T` is, by comparing metatypes; `nil` for another type.
        static func of<T>(_ type: T.Type) -> Standard? {
            if T.self == String.self { return .string }
            if T.self == Int.self { return .int }
            if T.self == Bool.self { return .bool }
            if T.self == Double.self { return .double }
            if T.self == UUID.self { return .uuid }
            if T.self == Int64.self { return .int64 }
            if T.self == Int32.self { return .int32 }
            if T.self == Int16.self { return .int16 }
            if T.self == Int8.self { return .int8 }
            if T.self == UInt.self { return .uint }
            if T.self == UInt64.self { return .uint64 }
            if T.self == UInt32.self { return .uint32 }
            if T.self == UInt16.self { return .uint16 }
            if T.self == UInt8.self { return .uint8 }
            if T.self == Float.self { return .float }
            return nil
        }

        /// The text `value` renders as: its `description` (`uuidString` for a `UUID`). `T` is
        /// this scalar's type, as ``of(_:)`` found it: the value is bit cast to it.
        func text<T>(of value: T) -> String {
            switch self {
            case .string: return TextConversion.cast(value) as String
            case .int: return (TextConversion.cast(value) as Int).description
            case .bool: return (TextConversion.cast(value) as Bool).description
            case .double: return (TextConversion.cast(value) as Double).description
            case .uuid: return (TextConversion.cast(value) as UUID).uuidString
            case .int64: return (TextConversion.cast(value) as Int64).description
            case .int32: return (TextConversion.cast(value) as Int32).description
            case .int16: return (TextConversion.cast(value) as Int16).description
            case .int8: return (TextConversion.cast(value) as Int8).description
            case .uint: return (TextConversion.cast(value) as UInt).description
            case .uint64: return (TextConversion.cast(value) as UInt64).description
            case .uint32: return (TextConversion.cast(value) as UInt32).description
            case .uint16: return (TextConversion.cast(value) as UInt16).description
            case .uint8: return (TextConversion.cast(value) as UInt8).description
            case .float: return (TextConversion.cast(value) as Float).description
            }
        }

        /// The type's name, as `"\(T.self)"` spells it: written here, so that naming a
        /// standard scalar asks the runtime nothing.
        var name: String {
            switch self {
            case .string: return "String"
            case .int: return "Int"
            case .bool: return "Bool"
            case .double: return "Double"
            case .uuid: return "UUID"
            case .int64: return "Int64"
            case .int32: return "Int32"
            case .int16: return "Int16"
            case .int8: return "Int8"
            case .uint: return "UInt"
            case .uint64: return "UInt64"
            case .uint32: return "UInt32"
            case .uint16: return "UInt16"
            case .uint8: return "UInt8"
            case .float: return "Float"
            }
        }

        /// The value type a reason names: ``RouteMatchError/ValueType/of(_:)`` of the type.
        var valueType: RouteMatchError.ValueType {
            RouteMatchError.ValueType(name: name, integerRange: integerRange)
        }

        /// The range of an integer type; `nil` for the others.
        var integerRange: RouteMatchError.IntegerRange? {
            switch self {
            case .int: return RouteMatchError.IntegerRange(of: Int.self)
            case .int64: return RouteMatchError.IntegerRange(of: Int64.self)
            case .int32: return RouteMatchError.IntegerRange(of: Int32.self)
            case .int16: return RouteMatchError.IntegerRange(of: Int16.self)
            case .int8: return RouteMatchError.IntegerRange(of: Int8.self)
            case .uint: return RouteMatchError.IntegerRange(of: UInt.self)
            case .uint64: return RouteMatchError.IntegerRange(of: UInt64.self)
            case .uint32: return RouteMatchError.IntegerRange(of: UInt32.self)
            case .uint16: return RouteMatchError.IntegerRange(of: UInt16.self)
            case .uint8: return RouteMatchError.IntegerRange(of: UInt8.self)
            case .string, .bool, .double, .uuid, .float: return nil
            }
        }

        /// What a look at one text's bytes says of it for this type.
        enum Reading {
            /// The text surely does not convert: a Boolean that is neither `true` nor `false`,
            /// an integer with a byte other than a digit after its sign (or a sign alone). A
            /// match does not build a route whose text its type refutes: a failed build costs
            /// about what a hit does (a route type's `init(from:)` runs until the value that
            /// throws).
            case refuted
            /// An `Int` whose canonical spelling the text is: `String(value)` spells it again.
            case int(Int)
            /// A `Bool`: the text is `true` or `false`.
            case bool(Bool)
            /// The conversion decides.
            case undecided
        }

        /// Reads `text` (its UTF-8 bytes) for this type by a look at its bytes alone: refuted
        /// as ``Reading/refuted`` says (an integer out of range and an empty text, an optional's
        /// `nil`, are the conversion's); for an `Int` written as `String(value)` writes it (an
        /// optional `-`, then `0` or at most 18 digits with no leading zero: no `+`, no `-0`,
        /// no overflow possible) and for a `Bool`, its value; else undecided.
        ///
        /// The plain hit path and the matcher bind the value it reads (``BoundValue/int(_:)``,
        /// ``BoundValue/bool(_:)``), which the decoder takes without making a `String` and
        /// parsing it; the one rule says both what is refuted and what is read.
        @inline(__always)
        func read(_ text: UnsafeBufferPointer<UInt8>) -> Reading {
            let count = text.count
            guard count > 0 else { return .undecided }
            switch self {
            case .bool:
                // `true` or `false`, read as a word (little-endian).
                guard count == 4 || count == 5 else { return .refuted }
                var word: UInt64 = 0
                for index in 0..<count { word |= UInt64(text[index]) &<< UInt64(index &* 8) }
                if word == 0x65_7572_74 { return .bool(true) }
                if word == 0x65_736C_6166 { return .bool(false) }
                return .refuted
            case .int, .int64, .int32, .int16, .int8, .uint, .uint64, .uint32, .uint16, .uint8:
                let negative = text[0] == UInt8(ascii: "-")
                let digits = negative || text[0] == UInt8(ascii: "+") ? 1 : 0
                guard digits < count else { return .refuted }
                var value = 0
                for index in digits..<count {
                    let digit = text[index] &- UInt8(ascii: "0")
                    if digit >= 10 { return .refuted }
                    value = value &* 10 &+ Int(digit)
                }
                // Only a text `String(value)` spells again: past 18 digits the value may have
                // wrapped, and the others are the conversion's.
                let length = count - digits
                guard self == .int, text[0] != UInt8(ascii: "+"), length <= 18,
                    text[digits] != UInt8(ascii: "0") || (length == 1 && !negative)
                else { return .undecided }
                return .int(negative ? -value : value)
            case .string, .double, .uuid, .float:
                return .undecided
            }
        }
    }

    /// Converts one text to a standard scalar or `UUID`, or throws `notScalar` for another type.
    private static func standardScalar<T>(_ type: T.Type, _ text: String) throws(ScalarMiss) -> T {
        guard let standard = Standard.of(T.self) else { throw .notScalar }
        do throws(Failure) {
            switch standard {
            case .string: return cast(text)
            case .int: return cast(try integer(Int.self, text))
            case .bool: return cast(try parsed(Bool.self, text))
            case .double: return cast(try parsed(Double.self, text))
            case .uuid:
                guard let value = UUID(uuidString: text) else { throw Failure(UUID.self) }
                return cast(value)
            case .int64: return cast(try integer(Int64.self, text))
            case .int32: return cast(try integer(Int32.self, text))
            case .int16: return cast(try integer(Int16.self, text))
            case .int8: return cast(try integer(Int8.self, text))
            case .uint: return cast(try integer(UInt.self, text))
            case .uint64: return cast(try integer(UInt64.self, text))
            case .uint32: return cast(try integer(UInt32.self, text))
            case .uint16: return cast(try integer(UInt16.self, text))
            case .uint8: return cast(try integer(UInt8.self, text))
            case .float: return cast(try parsed(Float.self, text))
            }
        } catch {
            throw .failed(error)
        }
    }

    @inline(__always)
    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ text: String) throws(Failure) -> I {
        guard let value = I(text) else { throw Failure(I.self) }
        return value
    }

    /// Reads a floating-point or Boolean value, naming the type on failure.
    @inline(__always)
    static func parsed<T: LosslessStringConvertible>(_ type: T.Type, _ text: String) throws(Failure) -> T {
        guard let value = T(text) else { throw Failure(T.self) }
        return value
    }

    /// Returns `value` as `T`, which the caller has checked is `V`: a bit cast, not a dynamic one.
    @inline(__always)
    private static func cast<T, V>(_ value: V) -> T {
        unsafeBitCast(value, to: T.self)
    }

    /// The type's name as diagnostics show it; a `CaseIterable` raw-value enum lists its values
    /// (``DiagnosticRenderer/named(_:allowing:)``, the wording an expected type's reason uses).
    /// A standard scalar's is known by identity (``Standard/name``): `"\(T.self)"` has the
    /// runtime demangle the name, some 2,000 instructions a type the first time.
    static func describe<T>(_ type: T.Type) -> String {
        if let standard = Standard.of(T.self) { return standard.name }
        if let cases = allRawValues(T.self), !cases.isEmpty { return DiagnosticRenderer.named("\(T.self)", allowing: cases) }
        return "\(T.self)"
    }

    /// The raw values of a `CaseIterable & RawRepresentable` type, as text.
    static func allRawValues<T>(_ type: T.Type) -> [String]? {
        // A standard scalar is none: no conformance is looked up for it.
        guard !isStandardScalar(T.self), let iterable = T.self as? any CaseIterable.Type else { return nil }
        func values<C: CaseIterable>(_ type: C.Type) -> [String] {
            var texts: [String] = []
            for value in C.casesInOrder {
                if let raw = value as? any RawRepresentable { texts.append(rawText(of: raw)) }
            }
            return texts
        }
        let result = values(iterable)
        return result.isEmpty ? nil : result
    }

    /// The text of a value's raw value: a standard scalar's written by identity
    /// (``Standard/text(of:)``), another's as `String(describing:)` writes it. (`String(describing:)`
    /// of an `Int` asks the runtime whether `Int` is `TextOutputStreamable`, then
    /// `CustomStringConvertible`: on a process's first raw-value enum of integers, two scans of
    /// every conformance record.)
    static func rawText(of value: any RawRepresentable) -> String {
        func text<R: RawRepresentable>(_ value: R) -> String {
            if let standard = Standard.of(R.RawValue.self) { return standard.text(of: value.rawValue) }
            return String(describing: value.rawValue)
        }
        return text(value)
    }

    // MARK: Rendering

    /// The text (or texts, for a list) a value renders as.
    static func texts<T: Encodable>(of value: T) -> Result<[String], Refused<RouteMatchError.RenderProblem>> {
        if let text = scalarText(value) { return .success([text]) }
        return encodedTexts(of: value)
    }

    /// The texts `value` writes through its own `encode(to:)`: a list's, one an element, or
    /// ``RouteMatchError/RenderProblem/notTextual`` for a value that is not text.
    static func encodedTexts<T: Encodable>(of value: T) -> Result<[String], Refused<RouteMatchError.RenderProblem>> {
        let encoder = TextEncoder()
        do {
            try value.encode(to: encoder)
        } catch {
            return .failure(Refused(.notTextual))
        }
        if encoder.isNotTextual { return .failure(Refused(.notTextual)) }
        return .success(encoder.texts)
    }

    /// The text a scalar value renders as: a standard scalar's or `UUID`'s known by identity
    /// (``Standard/text(of:)``: a dynamic cast would ask the runtime for the type's
    /// `LosslessStringConvertible` conformance, a scan of every conformance record on the first
    /// value of each type), any other `LosslessStringConvertible`'s `description`; `nil` for a
    /// value of another type.
    static func scalarText<T>(_ value: T) -> String? {
        if let standard = Standard.of(T.self) { return standard.text(of: value) }
        // A `UUID` in an optional (unwrapped by the cast, to a type, which asks no conformance).
        if let uuid = value as? UUID { return uuid.uuidString }
        guard let lossless = value as? any LosslessStringConvertible else { return nil }
        return lossless.description
    }
}
