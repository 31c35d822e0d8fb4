// Counts heap allocations by wrapping the C allocator. On glibc the executable's definitions of
// malloc & co. take precedence over libc's, and forward to glibc's internal entry points. The
// Swift runtime allocates through malloc, so every Swift allocation is counted. Elsewhere the
// counter reports itself unavailable.
#include "MallocCounter.h"
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <stdatomic.h>
#include <errno.h>
#include <malloc.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static _Atomic uint64_t counter = 0;
static _Atomic int64_t live = 0;

static void *counted(void *pointer) {
    if (pointer != NULL) atomic_fetch_add_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
    return pointer;
}

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return counted(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return counted(__libc_calloc(count, size));
}

void free(void *pointer) {
    if (pointer != NULL) atomic_fetch_sub_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
    __libc_free(pointer);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    if (pointer != NULL) atomic_fetch_sub_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
    void *result = __libc_realloc(pointer, size);
    if (result == NULL && pointer != NULL && size != 0) {
        // The old block is still live.
        atomic_fetch_add_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
        return NULL;
    }
    return counted(result);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = counted(pointer);
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return counted(__libc_memalign(alignment, size));
}

uint64_t malloc_counter_allocations(void) { return atomic_load_explicit(&counter, memory_order_relaxed); }
int64_t malloc_counter_live_bytes(void) { return atomic_load_explicit(&live, memory_order_relaxed); }
int malloc_counter_available(void) { return 1; }
#else
uint64_t malloc_counter_allocations(void) { return 0; }
int64_t malloc_counter_live_bytes(void) { return 0; }
int malloc_counter_available(void) { return 0; }
#endif
