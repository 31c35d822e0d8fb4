/// Decoding of the scalar types every route uses, without generic dispatch: the synthesized
/// `init(from:)` calls these concrete overloads directly, so reading an `Int` or a `String`
/// costs a parse and no runtime type lookup.
extension RouteDecoder.Labels {
    /// The single text bound to `key`, or `nil` when it is absent or a list.
    @inline(__always)
    func single(_ key: Key) throws -> (slot: Int, text: String)? {
        guard let slot = decoder.slot(key.stringValue) else {
            throw DecodeFailure.rejected(message: "no value for '\(key.stringValue)'")
        }
        if case .one(let text) = decoder.values[slot] { return (slot, text) }
        return nil
    }

    @inline(__always)
    func scalar<T: Decodable>(_ key: Key, _ convert: (String) -> Result<T, TextConversion.Failure>) throws -> T {
        guard let (slot, text) = try single(key) else { return try decodeValue(T.self, forKey: key) }
        switch convert(text) {
        case .success(let value): return value
        case .failure(let failure): throw DecodeFailure.label(slot, element: 0, expected: failure.expected)
        }
    }

    @inline(__always)
    func optionalScalar<T: Decodable>(_ key: Key, _ convert: (String) -> Result<T, TextConversion.Failure>) throws -> T? {
        if try decodeNil(forKey: key) { return nil }
        return try scalar(key, convert)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) { .success($0) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(key) { .success($0) } }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) { TextConversion.parsed(Bool.self, $0) } }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try optionalScalar(key) { TextConversion.parsed(Bool.self, $0) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) { TextConversion.parsed(Double.self, $0) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try optionalScalar(key) { TextConversion.parsed(Double.self, $0) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) { TextConversion.parsed(Float.self, $0) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try optionalScalar(key) { TextConversion.parsed(Float.self, $0) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) { TextConversion.integer(Int.self, $0) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try optionalScalar(key) { TextConversion.integer(Int.self, $0) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) { TextConversion.integer(Int8.self, $0) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try optionalScalar(key) { TextConversion.integer(Int8.self, $0) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) { TextConversion.integer(Int16.self, $0) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try optionalScalar(key) { TextConversion.integer(Int16.self, $0) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) { TextConversion.integer(Int32.self, $0) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try optionalScalar(key) { TextConversion.integer(Int32.self, $0) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) { TextConversion.integer(Int64.self, $0) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try optionalScalar(key) { TextConversion.integer(Int64.self, $0) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) { TextConversion.integer(UInt.self, $0) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try optionalScalar(key) { TextConversion.integer(UInt.self, $0) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) { TextConversion.integer(UInt8.self, $0) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try optionalScalar(key) { TextConversion.integer(UInt8.self, $0) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) { TextConversion.integer(UInt16.self, $0) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try optionalScalar(key) { TextConversion.integer(UInt16.self, $0) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) { TextConversion.integer(UInt32.self, $0) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try optionalScalar(key) { TextConversion.integer(UInt32.self, $0) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) { TextConversion.integer(UInt64.self, $0) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try optionalScalar(key) { TextConversion.integer(UInt64.self, $0) }
    }
}
