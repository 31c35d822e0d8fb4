#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The route decoder whose decode runs on the current thread: what a container kept with a
/// learned route (``KeptCaseLevel``) serves its values from, so that a decode makes no
/// container of its own.
///
/// A decode sets it for the duration of the route type's `init(from:)` and restores the one
/// before (a mounted table's decode runs inside its parent's). `init(from:)` is synchronous,
/// so the decode starts and ends on the same thread, and a thread's slot is its own: two
/// decodes on two threads never see each other's values. The slot holds the decoder unretained;
/// the decode that sets it holds the decoder until it restores the slot.
enum CurrentDecoder {
    /// The thread-local slot; `nil` if the system had no key left to give (then no container is
    /// kept, and each decode makes its own).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether containers can be kept: the thread-local slot exists.
    static var isAvailable: Bool { key != nil }

    /// The decoder of the decode running on this thread, if one is.
    @inline(__always)
    static var current: RouteDecoder? {
        guard let key, let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<RouteDecoder>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `decoder` as the current decoder, then restores the one before.
    @inline(__always)
    static func with<Result>(_ decoder: RouteDecoder, _ body: () throws -> Result) rethrows -> Result {
        guard let key else { return try body() }
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(decoder).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(decoder) { try body() }
    }
}
