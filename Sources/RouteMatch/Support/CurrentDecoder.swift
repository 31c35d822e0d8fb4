internal import CRouteMatchAtomics

/// The route decoder whose decode runs on the current thread: what a container kept with a
/// learned route (``KeptCaseLevel``) serves its values from, so that a decode makes no
/// container of its own.
///
/// A decode sets it for the duration of the route type's `init(from:)` and restores the one
/// before (a mounted table's decode runs inside its parent's). `init(from:)` is synchronous,
/// so the decode starts and ends on the same thread, and a thread's slot is its own: two
/// decodes on two threads never see each other's values. The slot holds the decoder unretained;
/// the decode that sets it holds the decoder until it restores the slot.
///
/// The slot is a C11 thread-local word (`routematch_current_decoder`), read and written in
/// place: through `pthread_getspecific` and `pthread_setspecific`, its three accesses a decode
/// cost about 300 instructions of an enum hit.
enum CurrentDecoder {
    /// The decoder of the decode running on this thread, if one is.
    @inline(__always)
    static var current: RouteDecoder? {
        guard let raw = routematch_current_decoder_get() else { return nil }
        return Unmanaged<RouteDecoder>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The decoder of the decode running on this thread, for a container that serves it; what
    /// such a container throws when it is used outside a decode (kept by a route type's
    /// `init(from:)` past its return).
    @inline(__always)
    static var running: RouteDecoder {
        get throws(DecodeFailure) {
            guard let decoder = current else { throw RouteDecoder.outsideDecode }
            return decoder
        }
    }

    /// Runs `body` with `decoder` as the current decoder, then restores the one before.
    @inline(__always)
    static func with<Result>(_ decoder: RouteDecoder, _ body: () throws -> Result) rethrows -> Result {
        let previous = routematch_current_decoder_get()
        routematch_current_decoder_set(Unmanaged.passUnretained(decoder).toOpaque())
        defer { routematch_current_decoder_set(previous) }
        return try withExtendedLifetime(decoder) { try body() }
    }
}
