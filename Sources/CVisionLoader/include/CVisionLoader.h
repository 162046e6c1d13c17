#ifndef THEREMIN_CVISIONLOADER_H
#define THEREMIN_CVISIONLOADER_H
// The C APIs of the OpenCV shims (CHandTracker, CVideoInput, CPreview) as tables of function pointers, filled from
// libtheremin-vision.so the first time one is asked for. The Swift modules call the shims only through these
// tables, so the `theremin` executable does not link OpenCV: commands that never see a picture (`--version`,
// `--help`, `--replay`) start without loading its ~250 libraries. Each entry has exactly the type of the function
// it points to (`__typeof__`), so a changed signature in a shim's header changes the table with it.
#include <stddef.h>

#include "../../CHandTracker/include/CHandTracker.h"
#include "../../CPreview/include/CPreview.h"
#include "../../CVideoInput/include/CVideoInput.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TV_LOADER_ENTRY(name) __typeof__(name) *_Nonnull name

/// CHandTracker.h, entry by entry.
typedef struct {
    TV_LOADER_ENTRY(th_status_name);
    TV_LOADER_ENTRY(th_default_options);
    TV_LOADER_ENTRY(th_tracker_create);
    TV_LOADER_ENTRY(th_tracker_create_classic);
    TV_LOADER_ENTRY(th_tracker_destroy);
    TV_LOADER_ENTRY(th_tracker_masks_faces);
    TV_LOADER_ENTRY(th_tracker_reset);
    TV_LOADER_ENTRY(th_tracker_process_bgr);
    TV_LOADER_ENTRY(th_tracker_process_hands_bgr);
    TV_LOADER_ENTRY(th_draw_hand);
    TV_LOADER_ENTRY(th_set_num_threads);
    TV_LOADER_ENTRY(th_get_num_threads);
} th_api;

/// CVideoInput.h, entry by entry.
typedef struct {
    TV_LOADER_ENTRY(tv_video_open);
    TV_LOADER_ENTRY(tv_video_get_info);
    TV_LOADER_ENTRY(tv_video_read);
    TV_LOADER_ENTRY(tv_video_close);
    TV_LOADER_ENTRY(tv_image_load);
    TV_LOADER_ENTRY(tv_image_view);
    TV_LOADER_ENTRY(tv_image_free);
} tv_api;

/// CPreview.h, entry by entry.
typedef struct {
    TV_LOADER_ENTRY(pv_status_name);
    TV_LOADER_ENTRY(pv_display_check);
    TV_LOADER_ENTRY(pv_window_open);
    TV_LOADER_ENTRY(pv_window_move);
    TV_LOADER_ENTRY(pv_window_show);
    TV_LOADER_ENTRY(pv_window_poll_key);
    TV_LOADER_ENTRY(pv_window_close);
    TV_LOADER_ENTRY(pv_mirror_scaled);
    TV_LOADER_ENTRY(pv_fill);
    TV_LOADER_ENTRY(pv_draw_line);
    TV_LOADER_ENTRY(pv_draw_rect);
    TV_LOADER_ENTRY(pv_draw_circle);
    TV_LOADER_ENTRY(pv_blend_rect);
    TV_LOADER_ENTRY(pv_draw_text);
    TV_LOADER_ENTRY(pv_measure_text);
    TV_LOADER_ENTRY(pv_encode_png);
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
