/* One plugin instance's host side: the feature array it is instantiated with (URID map and unmap, options,
   bounded block length, log, worker schedule, isLive when playing live), its atom port buffers, and its render
   cycle, which delivers the worker's responses before `run` and calls `end_run` after it. */
#include "internal.h"
#include <dlfcn.h>
#include <lv2/atom/atom.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/options/options.h>
#include <lv2/parameters/parameters.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

enum { RING_BYTES = 1 << 16, MAX_ATOM_PORTS = 16 };

struct TheremLV2Host {
    char name[160];
    bool real_time;
    float sample_rate;
    int32_t min_block, max_block, nominal_block, sequence_size;
    LV2_Options_Option options[6];
    LV2_Log_Log log;
    LV2_Worker_Schedule schedule;
    LV2_Feature options_feature, log_feature, schedule_feature, bounded_feature, live_feature;
    const LV2_Feature *features[10];
    LilvInstance *instance;
    const LV2_Worker_Interface *worker;
    MessageRing requests, responses;
    uint8_t *response_scratch, *work_scratch;
    _Atomic uint64_t dropped_work, scheduled_work, done_work, delivered_responses;
    LV2_Atom *atoms[MAX_ATOM_PORTS];
    bool atom_output[MAX_ATOM_PORTS];
    int atom_count;
    uint32_t sequence_urid, chunk_urid;
};

static LV2_Worker_Status respond(LV2_Worker_Respond_Handle handle, uint32_t size, const void *data) {
    TheremLV2Host *host = handle;
    return ring_push(&host->responses, size, data) ? LV2_WORKER_SUCCESS : LV2_WORKER_ERR_NO_SPACE;
}

/* Called by the plugin in `run`: queued (lock-free). Live, the worker thread is woken to do it; offline, it is done
   at the start of the next render cycle (never inside `run`, which some plugins do not survive), so its response
   arrives at the same sample every render. */
static LV2_Worker_Status schedule_work(LV2_Worker_Schedule_Handle handle, uint32_t size, const void *data) {
    TheremLV2Host *host = handle;
    if (!host->worker || !host->worker->work) return LV2_WORKER_ERR_UNKNOWN;
    if (!ring_push(&host->requests, size, data)) {
        atomic_fetch_add(&host->dropped_work, 1);
        return LV2_WORKER_ERR_NO_SPACE;
    }
    atomic_fetch_add_explicit(&host->scheduled_work, 1, memory_order_relaxed);
    if (host->real_time) worker_wake();
    return LV2_WORKER_SUCCESS;
}

void host_serve(TheremLV2Host *host) {
    if (!host->worker || !host->worker->work) return;
    long size;
    while ((size = ring_pop(&host->requests, host->work_scratch, RING_BYTES)) >= 0) {
        host->worker->work(lilv_instance_get_handle(host->instance), respond, host, (uint32_t)size, host->work_scratch);
        atomic_fetch_add_explicit(&host->done_work, 1, memory_order_relaxed);
    }
}

static LV2_Options_Option option(uint32_t key, uint32_t type, const void *value, uint32_t size) {
    return (LV2_Options_Option){ LV2_OPTIONS_INSTANCE, 0, key, size, type, value };
}

TheremLV2Host *theremin_lv2_host_new(double rate, uint32_t max_block, uint32_t sequence_size, bool real_time,
                                     const char *name) {
    TheremLV2Host *host = calloc(1, sizeof *host);
    if (!host) return NULL;
    if (!ring_init(&host->requests, RING_BYTES) || !ring_init(&host->responses, RING_BYTES)
        || !(host->response_scratch = malloc(RING_BYTES)) || !(host->work_scratch = malloc(RING_BYTES))) {
        theremin_lv2_host_free(host);
        return NULL;
    }
    snprintf(host->name, sizeof host->name, "%s", name);
    host->real_time = real_time;
    host->sample_rate = (float)rate;
    host->min_block = 1;
    host->max_block = host->nominal_block = (int32_t)max_block;
    host->sequence_size = (int32_t)sequence_size;
    host->sequence_urid = theremin_lv2_map(LV2_ATOM__Sequence);
    host->chunk_urid = theremin_lv2_map(LV2_ATOM__Chunk);
    uint32_t int_type = theremin_lv2_map(LV2_ATOM__Int), float_type = theremin_lv2_map(LV2_ATOM__Float);
    host->options[0] = option(theremin_lv2_map(LV2_PARAMETERS__sampleRate), float_type, &host->sample_rate, sizeof(float));
    host->options[1] = option(theremin_lv2_map(LV2_BUF_SIZE__minBlockLength), int_type, &host->min_block, sizeof(int32_t));
    host->options[2] = option(theremin_lv2_map(LV2_BUF_SIZE__maxBlockLength), int_type, &host->max_block, sizeof(int32_t));
    host->options[3] = option(theremin_lv2_map(LV2_BUF_SIZE__nominalBlockLength), int_type, &host->nominal_block, sizeof(int32_t));
    host->options[4] = option(theremin_lv2_map(LV2_BUF_SIZE__sequenceSize), int_type, &host->sequence_size, sizeof(int32_t));
    /* options[5] stays zeroed: the terminator */
    log_init(&host->log, host->name);
    host->schedule = (LV2_Worker_Schedule){ host, schedule_work };
    host->options_feature = (LV2_Feature){ LV2_OPTIONS__options, host->options };
    host->log_feature = (LV2_Feature){ LV2_LOG__log, &host->log };
    host->schedule_feature = (LV2_Feature){ LV2_WORKER__schedule, &host->schedule };
    host->bounded_feature = (LV2_Feature){ LV2_BUF_SIZE__boundedBlockLength, NULL };
    host->live_feature = (LV2_Feature){ LV2_CORE__isLive, NULL };
    int count = 0;
    host->features[count++] = theremin_lv2_map_feature();
    host->features[count++] = theremin_lv2_unmap_feature();
    host->features[count++] = &host->options_feature;
    host->features[count++] = &host->bounded_feature;
    host->features[count++] = &host->log_feature;
    host->features[count++] = &host->schedule_feature;
    if (real_time) host->features[count++] = &host->live_feature;
    host->features[count] = NULL;
    return host;
}

