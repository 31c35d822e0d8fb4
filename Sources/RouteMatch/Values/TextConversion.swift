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
/// them (arrays).
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

    /// Converts one text to `T`.
    @inline(__always)
    static func value<T: Decodable>(_ type: T.Type, single text: String) -> Result<T, Failure> {
        if let direct = scalar(T.self, text) { return direct }
        return value(T.self, from: [text])
    }

    /// Converts `texts` (every value of a repeated query key) to `T` through its `Decodable`.
    static func value<T: Decodable>(_ type: T.Type, from texts: [String]) -> Result<T, Failure> {
        do {
            return .success(try T(from: TextDecoder(texts: texts)))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(T.self))
        }
    }

    /// Converts one text to a scalar type RouteMatch knows; `nil` when `T` is not one.
    @inline(__always)
    static func scalar<T>(_ type: T.Type, _ text: String) -> Result<T, Failure>? {
        if T.self == String.self { return cast(text) }
        if T.self == Int.self { return integer(Int.self, text).flatMap(cast) }
        if T.self == Bool.self {
            guard let value = Bool(text) else { return .failure(Failure(Bool.self)) }
            return cast(value)
        }
        if T.self == Double.self {
            guard let value = Double(text) else { return .failure(Failure(Double.self)) }
            return cast(value)
        }
        if T.self == UUID.self {
            guard let value = UUID(uuidString: text) else { return .failure(Failure(UUID.self)) }
            return cast(value)
        }
        if T.self == Int64.self { return integer(Int64.self, text).flatMap(cast) }
        if T.self == Int32.self { return integer(Int32.self, text).flatMap(cast) }
        if T.self == Int16.self { return integer(Int16.self, text).flatMap(cast) }
        if T.self == Int8.self { return integer(Int8.self, text).flatMap(cast) }
        if T.self == UInt.self { return integer(UInt.self, text).flatMap(cast) }
        if T.self == UInt64.self { return integer(UInt64.self, text).flatMap(cast) }
        if T.self == UInt32.self { return integer(UInt32.self, text).flatMap(cast) }
        if T.self == UInt16.self { return integer(UInt16.self, text).flatMap(cast) }
        if T.self == UInt8.self { return integer(UInt8.self, text).flatMap(cast) }
        if T.self == Float.self {
            guard let value = Float(text) else { return .failure(Failure(Float.self)) }
            return cast(value)
        }
        if let lossless = T.self as? any LosslessStringConvertible.Type {
            guard let value = lossless.init(text) else { return .failure(Failure(T.self)) }
            return cast(value)
        }
        return nil
    }

    @inline(__always)
    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ text: String) -> Result<I, Failure> {
        if let value = I(text) { return .success(value) }
        return .failure(Failure(I.self))
    }

    /// Reads a floating-point or Boolean value, naming the type on failure.
    @inline(__always)
    static func parsed<T: LosslessStringConvertible>(_ type: T.Type, _ text: String) -> Result<T, Failure> {
        guard let value = T(text) else { return .failure(Failure(T.self)) }
        return .success(value)
    }

    /// Returns `value` as `T`, which the caller has checked is `V`: a bit cast, not a dynamic one.
    @inline(__always)
    private static func cast<T, V>(_ value: V) -> Result<T, Failure> {
        guard T.self == V.self else { return .failure(Failure(T.self)) }
        return .success(unsafeBitCast(value, to: T.self))
    }

    /// The type's name as diagnostics show it; a `CaseIterable` raw-value enum lists its values.
    static func describe<T>(_ type: T.Type) -> String {
        if let cases = allRawValues(T.self), !cases.isEmpty {
            return "\(T.self) (\(cases.joined(separator: ", ")))"
        }
        return "\(T.self)"
    }

    /// The raw values of a `CaseIterable & RawRepresentable` type, as text.
    static func allRawValues<T>(_ type: T.Type) -> [String]? {
        guard let iterable = T.self as? any CaseIterable.Type else { return nil }
        func values<C: CaseIterable>(_ type: C.Type) -> [String] {
            C.allCases.compactMap { value in
                (value as? any RawRepresentable).map { String(describing: $0.rawValue) }
            }
        }
        let result = values(iterable)
        return result.isEmpty ? nil : result
    }

    // MARK: Rendering

    /// The text (or texts, for a list) a value renders as.
    static func texts<T: Encodable>(of value: T) -> Result<[String], Refused<RouteMatchError.RenderProblem>> {
        if let text = scalarText(value) { return .success([text]) }
        let encoder = TextEncoder()
        do {
            try value.encode(to: encoder)
        } catch {
            return .failure(Refused(.notTextual))
        }
        if encoder.isNotTextual { return .failure(Refused(.notTextual)) }
        return .success(encoder.texts)
    }

    static func scalarText<T>(_ value: T) -> String? {
        switch value {
        case let text as String: return text
        case let uuid as UUID: return uuid.uuidString
        case let lossless as any LosslessStringConvertible: return lossless.description
        default: return nil
        }
    }
}
