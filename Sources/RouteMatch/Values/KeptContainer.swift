/// A decoding container kept for many decodes — a table's case-level container — and handed
/// back with the metadata its type needs.
///
/// Copying a `KeyedDecodingContainer<Key>` (a type of the standard library, whose layout its
/// clients do not know) takes its metadata: read where `Key` is a generic parameter, it is
/// looked up in the runtime's cache, about 450 instructions each decode (measured with
/// callgrind). Read by ``container()``, out of line, the metadata is this object's class's own
/// generic argument, read from the object.
///
/// The class has no superclass, and its holder is not generic: the runtime builds a generic
/// class's metadata on the class's first use with a new argument, and resolves a superclass
/// from its mangled name (some 2,000 instructions; 10,000 for a generic superclass). A
/// learned route keeps its labels' container in its box instead (``CaseKeyList``): one object
/// a route, for memory.
///
/// ```swift
/// let kept: AnyObject = KeptContainer(KeyedDecodingContainer(KeptCaseLevel<Key>()))
/// // For each decode, where `Key` is known to be the type it was made with:
/// let level = unsafeDowncast(kept, to: KeptContainer<KeyedDecodingContainer<Key>>.self).container()
/// ```
final class KeptContainer<Container>: @unchecked Sendable {
    // Unchecked: immutable; the container holds no decode's state.
    private let kept: Container

    init(_ container: Container) { kept = container }

    /// The container, copied with the metadata of `Container` this object's class carries.
    @inline(never)
    func container() -> Container { kept }
}
