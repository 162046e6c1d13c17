#ifndef THEREMIN_LV2_HOST_FEATURES_H
#define THEREMIN_LV2_HOST_FEATURES_H
/* The LV2 host features theremin gives every plugin, in C because the LV2 interfaces are C function tables (the log
   interface is variadic, which Swift cannot define): one URID map for the process, options, buf-size, log, and a
   worker whose render-side half is lock-free. ThereminLV2's `LV2Instance` owns one `TheremLV2Host` per plugin
   instance. */
#include <stdbool.h>
#include <stdint.h>
#include <lilv/lilv.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The process's URID map and unmap (thread-safe; never called from the render path by theremin itself). */
const LV2_Feature *theremin_lv2_map_feature(void);
const LV2_Feature *theremin_lv2_unmap_feature(void);
uint32_t theremin_lv2_map(const char *uri);
const char *theremin_lv2_unmap(uint32_t urid);

/* Log lines logged on the render path and dropped because the ring of pending lines was full. */
uint64_t theremin_lv2_dropped_log_lines(void);
/* Prints the log lines the render path queued (the worker thread does this every 100 ms as well). */
void theremin_lv2_flush_log(void);

typedef struct TheremLV2Host TheremLV2Host;

/* Features for one plugin instance at `rate`, blocks of 1...`max_block` frames, atom sequences of
   `sequence_size` bytes. `real_time`: the worker runs on the worker thread (live); otherwise `work` runs at once in
   the render call that scheduled it, so an offline render is the same every time. `name` prefixes its log lines. */
TheremLV2Host *theremin_lv2_host_new(double rate, uint32_t max_block, uint32_t sequence_size, bool real_time,
                                     const char *name);
/* The NULL-terminated feature array to instantiate with. */
const LV2_Feature *const *theremin_lv2_host_features(TheremLV2Host *host);
/* After instantiation: finds the plugin's worker interface, if any, and joins the worker thread. */
void theremin_lv2_host_attach(TheremLV2Host *host, LilvInstance *instance);
/* An atom port's buffer (owned by the host): input sequences are empty, output sequences reset every run. */
void *theremin_lv2_host_atom_buffer(TheremLV2Host *host, bool output);
/* One render cycle: worker responses delivered, `run`, then `end_run`. No allocation, lock or I/O. */
void theremin_lv2_host_run(TheremLV2Host *host, uint32_t frames);
/* Leaves the worker thread, waiting for work in progress (before the instance is deactivated and freed). */
void theremin_lv2_host_detach(TheremLV2Host *host);
/* Frees the host side (detaching first if still attached); after the instance is freed. */
void theremin_lv2_host_free(TheremLV2Host *host);
/* Whether the plugin has a worker interface (after attach). */
bool theremin_lv2_host_has_worker(const TheremLV2Host *host);
/* Work the plugin scheduled, work done, responses delivered to it, and requests refused (the ring was full). */
void theremin_lv2_host_work_counts(TheremLV2Host *host, uint64_t *scheduled, uint64_t *done, uint64_t *delivered,
                                   uint64_t *dropped);

/* Opens the plugin's library as lilv will (RTLD_NOW); on failure writes dlerror's reason into `reason`. */
bool theremin_lv2_library_loads(const char *path, char *reason, size_t reason_size);

#ifdef __cplusplus
}
#endif
#endif
