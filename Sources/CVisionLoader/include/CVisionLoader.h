#ifndef THEREMIN_CVISIONLOADER_H
#define THEREMIN_CVISIONLOADER_H
// The C APIs of the OpenCV shims (CHandTracker, CVideoInput, CPreview) as tables of function pointers, filled from
// libtheremin-vision.so the first time one is asked for. The Swift modules call the shims only through these
// tables, so the `theremin` executable does not link OpenCV: commands that never see a picture (`--version`,
// `--help`, `--replay`) start without loading its ~250 libraries. The tables are made from each shim's one list of
// its functions (`TH_API_FUNCTIONS`, `TV_API_FUNCTIONS`, `PV_API_FUNCTIONS`), as are the shim's declarations and the
// loading by name (VisionLoader.c): a function added to a shim's list is declared, tabled and loaded.
#include <stddef.h>

#include "../../CHandTracker/include/CHandTracker.h"
#include "../../CPreview/include/CPreview.h"
#include "../../CVideoInput/include/CVideoInput.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One pointer per entry of a shim's function list, of exactly the type of the function it declares (`__typeof__`:
/// the declaration's parameters carry no nullability, which a field marked _Nonnull would need spelled out).
#define TV_LOADER_ENTRY(result, name, ...) __typeof__(name) *_Nonnull name;

/// CHandTracker.h's functions (`TH_API_FUNCTIONS`).
typedef struct {
    TH_API_FUNCTIONS(TV_LOADER_ENTRY)
} th_api;

/// CVideoInput.h's functions (`TV_API_FUNCTIONS`).
typedef struct {
    TV_API_FUNCTIONS(TV_LOADER_ENTRY)
} tv_api;

/// CPreview.h's functions (`PV_API_FUNCTIONS`).
typedef struct {
    PV_API_FUNCTIONS(TV_LOADER_ENTRY)
} pv_api;

#undef TV_LOADER_ENTRY

/// The file name of the library, looked for beside the running program (the build folder; a `theremin` installed
/// with its library in the same folder), then in `../lib/theremin/` from it (`make install`), unless
/// `THEREMIN_VISION_LIBRARY` names the file.
#define THEREMIN_VISION_LIBRARY_NAME "libtheremin-vision.so"

/// The tables, or NULL when the library cannot be loaded (then `theremin_vision_failure` says why). Loading happens
/// once per process; later calls return the same tables or the same failure. Thread-safe.
const th_api *_Nullable theremin_vision_tracker(void);
const tv_api *_Nullable theremin_vision_video(void);
const pv_api *_Nullable theremin_vision_preview(void);

/// Why loading failed: "cannot load libtheremin-vision.so: " and, for each path tried, the loader's message.
/// Empty while nothing failed.
const char *_Nonnull theremin_vision_failure(void);

/// What the player can do about it (one clause, for the error line's remedy).
const char *_Nonnull theremin_vision_remedy(void);

#ifdef __cplusplus
}
#endif

#endif
