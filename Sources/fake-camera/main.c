// fake-camera: serves a V4L2 capture device over FUSE until SIGINT or SIGTERM. See `fake-camera --help`.
#include "fake_camera.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// Exit status when the FUSE mount is impossible here (no /dev/fuse, no privilege): tests skip on it.
enum { EXIT_CANNOT_MOUNT = 77 };

int main(int argc, char **argv) {
    fake_options options;
    int parsed = fake_options_parse(argc, argv, &options);
    if (parsed == 1) return 0;
    if (parsed != 0) return 2;

    struct stat mount_point;
    if (stat(options.mount, &mount_point) != 0 || !S_ISDIR(mount_point.st_mode)) {
        fprintf(stderr, "fake-camera: --mount %s: not an existing directory; create it first\n", options.mount);
        return 2;
    }

    static fake_device device;
    if (fake_device_init(&device, &options) != 0) {
        fprintf(stderr, "fake-camera: out of memory for %d buffers\n", FAKE_MAX_BUFFERS);
        return 1;
    }
    if (options.frame_log) {
        device.frame_log = fopen(options.frame_log, "w");
        if (!device.frame_log) {
            fprintf(stderr, "fake-camera: --frame-log %s: %s; give a writable path\n", options.frame_log, strerror(errno));
            return 2;
        }
        setvbuf(device.frame_log, NULL, _IOLBF, 0);
        fprintf(device.frame_log, "# sequence due_monotonic_s video_frame\n");
    }

    struct fuse_args arguments = FUSE_ARGS_INIT(0, NULL);
    const char *mount_options = geteuid() == 0 ? "fsname=fake-camera,subtype=fake-camera,allow_other"
                                               : "fsname=fake-camera,subtype=fake-camera";
    if (fuse_opt_add_arg(&arguments, argv[0]) != 0 || fuse_opt_add_arg(&arguments, "-o") != 0 ||
        fuse_opt_add_arg(&arguments, mount_options) != 0) {
        fprintf(stderr, "fake-camera: out of memory\n");
        return 1;
    }
    struct fuse_session *session =
        fuse_session_new(&arguments, &fake_filesystem_operations, sizeof fake_filesystem_operations, &device);
    fuse_opt_free_args(&arguments);
    if (!session) {
        fprintf(stderr, "fake-camera: cannot create the FUSE session\n");
        return 1;
    }
    // libfuse only takes over signals left at their default: a script's background job has SIGINT ignored, and
    // stopping the fake with SIGINT must still unmount it.
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (fuse_set_signal_handlers(session) != 0) {
        fuse_session_destroy(session);
        return 1;
    }
    if (fuse_session_mount(session, options.mount) != 0) {
        fprintf(stderr, "fake-camera: cannot mount FUSE on %s: needs /dev/fuse and root (or fusermount3)\n",
                options.mount);
        fuse_remove_signal_handlers(session);
        fuse_session_destroy(session);
        return EXIT_CANNOT_MOUNT;
    }
    device.session = session;

    // The frame thread blocks every signal, so SIGINT/SIGTERM interrupt the session loop's read and end it.
    pthread_t producer;
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    int started = pthread_create(&producer, NULL, fake_producer_main, &device);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (started != 0) {
        fprintf(stderr, "fake-camera: cannot start the frame thread: %s\n", strerror(started));
    } else {
        printf("ready %s/%s\n", options.mount, options.name);
        fflush(stdout);
        // Single-threaded: handlers never block (a blocking DQBUF is parked and answered by the producer).
        fuse_session_loop(session);
        pthread_mutex_lock(&device.lock);
        device.quit = true;
        pthread_cond_broadcast(&device.wake);
        pthread_mutex_unlock(&device.lock);
        pthread_join(producer, NULL);
    }

    fuse_session_unmount(session);
    fuse_remove_signal_handlers(session);
    fuse_session_destroy(session);
    fake_device_destroy(&device);
    return started == 0 ? 0 : 1;
}
