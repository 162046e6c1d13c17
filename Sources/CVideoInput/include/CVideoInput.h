#ifndef THEREMIN_CVIDEOINPUT_H
#define THEREMIN_CVIDEOINPUT_H
/*
 * Decoding video files and still images into packed BGR24 frames with OpenCV (VideoCapture with its FFmpeg backend,
 * imread), behind a plain C API. No C++ exception crosses it; failures return a status and a one-line message.
 * A handle is used by one thread at a time. FFmpeg's and OpenCV's own log lines are silenced (unless
 * OPENCV_FFMPEG_LOGLEVEL / OPENCV_LOG_LEVEL are set): failures reach the caller as a status and message instead.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tv_status {
    TV_OK = 0,
    /** No more frames. */
    TV_END = 1,
    /** The file cannot be opened or decoded as a video / image. */
    TV_ERROR_OPEN = 2,
    /** Decoding failed part-way. */
    TV_ERROR_READ = 3,
    TV_ERROR_INVALID_ARGUMENT = 4,
    TV_ERROR_OUT_OF_MEMORY = 5,
} tv_status;

/** A decoded frame, borrowed from its handle: valid until the next call on that handle. */
typedef struct tv_frame_view {
    const uint8_t *pixels;
    int width;
    int height;
    /** Bytes per row. */
    size_t stride;
    /** Presentation time in seconds from the start of the stream, when `has_time`. */
    double time_seconds;
    int has_time;
} tv_frame_view;

/** What the container says about a video; zero where it does not know. */
typedef struct tv_video_info {
    int width;
    int height;
    double frames_per_second;
    long long frame_count;
} tv_video_info;

typedef struct tv_video tv_video;
typedef struct tv_image tv_image;

/*
 * Every function of this API, one entry each: TV_API_FUNCTIONS(X) applies X(return type, name, parameters...) to
 * each. The declarations below are made from it, and so are CVisionLoader's table of pointers and its loading of
 * them by name from libtheremin-vision.so: a new function is one entry here.
 */
#define TV_API_FUNCTIONS(X) \
    /** Opens a video file with OpenCV's FFmpeg backend. */ \
    X(tv_status, tv_video_open, const char *path, tv_video **out, char *error, size_t error_size) \
    /** Size, rate and length as the container reports them. */ \
    X(tv_video_info, tv_video_get_info, const tv_video *video) \
    /** Decodes the next frame into *out (TV_OK), or returns TV_END at the end of the stream. */ \
    X(tv_status, tv_video_read, tv_video *video, tv_frame_view *out, char *error, size_t error_size) \
    /** Closes the file. NULL is ignored. */ \
    X(void, tv_video_close, tv_video *video) \
    /** Decodes an image file (JPEG, PNG, BMP, TIFF, WebP, PPM, ...) into BGR, honouring EXIF orientation. */ \
    X(tv_status, tv_image_load, const char *path, tv_image **out, char *error, size_t error_size) \
    /** The decoded pixels (has_time = 0). */ \
    X(tv_frame_view, tv_image_view, const tv_image *image) \
    /** Frees the image. NULL is ignored. */ \
    X(void, tv_image_free, tv_image *image)

#define TV_DECLARE(result, name, ...) result name(__VA_ARGS__);
TV_API_FUNCTIONS(TV_DECLARE)
#undef TV_DECLARE

#ifdef __cplusplus
}
#endif
#endif
