// Frame sources of the fake camera: the moving-square pattern, or a video file decoded by the ffmpeg command
// into raw frames of the negotiated format and size; for MJPEG, a BGR picture compressed by jpeg.c.
#include "fake_camera.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct fake_frame_source {
    const char *video_path; /* NULL: pattern */
    uint32_t corrupt_every;
    uint64_t corrupt_seed;
    void *encoder;           /* TurboJPEG, for MJPEG */
    uint32_t fourcc;
    int32_t width;
    int32_t height;
    pid_t decoder;           /* ffmpeg, or 0 */
    int pipe;                /* its stdout, or -1 */
    uint8_t *scratch;        /* a skipped video frame still has to be read; MJPEG's picture before compression */
    size_t scratch_size;
    bool failed;             /* reported once; frames are then gray */
    long next_video_frame;   /* the frame of the file the decoder gives next */
    /* MJPEG: the next frame, compressed ahead of its due time (see fake_frames_prepare) */
    uint8_t *ready;
    uint32_t ready_capacity;
    bool ready_valid;
    uint32_t ready_sequence;
    fake_frame_result ready_result;
};

fake_frame_source *fake_frames_open(const fake_options *options) {
    fake_frame_source *source = calloc(1, sizeof *source);
    if (!source) return NULL;
    source->video_path = options->video;
    source->corrupt_every = options->corrupt_every;
    source->corrupt_seed = options->corrupt_seed;
    source->pipe = -1;
    source->encoder = fake_jpeg_open();
    if (!source->encoder) {
        free(source);
        return NULL;
    }
    return source;
}

static void stop_decoder(fake_frame_source *source) {
    // Killed outright: ffmpeg handles SIGTERM by flushing into the closed pipe and prints "Broken pipe" lines.
    if (source->decoder > 0) kill(source->decoder, SIGKILL);
    if (source->pipe >= 0) close(source->pipe);
    source->pipe = -1;
    if (source->decoder > 0) {
        while (waitpid(source->decoder, NULL, 0) < 0 && errno == EINTR) {}
    }
    source->decoder = 0;
}

