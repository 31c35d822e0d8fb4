/// An enum route's coding key: its text (the pattern) and the key value itself.
///
/// The value is kept so that decoding never calls the synthesized `init(stringValue:)`, which
/// compares the text with every case's raw value in turn: with it, decoding one route would
/// cost time in proportion to the number of routes. A payload-free key enum is stored as its
/// bytes and loaded back when the container's key type is the same type, with no dynamic cast.
struct CaseKey: @unchecked Sendable {
    // Unchecked: the value is a case of the route type's `CodingKeys`, an immutable enum value.
    let text: String
    private let type: Any.Type
    /// The key's bits, for a payload-free key enum of at most 8 bytes (kept inline, not as an array).
    private let bits: UInt64?

    init<Key: CodingKey>(text: String, value: Key) {
        self.text = text
        self.type = Key.self
        if _isPOD(Key.self), MemoryLayout<Key>.size > 0, MemoryLayout<Key>.size <= MemoryLayout<UInt64>.size {
            var copy = value
            var stored: UInt64 = 0
            withUnsafeBytes(of: &copy) { source in
                withUnsafeMutableBytes(of: &stored) { $0.copyMemory(from: source) }
            }
            bits = stored
        } else {
            bits = nil
        }
    }

    /// The key as the container's key type.
    @inline(__always)
    func typed<Key: CodingKey>(_ keyType: Key.Type) -> Key? {
        if Key.self == type, var bits {
            return withUnsafeBytes(of: &bits) { $0.loadUnaligned(as: Key.self) }
        }
        return Key(stringValue: text)
    }
}
