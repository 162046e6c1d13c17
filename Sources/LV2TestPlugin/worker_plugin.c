/* A test-only LV2 plugin, urn:theremin:test:worker, for what no Debian plugin does while it plays: it schedules work
   from `run` every `every` cycles (its control input), its `work` answers, and the answer, delivered by the host
   before a later `run`, toggles its gain between 1 and 0.5 from that run's first frame on. It logs a line from `run`
   each time it schedules (the host must not print it from the render path) and reports 64 frames of latency. Mono:
   in (0), out (1), every (2), latency (3). */
#include <lv2/core/lv2.h>
#include <lv2/log/log.h>
#include <lv2/urid/urid.h>
#include <lv2/worker/worker.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const float *in;
    float *out;
    const float *every;
    float *latency;
    LV2_Worker_Schedule *schedule;
    LV2_Log_Log *log;
    LV2_URID note;
    uint32_t cycle;
    float gain;
} Plugin;

static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate, const char *path,
                              const LV2_Feature *const *features) {
    (void)descriptor; (void)rate; (void)path;
    Plugin *plugin = calloc(1, sizeof *plugin);
    if (!plugin) return NULL;
    LV2_URID_Map *map = NULL;
    for (int i = 0; features[i]; i++) {
        if (!strcmp(features[i]->URI, LV2_URID__map)) map = features[i]->data;
        if (!strcmp(features[i]->URI, LV2_WORKER__schedule)) plugin->schedule = features[i]->data;
        if (!strcmp(features[i]->URI, LV2_LOG__log)) plugin->log = features[i]->data;
    }
    if (!map || !plugin->schedule || !plugin->log) {
        free(plugin);
        return NULL;
    }
    plugin->note = map->map(map->handle, LV2_LOG__Note);
    plugin->gain = 1;
    return plugin;
}

static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
    Plugin *plugin = handle;
    switch (port) {
    case 0: plugin->in = data; break;
    case 1: plugin->out = data; break;
    case 2: plugin->every = data; break;
    case 3: plugin->latency = data; break;
    }
}

static void run(LV2_Handle handle, uint32_t frames) {
    Plugin *plugin = handle;
    for (uint32_t i = 0; i < frames; i++) plugin->out[i] = plugin->in[i] * plugin->gain;
    *plugin->latency = 64;
    uint32_t every = *plugin->every >= 1 ? (uint32_t)*plugin->every : 1;
    if (plugin->cycle % every == 0) {
        uint32_t request = plugin->cycle;
        plugin->schedule->schedule_work(plugin->schedule->handle, sizeof request, &request);
        plugin->log->printf(plugin->log->handle, plugin->note, "scheduled work in cycle %u\n", request);
    }
    plugin->cycle++;
}

static LV2_Worker_Status work(LV2_Handle handle, LV2_Worker_Respond_Function respond, LV2_Worker_Respond_Handle to,
                              uint32_t size, const void *data) {
    (void)handle;
    if (size != sizeof(uint32_t)) return LV2_WORKER_ERR_UNKNOWN;
    uint32_t answer;
    memcpy(&answer, data, sizeof answer);
    answer += 1000;
    return respond(to, sizeof answer, &answer);
}

static LV2_Worker_Status work_response(LV2_Handle handle, uint32_t size, const void *data) {
    Plugin *plugin = handle;
    (void)data;
    if (size != sizeof(uint32_t)) return LV2_WORKER_ERR_UNKNOWN;
    plugin->gain = plugin->gain == 1 ? 0.5f : 1;
    return LV2_WORKER_SUCCESS;
}

static const void *extension_data(const char *uri) {
    static const LV2_Worker_Interface worker = { work, work_response, NULL };
    return strcmp(uri, LV2_WORKER__interface) ? NULL : &worker;
}

static void cleanup(LV2_Handle handle) { free(handle); }

static const LV2_Descriptor descriptor = {
    "urn:theremin:test:worker", instantiate, connect_port, NULL, run, NULL, cleanup, extension_data
};

LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) { return index == 0 ? &descriptor : NULL; }