const LV2_Feature *const *theremin_lv2_host_features(TheremLV2Host *host) { return host->features; }

void theremin_lv2_host_attach(TheremLV2Host *host, LilvInstance *instance) {
    host->instance = instance;
    host->worker = lilv_instance_get_extension_data(instance, LV2_WORKER__interface);
    if (host->worker && host->real_time) worker_join(host);
}

bool theremin_lv2_host_has_worker(const TheremLV2Host *host) { return host->worker != NULL; }

void theremin_lv2_host_work_counts(TheremLV2Host *host, uint64_t *scheduled, uint64_t *done, uint64_t *delivered,
                                   uint64_t *dropped) {
    *scheduled = atomic_load(&host->scheduled_work);
    *done = atomic_load(&host->done_work);
    *delivered = atomic_load(&host->delivered_responses);
    *dropped = atomic_load(&host->dropped_work);
}

void *theremin_lv2_host_atom_buffer(TheremLV2Host *host, bool output) {
    if (host->atom_count == MAX_ATOM_PORTS) return NULL;
    LV2_Atom *atom = calloc(1, (size_t)host->sequence_size);
    if (!atom) return NULL;
    host->atom_output[host->atom_count] = output;
    host->atoms[host->atom_count++] = atom;
    return atom;
}

void theremin_lv2_host_run(TheremLV2Host *host, uint32_t frames) {
    theremin_lv2_in_render = true;
    if (!host->real_time) host_serve(host); /* offline: last cycle's work, between the two runs as the thread would */
    if (host->worker && host->worker->work_response) {
        long size;
        while ((size = ring_pop(&host->responses, host->response_scratch, RING_BYTES)) >= 0) {
            host->worker->work_response(lilv_instance_get_handle(host->instance), (uint32_t)size, host->response_scratch);
            atomic_fetch_add_explicit(&host->delivered_responses, 1, memory_order_relaxed);
        }
    }
    for (int index = 0; index < host->atom_count; index++) {
        LV2_Atom *atom = host->atoms[index];
        if (host->atom_output[index]) { /* room for the plugin to write a sequence */
            atom->type = host->chunk_urid;
            atom->size = (uint32_t)host->sequence_size - sizeof(LV2_Atom);
        } else { /* an empty sequence: no events */
            LV2_Atom_Sequence *sequence = (LV2_Atom_Sequence *)atom;
            sequence->atom.type = host->sequence_urid;
            sequence->atom.size = sizeof(LV2_Atom_Sequence_Body);
            sequence->body.unit = 0;
            sequence->body.pad = 0;
        }
    }
#if defined(__x86_64__) || defined(__i386__)
    /* Denormals flushed to zero while the plugin runs, as Ardour and Carla do: a reverb's tail decaying towards
       silence otherwise falls into denormal numbers, each operation on them many times slower. */
    unsigned int control = _mm_getcsr();
    _mm_setcsr(control | 0x8040); /* FTZ | DAZ */
    lilv_instance_run(host->instance, frames);
    _mm_setcsr(control);
#else
    lilv_instance_run(host->instance, frames);
#endif
    if (host->worker && host->worker->end_run) host->worker->end_run(lilv_instance_get_handle(host->instance));
    theremin_lv2_in_render = false;
}

void theremin_lv2_host_detach(TheremLV2Host *host) {
    if (host->worker && host->real_time) worker_leave(host);
    host->worker = NULL;
}

void theremin_lv2_host_free(TheremLV2Host *host) {
    if (!host) return;
    theremin_lv2_host_detach(host);
    for (int index = 0; index < host->atom_count; index++) free(host->atoms[index]);
    ring_free(&host->requests);
    ring_free(&host->responses);
    free(host->response_scratch);
    free(host->work_scratch);
    free(host);
}

bool theremin_lv2_library_loads(const char *path, char *reason, size_t reason_size) {
    void *library = dlopen(path, RTLD_NOW);
    if (library) {
        dlclose(library);
        return true;
    }
    const char *error = dlerror();
    snprintf(reason, reason_size, "%s", error ? error : "unknown reason");
    return false;
}
