/// An enum route's coding key: its text (the pattern) and the key value itself.
///
/// The value is kept so that decoding never calls the synthesized `init(stringValue:)`, which
/// compares the text with every case's raw value in turn: with it, decoding one route would
/// cost time in proportion to the number of routes. A payload-free key enum is stored as its
/// bytes and loaded back when the container's key type is the same type, with no dynamic cast.
struct CaseKey: @unchecked Sendable {
    // Unchecked: the value is a case of the route type's `CodingKeys`, an immutable enum value.
    let text: String
    /// The key type's identity when its bits are kept; 0 when they are not. (Two plain words
    /// beside the text, not an `Any.Type` and a `UInt64?`: a `CaseKey?` of that size, read in
    /// another file of the optimized build, was copied through the value witnesses of a type
    /// the runtime built from its mangled name.)
    private let type: UInt
    /// The key's bits, for a payload-free key enum of at most 8 bytes (kept inline, not as an array).
    private let bits: UInt64

    init<Key: CodingKey>(text: String, value: Key) {
        self.text = text
        guard _isPOD(Key.self) else {
            (bits, type) = (0, 0)
            return
        }
        // A bit cast of the key's size, as ``load(_:)`` reads it back: no closure or generic
        // helper for the common sizes (a table's build makes a key for every case).
        switch MemoryLayout<Key>.size {
        case 1: bits = UInt64(unsafeBitCast(value, to: UInt8.self))
        case 2: bits = UInt64(unsafeBitCast(value, to: UInt16.self))
        case 4: bits = UInt64(unsafeBitCast(value, to: UInt32.self))
        case 8: bits = unsafeBitCast(value, to: UInt64.self)
        case 3, 5, 6, 7: bits = CaseKey.storeBytes(value)
        default:
            (bits, type) = (0, 0)
            return
        }
        type = UInt(bitPattern: ObjectIdentifier(Key.self))
    }

    /// The bytes of a key of an odd size (3, 5, 6 or 7 bytes), from the lowest up.
    @inline(never)
    private static func storeBytes<Key>(_ value: Key) -> UInt64 {
        var copy = value
        var stored: UInt64 = 0
        withUnsafeBytes(of: &copy) { source in
            withUnsafeMutableBytes(of: &stored) { $0.copyMemory(from: source) }
        }
        return stored
    }

    /// Whether the key's bits are kept and `Key` is the key's own type: then ``load(_:)``
    /// gives the key without calling its `init(stringValue:)`.
    @inline(__always)
    func isStored<Key: CodingKey>(as keyType: Key.Type) -> Bool {
        type == UInt(bitPattern: ObjectIdentifier(Key.self))
    }

    /// The key, read back from its bits as a plain value (the caller checked ``isStored(as:)``):
    /// a bit cast of the key's size, so no generic helper or `Optional<Key>` is instantiated.
    /// (The bits hold the key's bytes from the lowest up: every platform RouteMatch supports is
    /// little-endian, so truncating keeps exactly them.)
    @inline(__always)
    func load<Key: CodingKey>(_ keyType: Key.Type) -> Key {
        let bits = self.bits
        switch MemoryLayout<Key>.size {
        case 1: return unsafeBitCast(UInt8(truncatingIfNeeded: bits), to: Key.self)
        case 2: return unsafeBitCast(UInt16(truncatingIfNeeded: bits), to: Key.self)
        case 4: return unsafeBitCast(UInt32(truncatingIfNeeded: bits), to: Key.self)
        case 8: return unsafeBitCast(bits, to: Key.self)
        default: return loadBytes(Key.self, bits)
        }
    }

    /// A key of an odd size (3, 5, 6 or 7 bytes), read from its bytes.
    @inline(never)
    private func loadBytes<Key>(_ keyType: Key.Type, _ bits: UInt64) -> Key {
        var bits = bits
        return withUnsafeBytes(of: &bits) { $0.loadUnaligned(as: Key.self) }
    }
}

extension Optional where Wrapped == CaseKey {
    /// Whether this is a case key whose bits are kept and whose type is `Key`
    /// (``CaseKey/isStored(as:)``).
    @inline(__always)
    func stores<Key: CodingKey>(_ type: Key.Type) -> Bool {
        guard let caseKey = self else { return false }
        return caseKey.isStored(as: Key.self)
    }

    /// The case level's keys for this case key, as `Key`: none for a struct route; the array
    /// key read back from its bits, when it is stored as a `Key`; the key of that text otherwise.
    /// (A learned route keeps its array: ``RouteDecoder/State/keptCaseKeys(as:)``.)
    @inline(__always)
    func keys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        guard let caseKey = self else { return [] }
        // No `Key?` on the way: each generic type named here is a metadata lookup per decode.
        if caseKey.isStored(as: Key.self) { return [caseKey.load(Key.self)] }
        return CaseKey.keys(named: caseKey.text)
    }

    /// The list of this case key's one key, to keep for the route's decodes: only for a key
    /// stored as a `Key` (the condition ``keys(as:kept:)`` reads the list on).
    func keptKeys<Key: CodingKey>(as type: Key.Type) -> CaseKeyList? {
        guard stores(Key.self), let caseKey = self else { return nil }
        return CaseKeyList.make(caseKey.load(Key.self))
    }
}

extension CaseKey {
    /// The key spelled `text`, through the key type's `init(stringValue:)`.
    @inline(never)
    static func keys<Key: CodingKey>(named text: String) -> [Key] {
        Key(stringValue: text).map { [$0] } ?? []
    }
}
