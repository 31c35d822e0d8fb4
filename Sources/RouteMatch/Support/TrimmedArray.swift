extension Array {
    /// The array in storage of its own size: the room left over from appending given back, for
    /// an array a table keeps for as long as it lives.
    ///
    /// Copied whole (a `memcpy` for plain words), where `map { $0 }` copied it an element at a
    /// time through the closure: 14 instructions a byte for the trie's literal bytes, some 200
    /// a route of a table's build (`./instructions.sh build-1000`).
    ///
    /// ```swift
    /// var bytes: [UInt8] = []
    /// bytes.append(contentsOf: "item".utf8)   // room for more than 4
    /// bytes = bytes.trimmed()                  // room for 4 (as `malloc` rounds it)
    /// ```
    @inline(__always)
    func trimmed() -> [Element] {
        withUnsafeBufferPointer { Array($0) }
    }
}
