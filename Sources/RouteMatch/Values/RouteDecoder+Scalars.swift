/// Decoding of the scalar types every route uses, without generic dispatch: the synthesized
/// `init(from:)` calls these concrete overloads directly, so reading an `Int` or a `String`
/// costs a parse at most (none for an `Int` or `Bool` the plain hit path read as its value)
/// and no runtime type lookup.
extension RouteDecoder.State {
    /// The slot of the label `name`, looked for first after the last label read: a
    /// synthesized `init(from:)` reads the labels in the order the case declares them, which
    /// is the slots' order unless the pattern names them in another, so the guess spares the
    /// comparisons of `name` with each label before it (a comparison of two different texts
    /// takes the standard library's slow path).
    @inline(__always)
    mutating func slot(of name: String) throws(DecodeFailure) -> Int {
        guard let slot = slotIfAny(of: name) else { throw BoundValues.noValue(named: name) }
        return slot
    }

    /// The slot of the label `name`, looked for as ``slot(of:)`` does; `nil` when the route
    /// has no such label.
    @inline(__always)
    mutating func slotIfAny(of name: String) -> Int? {
        let guess = nextSlot
        if guess < bound.labels.count, bound.labels[guess] == name {
            nextSlot = guess + 1
            return guess
        }
        return searchedSlot(of: name)
    }

    /// The slot of the label `name` found by comparing its name with each label's, when the
    /// guess of ``slotIfAny(of:)`` missed. Out of line: the rare case, whose code would
    /// otherwise stand between the lines each scalar type's decode runs.
    @inline(never)
    mutating func searchedSlot(of name: String) -> Int? {
        guard let slot = bound.slot(name) else { return nil }
        nextSlot = slot + 1
        return slot
    }

    /// The slot of the label `name` when it bound something; `nil` when the route has no
    /// such label or it bound nothing (an absent or empty value: `nil` for an optional).
    @inline(__always)
    mutating func boundSlot(of name: String) -> Int? {
        guard let slot = slotIfAny(of: name), !bound.isNil(slot: slot) else { return nil }
        return slot
    }
}

extension RouteDecoder.Labels {
    /// A scalar: the value label `key` bound, converted (a label the route lacks throws).
    @inline(__always)
    func scalar<T: Decodable>(_ key: Key) throws -> T {
        let state = try decode
        let name = key.stringValue
        return try converted(state, slot: state.pointee.slot(of: name), named: name)
    }

    /// An optional scalar: `nil` for a label the route lacks, binds nothing or binds an empty
    /// text (as ``RouteDecoder/Labels/decodeNil(forKey:)`` reads them), else the value
    /// converted. The label is looked for once, by the guess ``RouteDecoder/State/slotIfAny(of:)``
    /// makes, where asking `decodeNil` first would look for it again by comparing its name with
    /// each label's.
    @inline(__always)
    func optionalScalar<T: Decodable>(_ key: Key) throws -> T? {
        let state = try decode
        let name = key.stringValue
        guard let slot = state.pointee.boundSlot(of: name) else { return nil }
        // Converted to `T`, not to the `T?` returned (which the call would infer): an `Int`
        // read by its bytes is taken as it is, and a list's texts are a list's.
        return try converted(state, slot: slot, named: name) as T
    }

    /// The value the label in `slot` (named `name`) bound, converted to `T`
    /// (``BoundValue/value(as:slot:named:)``, specialized for `T` here: a conversion, with no
    /// runtime type lookup), read where it stands in the decode's state (a method of the
    /// values would be handed a copy of them, about 1,100 instructions a hit). The one
    /// conversion a scalar and an optional scalar share.
    @inline(__always)
    private func converted<T: Decodable>(
        _ state: UnsafeMutablePointer<RouteDecoder.State>, slot: Int, named name: String
    ) throws -> T {
        try state.pointee.bound.values[slot].value(as: T.self, slot: slot, named: name)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalScalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalScalar(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalScalar(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalScalar(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalScalar(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalScalar(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalScalar(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalScalar(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalScalar(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalScalar(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalScalar(key) }
}
