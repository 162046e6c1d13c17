#ifndef THEREMIN_MALLOC_COUNTER_H
#define THEREMIN_MALLOC_COUNTER_H
/*
 * Counts heap allocations made by the calling thread between begin and end, for checking that the render path
 * never allocates. Linked into an executable (render-alloc-check), the malloc family defined in malloc_counter.c
 * takes precedence over glibc's for every library in the process (the executable comes first in symbol lookup), and
 * forwards to glibc's own entry points (__libc_malloc, ...). No LD_PRELOAD, no deprecated malloc hooks.
 *
 * Aggregate statistics such as mallinfo2() cannot do this job: an allocation freed within the same block goes back
 * to the thread's cache and leaves every total unchanged.
 */
#include <stdint.h>

/// Nonzero when counting works in this build; zero under AddressSanitizer or ThreadSanitizer, whose runtimes own
/// the malloc family themselves.
int theremin_malloc_counter_available(void);
/// Starts counting this thread's allocations (malloc, calloc, realloc, the aligned variants) from zero.
void theremin_malloc_counter_begin(void);
/// Stops counting and returns the number of allocations made since begin.
uint64_t theremin_malloc_counter_end(void);
#endif
