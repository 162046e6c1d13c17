// fake-camera: a V4L2 capture device served as a file over FUSE, for tests and end-to-end runs without a webcam.
//
// The kernel passes the V4L2 ioctls of a regular FUSE file to this server in "restricted" mode (their argument
// sizes are encoded in the request numbers), so unmodified libv4l2 drives it through the real system calls.
// Frames reach the client's mmap through the page cache: the producer pushes each finished frame into the cache
// with fuse_lowlevel_notify_store, and the read handler serves the same bytes when the kernel asks.
#ifndef FAKE_CAMERA_H
#define FAKE_CAMERA_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/types.h>

#include <linux/videodev2.h>

#define FUSE_USE_VERSION 312 /* libfuse 3.12+: unsigned ioctl command numbers */
#include <fuse_lowlevel.h>

#include "FakeCameraCore.h"

enum {
    FAKE_MAX_BUFFERS = 8,
    FAKE_MAX_FORMATS = 8,
    FAKE_MAX_SIZES = 8,
    FAKE_MAX_RATES = 8,
    FAKE_MAX_PENDING = 16,
    FAKE_MAX_MODES = 64,
    FAKE_CONTROL_COUNT = 3,
};

/// Inode numbers: the device file gets a new one each time it is plugged back, so a dead file descriptor and a
/// fresh one never share a page cache (like two different device nodes).
enum { FAKE_INO_ROOT = 1, FAKE_INO_CONTROL = 2, FAKE_INO_DEVICE_BASE = 16 };

typedef struct {
    uint32_t numerator;
    uint32_t denominator;
} fake_interval;

typedef struct {
    int32_t width;
    int32_t height;
} fake_size;

/// One format at one size with the frame rates it comes in (what VIDIOC_ENUM_FRAMEINTERVALS lists for it): real
/// UVC cameras offer different rates per format and size (MJPEG 60 fps at 1280x720 where YUYV gives 10).
typedef struct {
    uint32_t fourcc;
    fake_size size;
    fake_interval intervals[FAKE_MAX_RATES]; /* fastest first as given; the first is the mode's default */
    int interval_count;
} fake_mode;

/// Everything the command line sets.
typedef struct {
    const char *mount;
    const char *name;
    const char *card;
    const char *driver;
    uint32_t formats[FAKE_MAX_FORMATS];
    int format_count;
    fake_size sizes[FAKE_MAX_SIZES];
    int size_count;
    fake_interval intervals[FAKE_MAX_RATES]; /* offered frame intervals, fastest first as given */
    int interval_count;
    const char *video;       /* NULL: the moving-square pattern */
    bool busy;               /* open() fails with EBUSY */
    long unplug_after;       /* frames delivered before the device vanishes; < 0: never */
    double plug_back_after;  /* seconds until it returns; < 0: never */
    long stall_after;        /* frames delivered before the sensor stops; < 0: never */
    double stall_for;        /* seconds the stall lasts; 0: forever */
    bool metadata;           /* present a metadata node (not a video capture device) */
    bool exit_with_parent;   /* SIGTERM when the parent process dies (tests: no stray mounts after a crash) */
    uint32_t corrupt_every;  /* MJPEG: damage about one frame in this many (0: none), see fake_corruption_at */
    uint64_t corrupt_seed;
    /* The offered modes: --mode items, else every --pixel-format at every --sizes at --rates. `formats` then lists
       the modes' fourccs in order of first appearance (VIDIOC_ENUM_FMT). */
    fake_mode modes[FAKE_MAX_MODES];
    int mode_count;
    bool control_offered[FAKE_CONTROL_COUNT]; /* --controls: which of fake_control_specs the camera has */
    int32_t control_initial[FAKE_CONTROL_COUNT]; /* ...and their values at power-on (and after a replug) */
    bool dim;                /* a dark room: auto exposure with frame-rate priority halves the rate */
    const char *frame_log;   /* a line per produced frame: sequence, due time, video frame; NULL: none */
} fake_options;

/// Parses the command line; returns 0 to run, 1 after printing help, 2 after printing a usage error.
int fake_options_parse(int argc, char **argv, fake_options *options);
/// Splits a comma-separated list and hands each item to `item`; false on the first bad item.
bool fake_for_each_item(const char *list, bool (*item)(const char *, size_t, fake_options *), fake_options *options);

typedef enum { BUFFER_DEQUEUED, BUFFER_QUEUED, BUFFER_FILLING, BUFFER_DONE } fake_buffer_state;

typedef struct {
    fake_buffer_state state;
    uint32_t bytesused;
    uint32_t sequence;
    struct timeval timestamp;
} fake_buffer;

/// One open file description of the device file.
typedef struct fake_handle {
    unsigned generation;  /* the device generation it was opened in; a later one means "unplugged" */
    bool nonblocking;
    struct fuse_pollhandle *poll_handle;
    struct fake_handle *next;
} fake_handle;

typedef struct {
    fuse_req_t request;
    fake_handle *handle;
} fake_pending_dequeue;

