/// A route type's name, written only when a diagnostic asks for it: `"\(Route.self)"` has the
/// runtime demangle the type's name (some 10,000 instructions the first time in a process),
/// which a table's build and a first match need not pay.
struct TypeName: @unchecked Sendable {
    // Unchecked: a metatype and a text, both immutable.
    private let given: String?
    private let type: Any.Type

    /// The name of `type`, as `"\(type)"` writes it.
    init(_ type: Any.Type) { (given, self.type) = (nil, type) }

    /// A name given by the user (a closure-route table's).
    init(_ text: String) { (given, type) = (text, Never.self) }

    /// The name.
    var text: String { given ?? "\(type)" }
}
