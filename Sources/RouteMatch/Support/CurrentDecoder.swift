internal import CRouteMatchAtomics

/// The decode running on the current thread (``RouteDecoder/State``): what ``RouteDecoder`` and
/// its containers, which hold nothing, serve their values from, so that a decode allocates no
/// decoder and a container kept with a learned route (``KeptCaseLevel``) serves every decode.
///
/// A decode sets it for the duration of the route type's `init(from:)` and restores the one
/// before (a mounted table's decode runs inside its parent's). `init(from:)` is synchronous,
/// so the decode starts and ends on the same thread, and a thread's slot is its own: two
/// decodes on two threads never see each other's values. The slot holds the address of the
/// decode's state, which lives on the stack of the decode that sets it until it restores the
/// slot.
///
/// The slot is a C11 thread-local word (`routematch_current_decoder`), read and written in
/// place: through `pthread_getspecific` and `pthread_setspecific`, its three accesses a decode
/// cost about 300 instructions of an enum hit.
enum CurrentDecoder {
    /// The state of the decode running on this thread, if one is.
    @inline(__always)
    static var current: UnsafeMutablePointer<RouteDecoder.State>? {
        routematch_current_decoder_get()?.assumingMemoryBound(to: RouteDecoder.State.self)
    }

    /// The state of the decode running on this thread, for a container that serves it; what
    /// such a container throws when it is used outside a decode (kept by a route type's
    /// `init(from:)` past its return).
    @inline(__always)
    static var running: UnsafeMutablePointer<RouteDecoder.State> {
        get throws(DecodeFailure) {
            guard let state = current else { throw RouteDecoder.outsideDecode }
            return state
        }
    }

    /// Sets `state` as the running decode's, for the duration of its `init(from:)`: the one
    /// before, which ``leave(_:)`` restores.
    @inline(__always)
    static func enter(_ state: UnsafeMutablePointer<RouteDecoder.State>) -> UnsafeMutableRawPointer? {
        let previous = routematch_current_decoder_get()
        routematch_current_decoder_set(UnsafeMutableRawPointer(state))
        return previous
    }

    /// Restores `previous` as the running decode's, when a decode's `init(from:)` returns.
    @inline(__always)
    static func leave(_ previous: UnsafeMutableRawPointer?) {
        routematch_current_decoder_set(previous)
    }
}
