#ifndef THEREMIN_CPREVIEW_H
#define THEREMIN_CPREVIEW_H
/*
 * The live preview's window and drawing, over OpenCV's highgui and imgproc, behind a plain C API.
 *
 * - Images are packed BGR24 buffers owned by the caller (pv_image); drawing clips to the image.
 * - The window functions must all be called from one thread, the process's main thread (the GUI toolkit's rule).
 * - Every function that can fail returns a pv_status and, when given a buffer, writes a one-line reason into it.
 *   No C++ exception crosses this API.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pv_status {
    PV_OK = 0,
    /** No display to open a window on (DISPLAY unset, or the X server cannot be reached). */
    PV_ERROR_NO_DISPLAY = 1,
    /** The GUI toolkit failed to create or update the window. */
    PV_ERROR_WINDOW = 2,
    /** An argument is out of range (null pointer, empty image, stride smaller than a row, ...). */
    PV_ERROR_INVALID_ARGUMENT = 3,
    /** OpenCV failed while drawing. */
    PV_ERROR_DRAWING = 4,
    PV_ERROR_OUT_OF_MEMORY = 5,
} pv_status;

/** A packed BGR24 image in caller-owned memory. */
typedef struct pv_image {
    uint8_t *pixels;
    int width;
    int height;
    /** Bytes per row, at least width * 3. */
    size_t stride;
} pv_image;

typedef struct pv_color {
    uint8_t blue;
    uint8_t green;
    uint8_t red;
} pv_color;

/** What the display environment says; empty strings count as unset. Any field may be NULL. */
typedef struct pv_environment {
    /** DISPLAY: the X server (e.g. ":0"). */
    const char *display;
    /** WAYLAND_DISPLAY. */
    const char *wayland_display;
    /** QT_QPA_PLATFORM: the Qt platform plugin asked for (OpenCV's windows are Qt windows on Debian). */
    const char *qt_platform;
} pv_environment;

typedef struct pv_window pv_window;

/** A point normalized to the image: x from 0 (left) to 1 (right), y from 0 (top) to 1 (bottom). */
typedef struct pv_point {
    float x;
    float y;
} pv_point;

/** A rotated rectangle normalized like pv_point: its centre, its width and height as fractions of the image's width
 *  and height, and its rotation in radians, clockwise on screen. */
typedef struct pv_rotated_rect {
    float x_center;
    float y_center;
    float width;
    float height;
    float rotation;
} pv_rotated_rect;

/** The landmarks of a hand (MediaPipe's hand model, in its order). */
#define PV_HAND_LANDMARKS 21

/** The size of a line of text as pv_draw_text draws it; height is above the baseline, descent below it. */
typedef struct pv_text_size {
    int width;
    int height;
    int descent;
} pv_text_size;

/*
 * Every function of this API, one entry each: PV_API_FUNCTIONS(X) applies X(return type, name, parameters...) to
 * each. The declarations below are made from it, and so are CVisionLoader's table of pointers and its loading of
 * them by name from libtheremin-vision.so: a new function is one entry here.
 */
