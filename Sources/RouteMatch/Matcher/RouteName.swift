/// What names a learned route in diagnostics (`user`, `userPosts`): an enum case's per-case
/// coding-key type (`UserPostsCodingKeys`), whose name is read when something first asks; or
/// nothing, for a name given with the definition (a struct route's, a closure route's), which
/// its probe keeps (``RouteProbing/name(caseKey:)``).
///
/// Not read when the route is learned: the runtime makes a type's name with its demangler,
/// some 21,000 instructions for a process's first and 5,000 for each type after (by
/// callgrind), which a table's first use and `validate()` paid for every route they learned,
/// though only a diagnostic says a route's name. One word: a learned route keeps no string.
/// A case's name, once read, is kept by its key type for the process (a diagnostic asks again).
struct RouteName: @unchecked Sendable {
    // Unchecked: a metatype, immutable.
    private let caseKeyType: Any.Type?

    private init(_ caseKeyType: Any.Type?) { self.caseKeyType = caseKeyType }

    /// A name given with the route's definition, which its probe keeps.
    static var given: RouteName { RouteName(nil) }

    /// An enum case's name, read from its per-case key type's name when asked.
    static func caseKeyType(_ type: Any.Type) -> RouteName { RouteName(type) }

    /// A case's name, read once: kept by its key type's identity (a key type lives as long
    /// as the process).
    private final class Known: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static let known = StaticLocked(IdentityTable())

    /// The name: an enum case's, from its key type's name, or `probed()` (the route's probe's,
    /// ``RouteProbing/name(caseKey:)``) for a name given with the definition and for a case
    /// whose key type's name does not say it (a case name that starts with an acronym,
    /// `URLOpen`; a key type of the type's own), which its sample value says.
    func text(probed: () -> String) -> String {
        guard let caseKeyType else { return probed() }
        let id = ObjectIdentifier(caseKeyType)
        if let found = RouteName.known.withLock({ $0[id] }) { return unsafeDowncast(found, to: Known.self).text }
        let text = RouteName.caseName(ofKeyType: _typeName(caseKeyType, qualified: false)) ?? probed()
        RouteName.known.withLock { $0.set(Known(text), for: id) }
        return text
    }

    /// The case's name in its key type's name, which ends in `CodingKeys`, with its first
    /// character lower-cased (`UserPostsCodingKeys` → `userPosts`); `nil` when the name does
    /// not say it (no `CodingKeys` suffix, nothing before it, or two capitals: an acronym).
    /// Read as UTF-8 when the name starts with two ASCII bytes (its first character is then
    /// the first byte); as characters otherwise. (Removing the suffix as characters cost some
    /// 2,500 instructions a route learned.)
    static func caseName(ofKeyType keyTypeName: String) -> String? {
        ByteText.withUTF8(of: keyTypeName) { bytes -> String? in
            let suffix: StaticString = "CodingKeys"
            let count = bytes.count - suffix.utf8CodeUnitCount
            guard count > 0,
                ByteText.equal(
                    ByteText.part(of: bytes, start: count, count: suffix.utf8CodeUnitCount),
                    UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
            else { return nil }
            if count >= 2, LinkReader.isUpper(bytes[0]), LinkReader.isUpper(bytes[1]) { return nil }
            if bytes[0] < 0x80, count == 1 || bytes[1] < 0x80 {
                let first = LinkReader.isUpper(bytes[0]) ? bytes[0] | 0x20 : bytes[0]
                return String(Character(Unicode.Scalar(first)))
                    + String(decoding: ByteText.part(of: bytes, start: 1, count: count - 1), as: UTF8.self)
            }
            // Two strings, not a string and a substring: the generic `+` would look up
            // `Substring`'s conformances at run time.
            let name = String(decoding: ByteText.part(of: bytes, start: 0, count: count), as: UTF8.self)
            return name.first.map { $0.lowercased() + String(name.dropFirst()) }
        }
    }
}