typedef struct fake_frame_source fake_frame_source;

/// The emulated device. `lock` guards every field; buffer memory is written by the producer only while the
/// buffer is FILLING (driver-owned), as a DMA engine would.
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* producer: stream started, faults changed, quitting */
    struct fuse_session *session;
    const fake_options *options;

    bool present;
    unsigned generation;
    bool busy;
    bool unplugged_once;
    double plug_back_at; /* monotonic seconds; < 0: not scheduled */
    bool stalled;
    double stall_until;  /* 0: until resumed */
    bool quit;
    pid_t parent;        /* with --exit-with-parent: the process to outlive no longer than */

    uint32_t fourcc;
    int32_t width;
    int32_t height;
    uint32_t bytes_per_line;
    uint32_t image_size;
    fake_interval interval;

    fake_handle *handles;
    fake_handle *owner; /* the handle that allocated the buffers */
    uint32_t buffer_count;
    size_t buffer_stride; /* page-aligned maximum image size: buffer i lives at i * stride */
    uint8_t *memory;
    size_t memory_size;
    fake_buffer buffers[FAKE_MAX_BUFFERS];
    uint32_t queued[FAKE_MAX_BUFFERS];
    uint32_t queued_count;
    uint32_t done[FAKE_MAX_BUFFERS];
    uint32_t done_count;
    bool streaming;
    unsigned stream_epoch;   /* bumped by STREAMOFF, REQBUFS and unplug: fills in flight are discarded */
    bool restart_source;
    uint32_t sequence;       /* frames the sensor produced since STREAMON, delivered or not */
    uint64_t frames_delivered;
    uint64_t frames_dropped; /* produced while no buffer was queued */
    uint64_t frames_corrupted; /* delivered damaged on purpose (--corrupt-jpeg) */
    int32_t control_values[FAKE_CONTROL_COUNT];
    fake_pending_dequeue pending[FAKE_MAX_PENDING];
    int pending_count;

    fake_frame_source *source;
    FILE *frame_log; /* --frame-log, line-buffered; NULL: none */
} fake_device;

int fake_device_init(fake_device *device, const fake_options *options);
void fake_device_destroy(fake_device *device);
uint64_t fake_device_ino(const fake_device *device); /* caller holds the lock */

/// FUSE-facing operations (filesystem.c calls these with the lock not held).
int fake_device_open(fake_device *device, fake_handle **handle, bool nonblocking);
void fake_device_release(fake_device *device, fake_handle *handle);
void fake_device_ioctl(fake_device *device, fuse_req_t request, fake_handle *handle, unsigned int command,
                       const void *in, size_t in_size, size_t out_size);
void fake_device_poll(fake_device *device, fuse_req_t request, fake_handle *handle, struct fuse_pollhandle *ph);
/// Runs one control command ("unplug", "plug", "stall", "resume", "busy on", "busy off"); 0 or an errno.
int fake_device_control(fake_device *device, const char *command);
/// A one-line status report for the control file.
int fake_device_status(fake_device *device, char *text, size_t capacity);

/// Frames per second the sensor delivers (lock held): the set rate, halved while a dim room's exposure may lower it.
double fake_device_sensor_rate(const fake_device *device);

/// Fault transitions (caller holds the lock).
void fake_device_unplug(fake_device *device, const char *why);
void fake_device_plug(fake_device *device);

/// Takes the oldest queued buffer for filling (lock held); false when the application has none queued.
bool fake_device_begin_fill(fake_device *device, uint32_t *index, unsigned *epoch);
/// Marks a filled buffer done and wakes the application (lock held); false when the stream was reset meanwhile.
bool fake_device_finish_fill(fake_device *device, uint32_t index, unsigned epoch, uint32_t sequence,
                             uint32_t bytesused, struct timeval timestamp);

/// Modes (modes.c): lookups in `options->modes`.
bool fake_offers_format(const fake_options *options, uint32_t fourcc);
const fake_mode *fake_mode_find(const fake_options *options, uint32_t fourcc, int32_t width, int32_t height);
/// The `index`-th distinct size `fourcc` comes in (VIDIOC_ENUM_FRAMESIZES); false past the last.
bool fake_mode_size(const fake_options *options, uint32_t fourcc, uint32_t index, fake_size *size);
/// The mode of `fourcc` nearest in size to `width` x `height` (S_FMT/TRY_FMT); `fourcc` must be offered.
const fake_mode *fake_mode_nearest(const fake_options *options, uint32_t fourcc, int32_t width, int32_t height);
/// The mode's interval nearest to `numerator/denominator` seconds (its first when 0 is asked).
fake_interval fake_mode_nearest_interval(const fake_mode *mode, uint32_t numerator, uint32_t denominator);
/// Fills `options->modes` (and `formats`) from --pixel-format x --sizes x --rates unless --mode gave them.
void fake_modes_complete(fake_options *options);
/// A rate such as "30" or "7.5" (0.5 to 1000 fps) as a reduced interval: 1/30, 2/15; false when malformed.
bool fake_rate_parse(const char *text, size_t length, fake_interval *interval);
/// Parses one --mode item, `FOURCC:WIDTHxHEIGHT@RATE[/RATE...]`, appending it; false when malformed or full.
bool fake_mode_parse(const char *text, fake_options *options);