#define PV_API_FUNCTIONS(X) \
    /** A short constant name for a status (for messages and tests), e.g. "no display". */ \
    X(const char *, pv_status_name, pv_status status) \
    /** Whether a window can be opened in this environment, without touching the GUI toolkit (which aborts the \
     *  process when it cannot reach a display): an X display must be named and accept a connection, or Qt must \
     *  be asked for Wayland with WAYLAND_DISPLAY set, or for a platform that needs no display (offscreen, vnc, \
     *  ...). Returns PV_OK or PV_ERROR_NO_DISPLAY with the reason. */ \
    X(pv_status, pv_display_check, pv_environment environment, char *error, size_t error_size) \
    /** Opens a window titled `title` (its size follows the images shown). Runs pv_display_check on the process \
     *  environment first. Only one window per title exists in a process. */ \
    X(pv_status, pv_window_open, const char *title, pv_window **out, char *error, size_t error_size) \
    /** Moves the window's top-left corner to (x, y) on the screen. */ \
    X(pv_status, pv_window_move, pv_window *window, int x, int y, char *error, size_t error_size) \
    /** Shows a copy of `image` in the window (the window takes the image's size). */ \
    X(pv_status, pv_window_show, pv_window *window, pv_image image, char *error, size_t error_size) \
    /** Lets the window process its events for up to `wait_ms` milliseconds (at least 1) and returns the key \
     *  pressed, as OpenCV's waitKey reports it, or -1. Sets *closed to 1 once the player has closed the window. */ \
    X(int, pv_window_poll_key, pv_window *window, int wait_ms, int *closed) \
    /** Closes the window and frees the handle. NULL is ignored. */ \
    X(void, pv_window_close, pv_window *window) \
    /** Copies `source` (BGR24, width x height, stride bytes per row) into `destination`, scaled to its size and \
     *  flipped left to right: the camera picture as the player sees themself, as in a mirror. */ \
    X(pv_status, pv_mirror_scaled, \
      const uint8_t *source, int width, int height, size_t stride, pv_image destination, char *error, \
      size_t error_size) \
    /** The same for a YUYV frame as the camera sent it (stride >= 2 * width), read as BT.709 or BT.601 and as full or \
     *  limited range. */ \
    X(pv_status, pv_mirror_scaled_yuyv, \
      const uint8_t *source, int width, int height, size_t stride, int bt709, int full_range, pv_image destination, \
      char *error, size_t error_size) \
    /** Fills the whole image with one colour. */ \
    X(pv_status, pv_fill, pv_image image, pv_color color) \
    /** A straight line `thickness` pixels wide; `smooth` anti-aliases it (otherwise every pixel is exact). */ \
    X(pv_status, pv_draw_line, \
      pv_image image, int x0, int y0, int x1, int y1, pv_color color, int thickness, int smooth) \
    /** A rectangle with corners (x, y) and (x + width - 1, y + height - 1); thickness < 0 fills it. */ \
    X(pv_status, pv_draw_rect, pv_image image, int x, int y, int width, int height, pv_color color, int thickness) \
    /** A circle (anti-aliased); thickness < 0 fills it. */ \
    X(pv_status, pv_draw_circle, \
      pv_image image, int center_x, int center_y, int radius, pv_color color, int thickness) \
    /** Blends a rectangle of `color` over the image with `opacity` in [0,1]: a translucent panel. */ \
    X(pv_status, pv_blend_rect, pv_image image, int x, int y, int width, int height, pv_color color, double opacity) \
    /** ASCII text (anti-aliased sans serif) with its baseline starting at (x, baseline); `scale` 1 is about 22 \
     *  pixels tall. Characters outside ASCII are drawn as '?'. */ \
    X(pv_status, pv_draw_text, \
      pv_image image, const char *text, int x, int baseline, double scale, pv_color color, int thickness) \
    /** A tracked hand as the preview shows it: with PV_HAND_LANDMARKS landmarks, the region the tracker examined \
     *  (unless `region` is NULL or empty) and the skeleton; then a ring and a dot on the fingertip. Any other \
     *  landmark count draws the fingertip only. `flip` mirrors every coordinate left to right (a hand in the \
     *  selfie view on a picture in the camera's view). Positions are kept to 1/16 pixel. */ \
    X(pv_status, pv_draw_hand, \
      pv_image image, const pv_point *landmarks, int landmark_count, pv_point fingertip, \
      const pv_rotated_rect *region, int flip) \
    /** Measures `text` as pv_draw_text would draw it. */ \
    X(pv_text_size, pv_measure_text, const char *text, double scale, int thickness) \
    /** Encodes `image` as a PNG file's bytes into `buffer` (capacity bytes); *written receives the length. A \
     *  buffer of width * height * 3 + 65536 bytes always suffices. Fails with PV_ERROR_INVALID_ARGUMENT when it \
     *  is too small. */ \
    X(pv_status, pv_encode_png, \
      pv_image image, uint8_t *buffer, size_t capacity, size_t *written, char *error, size_t error_size)

#define PV_DECLARE(result, name, ...) result name(__VA_ARGS__);
PV_API_FUNCTIONS(PV_DECLARE)
#undef PV_DECLARE

#ifdef __cplusplus
}
#endif

#endif
