// Loads libtheremin-vision.so once and fills the API tables of CVisionLoader.h by name.
#define _GNU_SOURCE
#include "CVisionLoader.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static th_api tracker;
static tv_api video;
static pv_api preview;
static int loaded;
static char failure[1024];
static const char prefix[] = "cannot load " THEREMIN_VISION_LIBRARY_NAME ": ";

/// Tries one path; on failure appends the loader's reason to `failure`.
static void *openAt(const char *path) {
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        size_t used = strlen(failure);
        snprintf(failure + used, sizeof failure - used, "%s%s", used > 0 ? "; " : prefix, dlerror());
    }
    return handle;
}

static void *openLibrary(void) {
    const char *named = getenv("THEREMIN_VISION_LIBRARY");
    if (named != NULL && named[0] != '\0') {
        return openAt(named);
    }
    char program[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
    if (length <= 0) {
        snprintf(failure, sizeof failure, "%scannot find the running program (/proc/self/exe)", prefix);
        return NULL;
    }
    program[length] = '\0';
    const char *folder = dirname(program);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", folder, THEREMIN_VISION_LIBRARY_NAME);
    void *handle = openAt(path);
    if (handle == NULL) {
        snprintf(path, sizeof path, "%s/../lib/theremin/%s", folder, THEREMIN_VISION_LIBRARY_NAME);
        handle = openAt(path);
    }
    return handle;
}

/// Resolves `name` into `*slot`; false (with the reason in `failure`) when the library lacks it.
static int resolve(void *handle, const char *name, void **slot) {
    *slot = dlsym(handle, name);
    if (*slot == NULL) {
        snprintf(failure, sizeof failure, "%s%s has no function %s (a library from another version of theremin?)",
                 prefix, THEREMIN_VISION_LIBRARY_NAME, name);
        return 0;
    }
    return 1;
}

#define RESOLVE_INTO(table, name) ok = ok && resolve(handle, #name, (void **)&table.name);
#define RESOLVE_TRACKER(result, name, ...) RESOLVE_INTO(tracker, name)
#define RESOLVE_VIDEO(result, name, ...) RESOLVE_INTO(video, name)
#define RESOLVE_PREVIEW(result, name, ...) RESOLVE_INTO(preview, name)

static void load(void) {
    void *handle = openLibrary();
    if (handle == NULL) {
        return;
    }
    int ok = 1;
    TH_API_FUNCTIONS(RESOLVE_TRACKER)
    TV_API_FUNCTIONS(RESOLVE_VIDEO)
    PV_API_FUNCTIONS(RESOLVE_PREVIEW)
    loaded = ok;
}

static int ready(void) {
    pthread_once(&once, load);
    return loaded;
}

const th_api *theremin_vision_tracker(void) { return ready() ? &tracker : NULL; }

const tv_api *theremin_vision_video(void) { return ready() ? &video : NULL; }

const pv_api *theremin_vision_preview(void) { return ready() ? &preview : NULL; }

const char *theremin_vision_failure(void) {
    pthread_once(&once, load);
    return failure;
}

const char *theremin_vision_remedy(void) {
    return "reinstall theremin (`make install` puts lib/theremin/" THEREMIN_VISION_LIBRARY_NAME " beside bin/), "
           "or point THEREMIN_VISION_LIBRARY at the library";
}
