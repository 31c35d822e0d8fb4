// The operations are `static inline` in the header; this file defines the thread-local words
// they read and write, and makes a thread's spare box and its block of mounted routes' records.
#include "CRouteMatchAtomics.h"
#include <pthread.h>
#include <stdlib.h>

_Thread_local void *_Nullable routematch_current_decoder = 0;

_Thread_local void *_Nullable routematch_mounted_hits = 0;

_Thread_local routematch_spare_box *_Nullable routematch_spare = 0;

/// How a spare object is released at a thread's exit (set by each install; always the same
/// function).
static _Atomic(void (*)(void *)) routematch_spare_release = 0;
static pthread_key_t routematch_spare_key;
static pthread_once_t routematch_spare_once = PTHREAD_ONCE_INIT;
static int routematch_spare_key_made = 0;

/// At a thread's exit: releases the spare its box holds and frees the box. (The box comes as
/// the key's value; the thread-local word is cleared, so that a release made by a later
/// destructor on the thread makes a box of its own, which the next round of destructors frees.)
static void routematch_spare_exit(void *_Nullable value) {
    routematch_spare_box *box = value;
    if (box == 0) { return; }
    if (routematch_spare == box) { routematch_spare = 0; }
    void *object = box->object;
    box->object = 0;
    void (*release)(void *) = atomic_load_explicit(&routematch_spare_release, memory_order_relaxed);
    if (object != 0 && release != 0) { release(object); }
    free(box);
}

static void routematch_spare_make_key(void) {
    routematch_spare_key_made = pthread_key_create(&routematch_spare_key, routematch_spare_exit) == 0;
}

int routematch_spare_install(void *_Nonnull object, void (*_Nonnull release)(void *_Nonnull)) {
    if (routematch_spare != 0) { return 0; }
    atomic_store_explicit(&routematch_spare_release, release, memory_order_relaxed);
    pthread_once(&routematch_spare_once, routematch_spare_make_key);
    if (!routematch_spare_key_made) { return 0; }
    routematch_spare_box *box = calloc(1, sizeof(routematch_spare_box));
    if (box == 0) { return 0; }
    if (pthread_setspecific(routematch_spare_key, box) != 0) {
        free(box);
        return 0;
    }
    box->object = object;
    routematch_spare = box;
    return 1;
}

static pthread_key_t routematch_mounted_hits_key;
static pthread_once_t routematch_mounted_hits_once = PTHREAD_ONCE_INIT;
static int routematch_mounted_hits_key_made = 0;
static _Atomic(uintptr_t) routematch_mounted_hits_count = 0;

/// At a thread's exit: frees its block of records (it holds none then: every attempt that
/// made one has returned).
static void routematch_mounted_hits_exit(void *_Nullable value) {
    if (routematch_mounted_hits == value) { routematch_mounted_hits = 0; }
    free(value);
}

static void routematch_mounted_hits_make_key(void) {
    routematch_mounted_hits_key_made = pthread_key_create(&routematch_mounted_hits_key, routematch_mounted_hits_exit) == 0;
}

void *_Nullable routematch_mounted_hits_make(size_t size) {
    if (routematch_mounted_hits != 0) { return routematch_mounted_hits; }
    pthread_once(&routematch_mounted_hits_once, routematch_mounted_hits_make_key);
    if (!routematch_mounted_hits_key_made) { return 0; }
    void *block = calloc(1, size);
    if (block == 0) { return 0; }
    if (pthread_setspecific(routematch_mounted_hits_key, block) != 0) {
        free(block);
        return 0;
    }
    routematch_mounted_hits = block;
    return block;
}

uintptr_t routematch_mounted_hits_generation(void) {
    return atomic_fetch_add_explicit(&routematch_mounted_hits_count, 1, memory_order_relaxed) + 1;
}
