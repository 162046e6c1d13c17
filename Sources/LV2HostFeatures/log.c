/* The log feature: a plugin's messages become one line each on stderr, "theremin: lv2 NAME: message". Never printed
   from the render path: a line logged inside a render cycle is formatted into one of a fixed set of slots (no
   allocation, no lock) and printed later by the worker thread, or dropped and counted when every slot is taken.
   Trace messages are dropped: they are for the plugin's developer. */
#include "internal.h"
#include <lv2/urid/urid.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

_Thread_local bool theremin_lv2_in_render;

enum { SLOTS = 32, LINE = 256 };
/* 0 free, 1 being written, 2 ready to print */
static _Atomic int slot_state[SLOTS];
static _Atomic uint64_t next_sequence, dropped;
static uint64_t dropped_reported; /* under flush_lock */
static uint64_t slot_sequence[SLOTS];
static _Atomic uint32_t trace_urid, warning_urid;
static pthread_mutex_t flush_lock = PTHREAD_MUTEX_INITIALIZER;
static char slot_text[SLOTS][LINE];

static void print_line(const char *text) {
    size_t length = strlen(text);
    while (length && (text[length - 1] == '\n' || text[length - 1] == '\r')) length--;
    fprintf(stderr, "%.*s\n", (int)length, text);
}

static int log_vprintf(LV2_Log_Handle handle, LV2_URID type, const char *format, va_list arguments) {
    const char *name = handle;
    if (type && type == atomic_load_explicit(&trace_urid, memory_order_relaxed)) return 0;
    const char *level = type == atomic_load_explicit(&warning_urid, memory_order_relaxed) ? "warning: " : "";
    if (!theremin_lv2_in_render) {
        char line[1024];
        int prefix = snprintf(line, sizeof line, "theremin: lv2 %s: %s", name, level);
        int written = vsnprintf(line + prefix, sizeof line - (size_t)prefix, format, arguments);
        print_line(line);
        return written;
    }
    for (int slot = 0; slot < SLOTS; slot++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&slot_state[slot], &expected, 1)) continue;
        slot_sequence[slot] = atomic_fetch_add(&next_sequence, 1);
        int prefix = snprintf(slot_text[slot], LINE, "theremin: lv2 %s: %s", name, level);
        int written = prefix < LINE ? vsnprintf(slot_text[slot] + prefix, LINE - (size_t)prefix, format, arguments) : 0;
        atomic_store(&slot_state[slot], 2);
        return written;
    }
    atomic_fetch_add(&dropped, 1);
    return 0;
}

static int log_printf(LV2_Log_Handle handle, LV2_URID type, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int written = log_vprintf(handle, type, format, arguments);
    va_end(arguments);
    return written;
}

void log_init(LV2_Log_Log *log, const char *name) {
    log->handle = (LV2_Log_Handle)name;
    log->printf = log_printf;
    log->vprintf = log_vprintf;
    /* Mapped now, off the render path: the render path compares with these, never calling map (which locks). */
    atomic_store(&trace_urid, theremin_lv2_map(LV2_LOG__Trace));
    atomic_store(&warning_urid, theremin_lv2_map(LV2_LOG__Warning));
}

void theremin_lv2_flush_log(void) {
    pthread_mutex_lock(&flush_lock); /* the worker thread and the main thread may both flush */
    for (;;) { /* oldest first */
        int oldest = -1;
        for (int slot = 0; slot < SLOTS; slot++) {
            if (atomic_load(&slot_state[slot]) == 2 && (oldest < 0 || slot_sequence[slot] < slot_sequence[oldest])) oldest = slot;
        }
        if (oldest < 0) break;
        print_line(slot_text[oldest]);
        atomic_store(&slot_state[oldest], 0);
    }
    uint64_t lost = atomic_load(&dropped);
    if (lost > dropped_reported) {
        fprintf(stderr, "theremin: lv2: %llu more plugin log line(s) while rendering were not kept (32 wait at most)\n",
                (unsigned long long)(lost - dropped_reported));
        dropped_reported = lost;
    }
    pthread_mutex_unlock(&flush_lock);
}

uint64_t theremin_lv2_dropped_log_lines(void) { return atomic_load(&dropped); }
