/// A keyed decoding container that handles every type through two generic functions, so
/// that `Optional` values (which synthesized `Codable` reads with `decodeIfPresent`) and plain
/// values reach RouteMatch the same way whatever their type.
protocol UniformKeyedDecoding: KeyedDecodingContainerProtocol {
    func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T
    func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?
}

extension UniformKeyedDecoding {
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(T.self, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeValueIfPresent(T.self, forKey: key)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(Bool.self, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decodeValueIfPresent(Bool.self, forKey: key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(String.self, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodeValueIfPresent(String.self, forKey: key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(Double.self, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodeValueIfPresent(Double.self, forKey: key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(Float.self, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodeValueIfPresent(Float.self, forKey: key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(Int.self, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodeValueIfPresent(Int.self, forKey: key)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(Int8.self, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decodeValueIfPresent(Int8.self, forKey: key)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(Int16.self, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodeValueIfPresent(Int16.self, forKey: key)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(Int32.self, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodeValueIfPresent(Int32.self, forKey: key)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(Int64.self, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodeValueIfPresent(Int64.self, forKey: key)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(UInt.self, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decodeValueIfPresent(UInt.self, forKey: key)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(UInt8.self, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodeValueIfPresent(UInt8.self, forKey: key)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(UInt16.self, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodeValueIfPresent(UInt16.self, forKey: key)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(UInt32.self, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodeValueIfPresent(UInt32.self, forKey: key)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(UInt64.self, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodeValueIfPresent(UInt64.self, forKey: key)
    }
}

/// A keyed encoding container that handles every type through two generic functions, and
/// the standard scalars' overloads through one that takes their text.
protocol UniformKeyedEncoding: KeyedEncodingContainerProtocol {
    mutating func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws
    mutating func encodeAbsent(forKey key: Key) throws
    /// A standard scalar's value, as its text (``TextConversion/Standard/text(of:)``): the
    /// scalar overloads, where the type is known, make it; a generic function would find the
    /// type again at each value, in code not specialized for it.
    mutating func encodeText(_ text: String, forKey key: Key) throws
}

extension UniformKeyedEncoding {
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encodeNil(forKey key: Key) throws { try encodeAbsent(forKey: key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encodeValue(value, forKey: key) } else { try encodeAbsent(forKey: key) }
    }
    /// `value`, a standard scalar `scalar`, or absent.
    @inline(__always)
    private mutating func encode<T>(_ scalar: TextConversion.Standard, _ value: T?, forKey key: Key) throws {
        if let value { try encodeText(scalar.text(of: value), forKey: key) } else { try encodeAbsent(forKey: key) }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encode(.bool, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encode(.bool, value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encode(.string, value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encode(.string, value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encode(.double, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encode(.double, value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(.float, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encode(.float, value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encode(.int, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encode(.int, value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(.int8, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encode(.int8, value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(.int16, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encode(.int16, value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(.int32, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encode(.int32, value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(.int64, value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encode(.int64, value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(.uint, value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encode(.uint, value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(.uint8, value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encode(.uint8, value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(.uint16, value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encode(.uint16, value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(.uint32, value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encode(.uint32, value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(.uint64, value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encode(.uint64, value, forKey: key) }
}
