#ifndef HANGUL_ALLOCATION_COUNTER_H
#define HANGUL_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc and pvalloc
/// made in this process so far, by any library: the executable that links this target defines those
/// functions, so the dynamic linker binds every caller (libc and the Swift runtime included) to them.
uint64_t allocation_counter_allocations(void);

/// Calls to free so far.
uint64_t allocation_counter_frees(void);

#endif
