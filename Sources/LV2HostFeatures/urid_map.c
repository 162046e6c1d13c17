/* The process's URID map: one table for every plugin instance, so a URID means the same URI to every plugin and to
   theremin. A hash table of URI strings (open addressing) behind a mutex: plugins map URIs when they are
   instantiated, on the main thread, and LV2 allows map/unmap to block (they are not real-time functions). Strings
   are never freed, so a pointer unmap returns stays valid for the process. */
#include "LV2HostFeatures.h"
#include <lv2/urid/urid.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static char **uris;         /* uris[urid - 1] */
static uint32_t uri_count, uri_capacity;
static uint32_t *slots;     /* hash slot -> urid (0 empty) */
static uint32_t slot_count; /* a power of two, at least twice uri_count */

static uint64_t hash(const char *text) {
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *text; text++) h = (h ^ (unsigned char)*text) * 1099511628211ull;
    return h;
}

static bool grow_slots(void) {
    uint32_t count = slot_count ? slot_count * 2 : 1024;
    uint32_t *grown = calloc(count, sizeof *grown);
    if (!grown) return false;
    for (uint32_t urid = 1; urid <= uri_count; urid++) {
        uint32_t slot = (uint32_t)hash(uris[urid - 1]) & (count - 1);
        while (grown[slot]) slot = (slot + 1) & (count - 1);
        grown[slot] = urid;
    }
    free(slots);
    slots = grown;
    slot_count = count;
    return true;
}

uint32_t theremin_lv2_map(const char *uri) {
    if (!uri) return 0;
    pthread_mutex_lock(&table_lock);
    uint32_t found = 0;
    if (slot_count || grow_slots()) {
        uint32_t slot = (uint32_t)hash(uri) & (slot_count - 1);
        while (slots[slot] && strcmp(uris[slots[slot] - 1], uri) != 0) slot = (slot + 1) & (slot_count - 1);
        found = slots[slot];
        if (!found) {
            char *copy = strdup(uri);
            if (uri_count == uri_capacity) {
                uint32_t capacity = uri_capacity ? uri_capacity * 2 : 512;
                char **grown = copy ? realloc(uris, capacity * sizeof *grown) : NULL;
                if (grown) { uris = grown; uri_capacity = capacity; }
            }
            if (copy && uri_count < uri_capacity) {
                uris[uri_count++] = copy;
                found = uri_count;
                slots[slot] = found;
                if (uri_count * 2 > slot_count) grow_slots(); /* on failure the table stays usable, only fuller */
            } else {
                free(copy);
            }
        }
    }
    pthread_mutex_unlock(&table_lock);
    return found; /* 0 only when memory ran out, which LV2 allows map to report */
}

const char *theremin_lv2_unmap(uint32_t urid) {
    pthread_mutex_lock(&table_lock);
    const char *uri = urid >= 1 && urid <= uri_count ? uris[urid - 1] : NULL;
    pthread_mutex_unlock(&table_lock);
    return uri;
}

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri) { (void)handle; return theremin_lv2_map(uri); }
static const char *unmap_urid(LV2_URID_Unmap_Handle handle, LV2_URID urid) { (void)handle; return theremin_lv2_unmap(urid); }

static LV2_URID_Map map = { NULL, map_uri };
static LV2_URID_Unmap unmap = { NULL, unmap_urid };
static const LV2_Feature map_feature = { LV2_URID__map, &map };
static const LV2_Feature unmap_feature = { LV2_URID__unmap, &unmap };

const LV2_Feature *theremin_lv2_map_feature(void) { return &map_feature; }
const LV2_Feature *theremin_lv2_unmap_feature(void) { return &unmap_feature; }
