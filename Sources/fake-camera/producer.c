// The fake camera's sensor: one frame per interval while streaming, into the oldest queued buffer, pushed into the
// client's page cache before the buffer is marked done. Also runs the time-based faults (plug back, end of stall).
#include "fake_camera.h"

#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>

static struct timespec timespec_from_seconds(double seconds) {
    struct timespec t;
    t.tv_sec = (time_t)seconds;
    t.tv_nsec = (long)((seconds - (double)t.tv_sec) * 1e9);
    if (t.tv_nsec >= 1000000000L) t.tv_sec++, t.tv_nsec -= 1000000000L;
    return t;
}

/// Waits on the producer's condition until `deadline` (monotonic seconds) or a wake-up; lock held.
static void wait_until(fake_device *d, double deadline) {
    struct timespec until = timespec_from_seconds(deadline);
    pthread_cond_timedwait(&d->wake, &d->lock, &until);
}

/// Copies a finished frame into the kernel's page cache of the device file, where the client's mmap sees it.
static void push_to_page_cache(fake_device *d, uint64_t ino, size_t offset, size_t size) {
    struct fuse_bufvec data = FUSE_BUFVEC_INIT(size);
    data.buf[0].mem = d->memory + offset;
    int result = fuse_lowlevel_notify_store(d->session, ino, (off_t)offset, &data, 0);
    // -ENOENT: the kernel holds no inode (nobody has the file open); the read handler serves it when asked.
    if (result != 0 && result != -ENOENT)
        fprintf(stderr, "fake-camera: cannot push a frame to the page cache: %s\n", strerror(-result));
}

/// Produces one frame due at `due` (monotonic seconds; the buffer's timestamp, as a UVC camera stamps the start of
/// its frame, so latency is counted from capture); called with the lock held, releases it while drawing and copying.
static void produce_frame(fake_device *d, double due) {
    uint32_t sequence = d->sequence++;
    if (d->stalled) return;
    uint32_t index = 0;
    unsigned epoch = 0;
    bool have_buffer = fake_device_begin_fill(d, &index, &epoch);
    if (!have_buffer) d->frames_dropped++;
    uint32_t image_size = d->image_size;
    size_t offset = index * d->buffer_stride;
    uint64_t ino = fake_device_ino(d);
    pthread_mutex_unlock(&d->lock);

    fake_frame_result frame = fake_frames_next(d->source, have_buffer ? d->memory + offset : NULL, image_size, sequence);
    if (have_buffer && frame.bytesused > 0) push_to_page_cache(d, ino, offset, frame.bytesused);

    pthread_mutex_lock(&d->lock);
    if (!have_buffer) return;
    struct timeval timestamp = {(time_t)due, (suseconds_t)((due - (double)(time_t)due) * 1e6)};
    if (!fake_device_finish_fill(d, index, epoch, sequence, frame.bytesused, timestamp)) return;
    if (frame.corrupted) d->frames_corrupted++;
    if (d->frame_log) fprintf(d->frame_log, "%u %.6f %ld\n", sequence, due, frame.video_frame);
    const fake_options *o = d->options;
    if (o->unplug_after >= 0 && !d->unplugged_once && d->frames_delivered >= (uint64_t)o->unplug_after)
        fake_device_unplug(d, "--unplug-after");
    if (o->stall_after >= 0 && d->frames_delivered == (uint64_t)o->stall_after) {
        d->stalled = true;
        d->stall_until = o->stall_for > 0 ? fake_monotonic_seconds() + o->stall_for : 0;
        fprintf(stderr, "fake-camera: %s stalls after %ld frames\n", o->name, o->stall_after);
    }
}

void *fake_producer_main(void *argument) {
    fake_device *d = argument;
    double next_frame = 0;
    pthread_mutex_lock(&d->lock);
    while (!d->quit) {
        double now = fake_monotonic_seconds();
        if (d->parent != 0 && getppid() != d->parent) {
            // The parent died (the waits below last at most a second): end the session loop, which unmounts.
            d->parent = 0;
            fprintf(stderr, "fake-camera: the parent process is gone; stopping\n");
            kill(getpid(), SIGTERM);
        }
        if (!d->present && d->plug_back_at >= 0 && now >= d->plug_back_at) fake_device_plug(d);
        if (d->stalled && d->stall_until > 0 && now >= d->stall_until) {
            d->stalled = false;
            fprintf(stderr, "fake-camera: %s resumes\n", d->options->name);
        }
        if (!d->present || !d->streaming) {
            double deadline = now + 1.0;
            if (!d->present && d->plug_back_at >= 0 && d->plug_back_at < deadline) deadline = d->plug_back_at;
            wait_until(d, deadline);
            next_frame = 0;
            continue;
        }
        if (d->restart_source) {
            d->restart_source = false;
            uint32_t fourcc = d->fourcc;
            int32_t width = d->width, height = d->height;
            pthread_mutex_unlock(&d->lock);
            fake_frames_start(d->source, fourcc, width, height);
            pthread_mutex_lock(&d->lock);
            next_frame = 0;
            continue;
        }
        double period = 1.0 / fake_device_sensor_rate(d);
        if (next_frame == 0) next_frame = now + period;
        if (now < next_frame) {
            double deadline = next_frame;
            if (d->stalled && d->stall_until > 0 && d->stall_until < deadline) deadline = d->stall_until;
            wait_until(d, deadline);
            continue;
        }
        // A late tick does not cause a burst of frames: the clock skips ahead as a sensor would.
        double due = now - next_frame > period ? now : next_frame;
        next_frame = due + period;
        produce_frame(d, due);
        if (d->streaming && d->present && !d->stalled && !d->restart_source) {
            uint32_t next_sequence = d->sequence, image_size = d->image_size;
            pthread_mutex_unlock(&d->lock);
            fake_frames_prepare(d->source, image_size, next_sequence);
            pthread_mutex_lock(&d->lock);
        }
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}
