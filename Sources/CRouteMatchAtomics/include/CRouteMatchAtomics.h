// Atomic access to a word that is written once, from zero, and read by many threads: what
// RouteMatch needs to read a route's learned state and its type cache without a lock (see
// `OnceReference` in the RouteMatch target). Swift's
// own atomics (`Synchronization.Atomic`) need macOS 15 and iOS 18; RouteMatch supports macOS
// 10.15 and iOS 13, so the two operations are C11 atomics, inlined into their Swift callers.
// And thread-local words: the state of the decode running on the thread (`CurrentDecoder`),
// the records of the mounted routes the plain path found (`MountedHits`), and the thread's
// spare object, which its links are read into (`LinkView.Shared`): C11
// `_Thread_local`s, read and written in place, where Swift has no thread-local storage but
// `pthread_getspecific`, a call each time.

#ifndef CROUTEMATCH_ATOMICS_H
#define CROUTEMATCH_ATOMICS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/// The word at `word`, read with acquire ordering: when it is not zero, everything written
/// before it was stored (by `routematch_store_once`) is visible to the reader.
static inline uintptr_t routematch_load_once(uintptr_t *_Nonnull word) {
    return atomic_load_explicit((_Atomic(uintptr_t) *)word, memory_order_acquire);
}

/// Stores `value` at `word` if the word is still zero, with release ordering; returns the word
/// as it stands after: `value`, or the value another thread stored first.
static inline uintptr_t routematch_store_once(uintptr_t *_Nonnull word, uintptr_t value) {
    uintptr_t expected = 0;
    if (atomic_compare_exchange_strong_explicit(
            (_Atomic(uintptr_t) *)word, &expected, value, memory_order_acq_rel, memory_order_acquire)) {
        return value;
    }
    return expected;
}

/// The current thread's word for `CurrentDecoder`: the address of the running decode's state, or null.
extern _Thread_local void *_Nullable routematch_current_decoder;

/// The current thread's word for `CurrentDecoder`.
static inline void *_Nullable routematch_current_decoder_get(void) {
    return routematch_current_decoder;
}

/// Sets the current thread's word for `CurrentDecoder`.
static inline void routematch_current_decoder_set(void *_Nullable value) {
    routematch_current_decoder = value;
}

/// The current thread's block of records of the mounted routes the plain path found
/// (`MountedHits`), or null before the thread's first.
extern _Thread_local void *_Nullable routematch_mounted_hits;

/// The current thread's block of records of mounted routes, or null.
static inline void *_Nullable routematch_mounted_hits_get(void) {
    return routematch_mounted_hits;
}

/// The current thread's block of records of mounted routes, made (`size` bytes, zeroed) on
/// the thread's first call and freed at its exit; null when it cannot be made.
void *_Nullable routematch_mounted_hits_make(size_t size);

/// A number no other call returns in the process's life (a 64-bit count): what tells a record
/// from one made later in the same place, on this thread or another.
uintptr_t routematch_mounted_hits_generation(void);

/// A thread's spare: one object of the thread's own, which the thread's links are read into
/// when no view of the last one is left (`LinkView.Shared`). Held in a box of the thread's own,
/// which a thread-exit destructor frees, releasing the object.
typedef struct routematch_spare_box {
    void *_Nullable object;
} routematch_spare_box;

/// The current thread's spare box, or null before the thread's first use of it.
extern _Thread_local routematch_spare_box *_Nullable routematch_spare;

/// Gives the current thread `object` (+1) as its spare object, which `release` releases at the
/// thread's exit; returns whether it took it (a thread keeps its first one for good; when it
/// did not take it, the caller still owns `object`).
int routematch_spare_install(void *_Nonnull object, void (*_Nonnull release)(void *_Nonnull));

/// The current thread's spare object (+0), or null before one is installed.
static inline void *_Nullable routematch_spare_object(void) {
    routematch_spare_box *box = routematch_spare;
    return box == 0 ? 0 : box->object;
}

#endif
