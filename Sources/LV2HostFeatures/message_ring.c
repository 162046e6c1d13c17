/* A lock-free single-producer single-consumer ring of messages, for the worker's requests (render thread to worker
   thread) and responses (worker thread to render thread): each side owns one index and publishes it with a
   release store, so neither side ever blocks or allocates. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

bool ring_init(MessageRing *ring, size_t capacity) {
    ring->bytes = calloc(capacity, 1);
    ring->capacity = capacity;
    atomic_init(&ring->write, 0);
    atomic_init(&ring->read, 0);
    return ring->bytes != NULL;
}

void ring_free(MessageRing *ring) { free(ring->bytes); }

static void copy_in(MessageRing *ring, size_t at, const void *data, size_t size) {
    size_t start = at & (ring->capacity - 1), first = ring->capacity - start < size ? ring->capacity - start : size;
    memcpy(ring->bytes + start, data, first);
    memcpy(ring->bytes, (const uint8_t *)data + first, size - first);
}

static void copy_out(const MessageRing *ring, size_t at, void *out, size_t size) {
    size_t start = at & (ring->capacity - 1), first = ring->capacity - start < size ? ring->capacity - start : size;
    memcpy(out, ring->bytes + start, first);
    memcpy((uint8_t *)out + first, ring->bytes, size - first);
}

bool ring_push(MessageRing *ring, uint32_t size, const void *data) {
    size_t write = atomic_load_explicit(&ring->write, memory_order_relaxed);
    size_t read = atomic_load_explicit(&ring->read, memory_order_acquire);
    if (ring->capacity - (write - read) < sizeof size + size) return false;
    copy_in(ring, write, &size, sizeof size);
    copy_in(ring, write + sizeof size, data, size);
    atomic_store_explicit(&ring->write, write + sizeof size + size, memory_order_release);
    return true;
}

long ring_pop(MessageRing *ring, void *out, size_t limit) {
    size_t read = atomic_load_explicit(&ring->read, memory_order_relaxed);
    size_t write = atomic_load_explicit(&ring->write, memory_order_acquire);
    if (write == read) return -1;
    uint32_t size;
    copy_out(ring, read, &size, sizeof size);
    if (size <= limit) copy_out(ring, read + sizeof size, out, size);
    atomic_store_explicit(&ring->read, read + sizeof size + size, memory_order_release);
    return size <= limit ? (long)size : 0; /* a message too large for `out` is skipped (never: limit is the ring) */
}
