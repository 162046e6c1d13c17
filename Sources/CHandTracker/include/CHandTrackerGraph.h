#ifndef THEREMIN_CHANDTRACKERGRAPH_H
#define THEREMIN_CHANDTRACKERGRAPH_H
/*
 * One neural network graph file (models/README.md, "Graph file format") run by XNNPACK on its own: what the tracker
 * does inside with its two models, open to tests of the subgraph builder and to the model converter's check.
 * Same conventions as CHandTracker.h: status codes, one-line messages, no C++ exception crosses the API.
 */
#include <stddef.h>

#include "CHandTracker.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque handle of one built graph. Not thread-safe. */
typedef struct th_graph th_graph;

/** Reads, checks and builds a graph file; `threads` as th_options.threads. Errors as th_tracker_create. */
th_status th_graph_load(const char *path, int threads, th_graph **out, char *error, size_t error_size);

/** Frees a graph. NULL is ignored. */
void th_graph_destroy(th_graph *graph);

/** Number of inputs, and the floats input `index` takes (0 if out of range). */
int th_graph_input_count(const th_graph *graph);
size_t th_graph_input_size(const th_graph *graph, int index);

/** Number of output slots, the floats slot `index` holds, and its name ("" if out of range). */
int th_graph_output_count(const th_graph *graph);
size_t th_graph_output_size(const th_graph *graph, int index);
const char *th_graph_output_name(const th_graph *graph, int index);

/**
 * Copies `input_count` inputs in (each th_graph_input_size floats, NHWC), runs the graph, and copies every output
 * slot into `outputs` (each th_graph_output_size floats). The counts must equal the graph's.
 */
th_status th_graph_run(th_graph *graph, const float *const *inputs, int input_count, float *const *outputs,
                       int output_count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif
#endif
