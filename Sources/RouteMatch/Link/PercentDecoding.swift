/// Percent-decoding of one already-split component, done once.
enum PercentDecoding {
    /// The value of an ASCII hex digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        default: return nil
        }
    }

    /// The offset of the first `%` in `bytes[range]`, if any.
    @inline(__always)
    static func firstEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "%") { return index }
            index += 1
        }
        return nil
    }

    /// Decodes `bytes[range]`; a `+` stays a plus.
    ///
    /// - Returns: the decoded text, or the UTF-8 range (absolute offsets) of the first escape
    ///   that is malformed or that does not decode to valid UTF-8.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Result<String, BadEscape> {
        guard firstEscape(bytes, range) != nil else { return .success(text(bytes, range)) }
        var index = range.lowerBound
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var escapeStarts: [Int] = []
        index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else {
                    let end = min(index + 3, range.upperBound)
                    return .failure(BadEscape(range: index..<end))
                }
                escapeStarts.append(index)
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        let text = String(decoding: output, as: UTF8.self)
        if text.utf8.elementsEqual(output) { return .success(text) }
        // The escapes produced invalid UTF-8: point from the first invalid byte to the last
        // (a Latin-1 run such as `%E9t%E9` is one problem), over the escapes around them.
        let invalid = invalidUTF8Offsets(output)
        var rawStarts: [Int] = []
        rawStarts.reserveCapacity(output.count)
        index = range.lowerBound
        while index < range.upperBound {
            rawStarts.append(index)
            index += bytes[index] == UInt8(ascii: "%") ? 3 : 1
        }
        let firstBad = rawStarts[min(invalid.first ?? 0, rawStarts.count - 1)]
        let lastBad = rawStarts[min(invalid.last ?? 0, rawStarts.count - 1)]
        var start = firstBad
        while start - 3 >= range.lowerBound, bytes[start - 3] == UInt8(ascii: "%"), escapeStarts.contains(start - 3) {
            start -= 3
        }
        var end = lastBad
        while end < range.upperBound, bytes[end] == UInt8(ascii: "%") { end += 3 }
        return .failure(BadEscape(range: start..<max(min(end, range.upperBound), lastBad + 1)))
    }

    /// The text of `bytes[range]`, without building a slice (which would ask the runtime for
    /// its type metadata on every call).
    @inline(__always)
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard let base = bytes.baseAddress, !range.isEmpty else { return "" }
        let source = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) {
            // Not generic: no runtime type lookup. Invalid UTF-8 is repaired, as with
            // `String(decoding:as:)`.
            return String(unsafeUninitializedCapacity: source.count) { buffer in
                _ = buffer.initialize(from: source)
                return source.count
            }
        }
        return String(decoding: source, as: UTF8.self)
    }

    /// The offsets of the bytes of `bytes` that do not start or continue valid UTF-8.
    static func invalidUTF8Offsets(_ bytes: [UInt8]) -> [Int] {
        var invalid: [Int] = []
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length > 0, index + length <= bytes.count {
                let prefix = Array(bytes[index..<index + length])
                if String(decoding: prefix, as: UTF8.self).utf8.elementsEqual(prefix) {
                    index += length
                    continue
                }
            }
            invalid.append(index)
            index += 1
        }
        return invalid
    }

    /// A malformed escape's range in the original text.
    struct BadEscape: Error, Equatable {
        let range: Range<Int>
    }
}
