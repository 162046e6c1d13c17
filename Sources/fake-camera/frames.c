// Frame sources of the fake camera: the moving-square pattern, or a video file decoded by the ffmpeg command
// into raw frames of the negotiated format and size.
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
    uint32_t fourcc;
    int32_t width;
    int32_t height;
    pid_t decoder;           /* ffmpeg, or 0 */
    int pipe;                /* its stdout, or -1 */
    uint8_t *scratch;        /* a skipped video frame still has to be read */
    size_t scratch_size;
    bool failed;             /* reported once; frames are then gray */
};

fake_frame_source *fake_frames_open(const char *video_path) {
    fake_frame_source *source = calloc(1, sizeof *source);
    if (!source) return NULL;
    source->video_path = video_path;
    source->pipe = -1;
    return source;
}

static void stop_decoder(fake_frame_source *source) {
    if (source->pipe >= 0) close(source->pipe);
    source->pipe = -1;
    if (source->decoder > 0) {
        kill(source->decoder, SIGTERM);
        while (waitpid(source->decoder, NULL, 0) < 0 && errno == EINTR) {}
    }
    source->decoder = 0;
}

static int start_decoder(fake_frame_source *source) {
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

static void read_video_frame(fake_frame_source *source, uint8_t *destination, uint32_t image_size) {
    if (source->failed) {
        memset(destination, FAKE_PATTERN_BACKGROUND, image_size);
        return;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
        if (source->pipe >= 0 && read_exactly(source->pipe, destination, image_size)) return;
        // End of the file: loop from the start.
        stop_decoder(source);
        if (start_decoder(source) != 0) break;
    }
    fprintf(stderr, "fake-camera: %s yields no frames (ffmpeg could not decode it); sending gray frames\n",
            source->video_path);
    source->failed = true;
    memset(destination, FAKE_PATTERN_BACKGROUND, image_size);
}

void fake_frames_next(fake_frame_source *source, uint8_t *destination, uint32_t image_size, uint32_t sequence) {
    if (!source->video_path) {
        if (destination) fake_pattern_render(destination, source->fourcc, source->width, source->height, sequence);
        return;
    }
    if (!destination) {
        // The frame is dropped, but the file still advances so that frame n of the stream is frame n of the file.
        if (source->scratch_size < image_size) {
            uint8_t *grown = realloc(source->scratch, image_size);
            if (!grown) return;
            source->scratch = grown;
            source->scratch_size = image_size;
        }
        destination = source->scratch;
    }
    read_video_frame(source, destination, image_size);
}

void fake_frames_close(fake_frame_source *source) {
    if (!source) return;
    stop_decoder(source);
    free(source->scratch);
    free(source);
}
