/// An enum route's coding key: its text (the pattern) and the key value itself.
///
/// The value is kept so that decoding never calls the synthesized `init(stringValue:)`, which
/// compares the text with every case's raw value in turn: with it, decoding one route would
/// cost time in proportion to the number of routes. A payload-free key enum is stored as its
/// bytes and loaded back when the container's key type is the same type, with no dynamic cast.
struct CaseKey: @unchecked Sendable {
    // Unchecked: the value is a case of the route type's `CodingKeys`, an immutable enum value.
    let text: String
    let value: any CodingKey
    private let type: Any.Type
    private let bytes: [UInt8]?

    init<Key: CodingKey>(text: String, value: Key) {
        self.text = text
        self.value = value
        self.type = Key.self
        if _isPOD(Key.self) {
            var copy = value
            bytes = withUnsafeBytes(of: &copy) { Array($0) }
        } else {
            bytes = nil
        }
    }

    /// The key as the container's key type.
    @inline(__always)
    func typed<Key: CodingKey>(_ keyType: Key.Type) -> Key? {
        if Key.self == type, let bytes, MemoryLayout<Key>.size > 0, bytes.count == MemoryLayout<Key>.size {
            return bytes.withUnsafeBytes { $0.loadUnaligned(as: Key.self) }
        }
        return (value as? Key) ?? Key(stringValue: text)
    }
}