static int start_decoder(fake_frame_source *source) {
    source->next_video_frame = 0;
    const char *pixel_format = source->fourcc == FAKE_FOURCC('Y', 'U', 'Y', 'V') ? "yuyv422" : "bgr24";
    char scale[64];
    snprintf(scale, sizeof scale, "scale=%d:%d", source->width, source->height);
    char *const argv[] = {
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-i", (char *)source->video_path,
        "-an", "-vf", scale, "-fps_mode", "passthrough", "-pix_fmt", (char *)pixel_format, "-f", "rawvideo",
        "pipe:1", NULL,
    };
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid;
    int result = posix_spawnp(&pid, "ffmpeg", &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (result != 0) {
        close(fds[0]);
        fprintf(stderr, "fake-camera: cannot run ffmpeg to decode %s: %s (install the ffmpeg package)\n",
                source->video_path, strerror(result));
        return -1;
    }
    source->decoder = pid;
    source->pipe = fds[0];
    return 0;
}

int fake_frames_start(fake_frame_source *source, uint32_t fourcc, int32_t width, int32_t height) {
    source->ready_valid = false;
    source->fourcc = fourcc;
    source->width = width;
    source->height = height;
    source->failed = false;
    if (!source->video_path) return 0;
    stop_decoder(source);
    if (start_decoder(source) == 0) return 0;
    source->failed = true;
    return -1;
}

/// Reads exactly `size` bytes; returns false at end of file or on error.
static bool read_exactly(int fd, uint8_t *destination, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = read(fd, destination + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += (size_t)n;
    }
    return true;
}

/// Reads the decoder's next frame; returns its number in the file (-1 once the file has failed).
static long read_video_frame(fake_frame_source *source, uint8_t *destination, uint32_t image_size) {
    if (source->failed) {
        memset(destination, FAKE_PATTERN_BACKGROUND, image_size);
        return -1;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
        if (source->pipe >= 0 && read_exactly(source->pipe, destination, image_size)) return source->next_video_frame++;
        // End of the file: loop from the start.
        stop_decoder(source);
        if (start_decoder(source) != 0) break;
    }
    fprintf(stderr, "fake-camera: %s yields no frames (ffmpeg could not decode it); sending gray frames\n",
            source->video_path);
    source->failed = true;
    memset(destination, FAKE_PATTERN_BACKGROUND, image_size);
    return -1;
}

/// Grows the scratch picture to `size` bytes; false when out of memory.
static bool ensure_scratch(fake_frame_source *source, size_t size) {
    if (source->scratch_size >= size) return true;
    uint8_t *grown = realloc(source->scratch, size);
    if (!grown) return false;
    source->scratch = grown;
    source->scratch_size = size;
    return true;
}

fake_frame_result fake_frames_next(fake_frame_source *source, uint8_t *destination, uint32_t image_size,
                                   uint32_t sequence) {
    if (source->ready_valid && source->ready_sequence == sequence) {
        // Compressed ahead: hand it over as a webcam's encoder does, when the frame is due.
        source->ready_valid = false;
        fake_frame_result result = source->ready_result;
        if (!destination) return result;
        if (result.bytesused > image_size) result.bytesused = image_size;
        memcpy(destination, source->ready, result.bytesused);
        return result;
    }
    source->ready_valid = false;
    fake_frame_result result = {image_size, false, -1};
    bool jpeg = source->fourcc == FAKE_FOURCC_MJPG;
    // The picture is drawn in a raw format: the buffer's own for raw formats, BGR to be compressed for MJPEG.
    uint32_t picture_size = jpeg ? (uint32_t)source->width * (uint32_t)source->height * 3 : image_size;
    if (!destination && !source->video_path) return result; /* a dropped pattern frame costs nothing */
    uint8_t *picture = destination;
    if (jpeg || !destination) {
        // A dropped video frame is still read, so that frame n of the stream is frame n of the file.
        if (!ensure_scratch(source, picture_size)) {
            result.bytesused = 0;
            return result;
        }
        picture = source->scratch;
    }
    if (source->video_path)
        result.video_frame = read_video_frame(source, picture, picture_size);
    else
        fake_pattern_render(picture, jpeg ? FAKE_FOURCC('B', 'G', 'R', '3') : source->fourcc, source->width,
                            source->height, sequence);
    if (!destination || !jpeg) return result;

    result.bytesused = fake_jpeg_compress(source->encoder, picture, source->width, source->height, destination,
                                          image_size);
    fake_corruption kind = fake_corruption_at(source->corrupt_seed, source->corrupt_every, sequence);
    if (kind != FAKE_CORRUPTION_NONE) {
        result.bytesused = fake_jpeg_corrupt(kind, source->corrupt_seed, sequence, destination, result.bytesused);
        result.corrupted = true;
    }
    return result;
}

void fake_frames_prepare(fake_frame_source *source, uint32_t image_size, uint32_t sequence) {
    if (source->fourcc != FAKE_FOURCC_MJPG || (source->ready_valid && source->ready_sequence == sequence)) return;
    if (source->ready_capacity < image_size) {
        uint8_t *grown = realloc(source->ready, image_size);
        if (!grown) return; /* compressed when due instead */
        source->ready = grown;
        source->ready_capacity = image_size;
    }
    source->ready_valid = false;
    source->ready_result = fake_frames_next(source, source->ready, image_size, sequence);
    source->ready_sequence = sequence;
    source->ready_valid = true;
}

void fake_frames_close(fake_frame_source *source) {
    if (!source) return;
    free(source->ready);
    stop_decoder(source);
    fake_jpeg_close(source->encoder);
    free(source->scratch);
    free(source);
}
