#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>
/// The number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc)
/// made by this process so far; 0 where counting is not available.
uint64_t malloc_counter_allocations(void);
/// The bytes currently allocated (usable sizes of live blocks) by this process; 0 where
/// counting is not available.
int64_t malloc_counter_live_bytes(void);
/// Whether allocations are being counted on this platform.
int malloc_counter_available(void);
#endif
