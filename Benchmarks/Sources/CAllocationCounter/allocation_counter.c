// Interposes the C allocator to count calls. The functions below are defined in the executable, so
// they take precedence over glibc's for every shared object in the process; each one counts, then
// forwards to the next definition (glibc's), found with dlsym(RTLD_NEXT).
//
// dlsym may itself allocate (its error buffer), before the real functions are known. Those few
// early requests are served from a static arena and never freed: free and realloc recognise arena
// pointers by address.
#define _GNU_SOURCE
#include "allocation_counter.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);
static int (*next_posix_memalign)(void **, size_t, size_t);
static void *(*next_aligned_alloc)(size_t, size_t);
static void *(*next_memalign)(size_t, size_t);
static void *(*next_valloc)(size_t);
static void *(*next_pvalloc)(size_t);

static _Alignas(16) unsigned char arena[16384];
static size_t arena_used;
static int resolving;

static int in_arena(const void *pointer) {
    const unsigned char *byte = pointer;
    return byte >= arena && byte < arena + sizeof arena;
}

static void *arena_allocate(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    if (rounded > sizeof arena - arena_used) return NULL;
    void *result = arena + arena_used;
    arena_used += rounded;
    return result;
}

static void resolve(void) {
    if (next_free != NULL || resolving) return;
    resolving = 1;
    next_malloc = dlsym(RTLD_NEXT, "malloc");
    next_calloc = dlsym(RTLD_NEXT, "calloc");
    next_realloc = dlsym(RTLD_NEXT, "realloc");
    next_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    next_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    next_memalign = dlsym(RTLD_NEXT, "memalign");
    next_valloc = dlsym(RTLD_NEXT, "valloc");
    next_pvalloc = dlsym(RTLD_NEXT, "pvalloc");
    next_free = dlsym(RTLD_NEXT, "free");
    resolving = 0;
}

__attribute__((constructor)) static void resolve_early(void) { resolve(); }

static void count_allocation(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

uint64_t allocation_counter_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

uint64_t allocation_counter_frees(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }

void *malloc(size_t size) {
    count_allocation();
    resolve();
    if (next_malloc == NULL) return arena_allocate(size);
    return next_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    resolve();
    if (next_calloc == NULL) {
        if (size != 0 && count > SIZE_MAX / size) return NULL;
        return arena_allocate(count * size); // static storage is already zero
    }
    return next_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    resolve();
    if (in_arena(pointer) || next_realloc == NULL) {
        void *moved = next_malloc != NULL ? next_malloc(size) : arena_allocate(size);
        if (moved != NULL && pointer != NULL) {
            size_t available = (size_t)(arena + sizeof arena - (unsigned char *)pointer);
            memcpy(moved, pointer, size < available ? size : available);
        }
        return moved;
    }
    return next_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer == NULL) return;
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    if (in_arena(pointer)) return;
    resolve();
    if (next_free != NULL) next_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    resolve();
    return next_posix_memalign(result, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    resolve();
    return next_aligned_alloc(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    resolve();
    return next_memalign(alignment, size);
}

void *valloc(size_t size) {
    count_allocation();
    resolve();
    return next_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    resolve();
    return next_pvalloc(size);
}
