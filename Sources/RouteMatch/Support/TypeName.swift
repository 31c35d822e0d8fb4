/// A route type's name, written only when a diagnostic asks for it: `"\(Route.self)"` has the
/// runtime demangle the type's name (some 10,000 instructions the first time in a process),
/// which a table's build and a first match need not pay.
enum TypeName: @unchecked Sendable {
    // Unchecked: a metatype or a text, both immutable.

    /// The name of a type, as `"\(type)"` writes it.
    case of(Any.Type)
    /// A name given by the user (a closure-route table's).
    case given(String)

    /// The name.
    var text: String {
        switch self {
        case .of(let type): return "\(type)"
        case .given(let text): return text
        }
    }
}
