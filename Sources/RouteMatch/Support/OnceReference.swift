internal import CRouteMatchAtomics

/// A word that goes once from zero to an object's address and is then read by many threads
/// without a lock: how a route's learned state (``LearnedSlots``) and the type cache's entries
/// (``TableCache``) are read on every match.
///
/// The object is published with release ordering (a compare-and-swap from zero) and read with
/// acquire ordering: a reader that sees the address sees the whole object. The word holds a
/// strong reference. (C11 atomics: `Synchronization.Atomic` is not available before macOS 15
/// and iOS 18, and RouteMatch supports macOS 10.15 and iOS 13.)
enum OnceReference {
    /// The object published at `word`, or `nil` while none is.
    @inline(__always)
    static func load<Object: AnyObject>(_ word: UnsafeMutablePointer<UInt>, as type: Object.Type) -> Object? {
        unretained(word, as: Object.self)?.takeUnretainedValue()
    }

    /// The object published at `word`, unretained, or `nil` while none is: for a reader that
    /// knows the word's owner outlives its use of the object.
    @inline(__always)
    static func unretained<Object: AnyObject>(_ word: UnsafeMutablePointer<UInt>, as type: Object.Type) -> Unmanaged<Object>? {
        guard let address = UnsafeRawPointer(bitPattern: routematch_load_once(word)) else { return nil }
        return Unmanaged<Object>.fromOpaque(address)
    }

    /// Publishes `object` at `word` unless another thread published first; returns the object
    /// published (`object`, or the first).
    static func publish<Object: AnyObject>(_ object: Object, at word: UnsafeMutablePointer<UInt>) -> Object {
        let retained = Unmanaged.passRetained(object)
        let address = UInt(bitPattern: retained.toOpaque())
        let stored = routematch_store_once(word, address)
        if stored == address { return object }
        retained.release()
        // Not zero: the store failed only because another thread stored first.
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: stored).unsafelyUnwrapped).takeUnretainedValue()
    }

    /// Releases the object published at `word`, if any: for the owner of the word's memory, once
    /// no other thread can read it.
    static func release<Object: AnyObject>(_ word: UnsafeMutablePointer<UInt>, as type: Object.Type) {
        if let address = UnsafeRawPointer(bitPattern: word.pointee) {
            Unmanaged<Object>.fromOpaque(address).release()
        }
    }
}
