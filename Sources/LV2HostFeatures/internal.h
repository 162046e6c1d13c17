/* What the host feature files share; not part of the module's API. */
#ifndef THEREMIN_LV2_HOST_INTERNAL_H
#define THEREMIN_LV2_HOST_INTERNAL_H
#include "LV2HostFeatures.h"
#include <lv2/log/log.h>
#include <lv2/worker/worker.h>
#include <stdarg.h>
#include <stdatomic.h>

/* Set while this thread is inside a plugin's render cycle: the log then queues instead of printing. */
extern _Thread_local bool theremin_lv2_in_render;

/* A single-producer single-consumer ring of messages (a 32-bit size, then the bytes), lock-free. */
typedef struct {
    uint8_t *bytes;
    size_t capacity; /* a power of two */
    _Atomic size_t write, read;
} MessageRing;
bool ring_init(MessageRing *ring, size_t capacity);
void ring_free(MessageRing *ring);
bool ring_push(MessageRing *ring, uint32_t size, const void *data);
/* Copies the next message into `out` (at most `limit` bytes); returns its size, or -1 when empty. */
long ring_pop(MessageRing *ring, void *out, size_t limit);

/* The log interface for one instance: its lines start "theremin: lv2 NAME: ". */
void log_init(LV2_Log_Log *log, const char *name);

/* The worker thread (started with the first instance that has a worker): serves `host` until it leaves. */
void worker_join(TheremLV2Host *host);
void worker_leave(TheremLV2Host *host);
void worker_wake(void);
/* Serves every pending request of `host` (on the worker thread). */
void host_serve(TheremLV2Host *host);
#endif