/// Camera controls (controls.c): exposure auto, exposure auto priority and power-line frequency, as UVC cameras
/// offer them through VIDIOC_QUERYCTRL/G_CTRL/S_CTRL/QUERYMENU.
typedef struct {
    uint32_t id;
    const char *name; /* as v4l2-ctl spells it, e.g. power_line_frequency */
    uint32_t type;    /* V4L2_CTRL_TYPE_MENU or _BOOLEAN */
    int32_t minimum;
    int32_t maximum;
    int32_t default_value;
    const char *const *menu; /* item names for menus */
} fake_control_spec;
extern const fake_control_spec fake_control_specs[FAKE_CONTROL_COUNT];
/// Parses --controls (`none`, or NAME=VALUE items); false when malformed.
bool fake_controls_parse(const char *text, fake_options *options);
/// The defaults: every control, at a typical webcam's power-on values.
void fake_controls_default(fake_options *options);
/// Sets every control back to its power-on value (start, replug); lock held.
void fake_controls_reset(fake_device *device);
/// The control ioctls (lock held): 0 or an errno.
int fake_controls_query(const fake_device *device, struct v4l2_queryctrl *query);
int fake_controls_query_menu(const fake_device *device, struct v4l2_querymenu *menu);
int fake_controls_get(const fake_device *device, struct v4l2_control *control);
int fake_controls_set(fake_device *device, const struct v4l2_control *control);
/// " name=value" for each offered control, appended to the status line; returns the characters written.
int fake_controls_status(const fake_device *device, char *text, size_t capacity);
/// True while the sensor runs at half rate: --dim, auto exposure, and frame-rate priority allowed.
bool fake_controls_slow_exposure(const fake_device *device);

/// The frame clock: runs until `quit`.
void *fake_producer_main(void *device);

/// The FUSE operations of the mounted directory (filesystem.c).
extern const struct fuse_lowlevel_ops fake_filesystem_operations;

/// The Motion-JPEG fourcc (V4L2_PIX_FMT_MJPEG).
#define FAKE_FOURCC_MJPG FAKE_FOURCC('M', 'J', 'P', 'G')

/// Bytes per row (0 for compressed formats) and the largest image of a format: for MJPEG the largest JPEG
/// TurboJPEG may write, for the others the pattern's size.
uint32_t fake_format_bytes_per_line(uint32_t fourcc, int32_t width);
uint32_t fake_format_image_size(uint32_t fourcc, int32_t width, int32_t height);

/// Frame sources: the moving-square pattern, or a video file decoded by the ffmpeg command; MJPEG frames are
/// either, compressed, and damaged per `options->corrupt_every`.
fake_frame_source *fake_frames_open(const fake_options *options);
/// Starts over at frame 0 in the given format (called at STREAMON); 0 or -1 with a message printed.
int fake_frames_start(fake_frame_source *source, uint32_t fourcc, int32_t width, int32_t height);

/// One produced frame.
typedef struct {
    uint32_t bytesused;
    bool corrupted;    /* damaged on purpose */
    long video_frame;  /* the frame of the video file shown (0 after each loop); -1 for the pattern */
} fake_frame_result;

/// Produces frame `sequence` into `destination` (up to `image_size` bytes), or skips it when `destination` is NULL.
fake_frame_result fake_frames_next(fake_frame_source *source, uint8_t *destination, uint32_t image_size,
                                   uint32_t sequence);
/// MJPEG: compresses frame `sequence` now, so that fake_frames_next hands it over at once when it is due (a
/// webcam's encoder works while the sensor is read out; compressing after the due time would add the fake's own
/// 1-2 ms of software encoding to every frame's latency). Other formats: nothing to do.
void fake_frames_prepare(fake_frame_source *source, uint32_t image_size, uint32_t sequence);
void fake_frames_close(fake_frame_source *source);

/// TurboJPEG compression (jpeg.c): an encoder handle (NULL when out of memory), the largest JPEG of a size, and
/// one BGR frame compressed into `destination` (returns its size; 0 after printing why).
void *fake_jpeg_open(void);
void fake_jpeg_close(void *encoder);
uint32_t fake_jpeg_max_size(int32_t width, int32_t height);
uint32_t fake_jpeg_compress(void *encoder, const uint8_t *bgr, int32_t width, int32_t height, uint8_t *destination,
                            uint32_t capacity);
/// Damages a JPEG of `size` bytes in place as `kind` says; returns the bytes to deliver.
uint32_t fake_jpeg_corrupt(fake_corruption kind, uint64_t seed, uint64_t sequence, uint8_t *data, uint32_t size);

double fake_monotonic_seconds(void);

#endif
