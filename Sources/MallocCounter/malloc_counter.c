/* The malloc family, counting per thread; see include/MallocCounter.h. Only counts: every call is forwarded to
 * glibc's implementation, as its manual allows ("Replacing malloc": malloc, free, calloc, realloc and the aligned
 * variants replaced together). */
#include "MallocCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define THEREMIN_SANITIZED 1
#endif
#endif

#ifndef THEREMIN_SANITIZED

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

/* initial-exec TLS in the executable: reading it never allocates (safe inside malloc). */
static __thread int counting;
static __thread uint64_t count;
static inline void note(void) {
    if (counting) count++;
}

void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { note(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { note(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *valloc(size_t size) { note(); return __libc_memalign(4096, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    note();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer && size) return ENOMEM;
    *result = pointer;
    return 0;
}

int theremin_malloc_counter_available(void) { return 1; }
#else
static __thread int counting;
static __thread uint64_t count;
int theremin_malloc_counter_available(void) { return 0; }
#endif

void theremin_malloc_counter_begin(void) {
    count = 0;
    counting = 1;
}

uint64_t theremin_malloc_counter_end(void) {
    counting = 0;
    return count;
}
