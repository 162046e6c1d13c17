// The emulated V4L2 capture device: formats, buffer queues and the ioctls that drive them, modelled on what
// videobuf2 drivers such as uvcvideo do (one owner of the buffers, EBUSY for the others, ENODEV once unplugged).
#include "fake_camera.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/// Returned by handlers that keep the request to answer later (a blocking DQBUF).
enum { DEFERRED = -1 };

double fake_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static size_t page_align(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (size + page - 1) / page * page;
}

uint32_t fake_format_bytes_per_line(uint32_t fourcc, int32_t width) {
    return fourcc == FAKE_FOURCC_MJPG ? 0 : fake_pattern_bytes_per_line(fourcc, width);
}

uint32_t fake_format_image_size(uint32_t fourcc, int32_t width, int32_t height) {
    return fourcc == FAKE_FOURCC_MJPG ? fake_jpeg_max_size(width, height) : fake_pattern_image_size(fourcc, width, height);
}

static bool is_compressed(uint32_t fourcc) {
    return fourcc != FAKE_FOURCC('Y', 'U', 'Y', 'V') && fourcc != FAKE_FOURCC('B', 'G', 'R', '3');
}

static const char *format_description(uint32_t fourcc) {
    if (fourcc == FAKE_FOURCC('Y', 'U', 'Y', 'V')) return "YUYV 4:2:2";
    if (fourcc == FAKE_FOURCC('B', 'G', 'R', '3')) return "24-bit BGR 8-8-8";
    if (fourcc == FAKE_FOURCC_MJPG) return "Motion-JPEG";
    return "Opaque test payload";
}

static void set_format(fake_device *d, uint32_t fourcc, int32_t width, int32_t height) {
    d->fourcc = fourcc;
    d->width = width;
    d->height = height;
    d->bytes_per_line = fake_format_bytes_per_line(fourcc, width);
    d->image_size = fake_format_image_size(fourcc, width, height);
}

/// The first mode at its first rate: what the camera is set to when it powers up.
static void set_default_mode(fake_device *d) {
    const fake_mode *first = &d->options->modes[0];
    set_format(d, first->fourcc, first->size.width, first->size.height);
    d->interval = first->intervals[0];
}

int fake_device_init(fake_device *d, const fake_options *o) {
    memset(d, 0, sizeof *d);
    pthread_mutex_init(&d->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&d->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    d->options = o;
    d->present = true;
    d->busy = o->busy;
    d->plug_back_at = -1;
    d->parent = o->exit_with_parent ? getppid() : 0;
    set_default_mode(d);
    fake_controls_reset(d);
    size_t largest = 0;
    for (int m = 0; m < o->mode_count; m++) {
        size_t size = fake_format_image_size(o->modes[m].fourcc, o->modes[m].size.width, o->modes[m].size.height);
        if (size > largest) largest = size;
    }
    d->buffer_stride = page_align(largest);
    d->memory_size = d->buffer_stride * FAKE_MAX_BUFFERS;
    d->memory = calloc(1, d->memory_size);
    d->source = fake_frames_open(o);
    return d->memory && d->source ? 0 : -1;
}

void fake_device_destroy(fake_device *d) {
    fake_frames_close(d->source);
    free(d->memory);
    pthread_cond_destroy(&d->wake);
    pthread_mutex_destroy(&d->lock);
}

uint64_t fake_device_ino(const fake_device *d) { return FAKE_INO_DEVICE_BASE + d->generation; }

static bool handle_is_dead(const fake_device *d, const fake_handle *h) {
    return !d->present || h->generation != d->generation;
}

/// Wakes every poller: readiness changed (a frame is done, the stream stopped, the device went away).
static void notify_pollers(fake_device *d) {
    for (fake_handle *h = d->handles; h; h = h->next) {
        if (!h->poll_handle) continue;
        fuse_lowlevel_notify_poll(h->poll_handle);
        fuse_pollhandle_destroy(h->poll_handle);
        h->poll_handle = NULL;
    }
}

static void fail_pending(fake_device *d, int error) {
    for (int i = 0; i < d->pending_count; i++) fuse_reply_err(d->pending[i].request, error);
    d->pending_count = 0;
}

/// Returns every buffer to the application, as STREAMOFF does.
static void reset_queues(fake_device *d) {
    for (uint32_t i = 0; i < d->buffer_count; i++) d->buffers[i].state = BUFFER_DEQUEUED;
    d->queued_count = 0;
    d->done_count = 0;
    d->stream_epoch++;
}

static void stop_streaming(fake_device *d, int pending_error) {
    d->streaming = false;
    reset_queues(d);
    fail_pending(d, pending_error);
    notify_pollers(d);
}

static void free_buffers(fake_device *d) {
    stop_streaming(d, EINVAL);
    d->buffer_count = 0;
    d->owner = NULL;
}

void fake_device_unplug(fake_device *d, const char *why) {
    if (!d->present) return;
    // A waiting DQBUF sees the queue error (EIO, as uvcvideo reports a disconnect); everything after is ENODEV.
    stop_streaming(d, EIO);
    d->buffer_count = 0;
    d->owner = NULL;
    d->present = false;
    d->generation++;
    d->unplugged_once = true;
    double back = d->options->plug_back_after;
    d->plug_back_at = back >= 0 ? fake_monotonic_seconds() + back : -1;
    fprintf(stderr, "fake-camera: %s unplugged (%s)\n", d->options->name, why);
    pthread_cond_broadcast(&d->wake);
}

void fake_device_plug(fake_device *d) {
    if (d->present) return;
    d->present = true;
    d->plug_back_at = -1;
    d->stalled = false;
    set_default_mode(d); /* a replugged camera starts afresh, controls too */
    fake_controls_reset(d);
    fprintf(stderr, "fake-camera: %s plugged back in\n", d->options->name);
    pthread_cond_broadcast(&d->wake);
}

int fake_device_open(fake_device *d, fake_handle **handle, bool nonblocking) {
    pthread_mutex_lock(&d->lock);
    int error = !d->present ? ENOENT : d->busy ? EBUSY : 0;
    if (!error) {
        fake_handle *h = calloc(1, sizeof *h);
        if (!h) {
            error = ENOMEM;
        } else {
            h->generation = d->generation;
            h->nonblocking = nonblocking;
            h->next = d->handles;
            d->handles = h;
            *handle = h;
        }
    }
    pthread_mutex_unlock(&d->lock);
    return error;
}

void fake_device_release(fake_device *d, fake_handle *h) {
    pthread_mutex_lock(&d->lock);
    if (d->owner == h) free_buffers(d);
    for (fake_handle **link = &d->handles; *link; link = &(*link)->next)
        if (*link == h) {
            *link = h->next;
            break;
        }
    if (h->poll_handle) fuse_pollhandle_destroy(h->poll_handle);
    pthread_mutex_unlock(&d->lock);
    free(h);
}

// MARK: formats

/// What S_FMT/TRY_FMT grant: the format if offered (else the first), the nearest size it comes in.
static void adjust_format(const fake_options *o, struct v4l2_pix_format *pix) {
    if (!fake_offers_format(o, pix->pixelformat)) pix->pixelformat = o->modes[0].fourcc;
    fake_size best = fake_mode_nearest(o, pix->pixelformat, (int32_t)pix->width, (int32_t)pix->height)->size;
    pix->width = (uint32_t)best.width;
    pix->height = (uint32_t)best.height;
    pix->bytesperline = fake_format_bytes_per_line(pix->pixelformat, best.width);
    pix->sizeimage = fake_format_image_size(pix->pixelformat, best.width, best.height);
    pix->field = V4L2_FIELD_NONE;
    pix->colorspace = V4L2_COLORSPACE_SRGB;
    pix->priv = 0;
    pix->flags = 0;
}

static void describe_current_format(const fake_device *d, struct v4l2_pix_format *pix) {
    memset(pix, 0, sizeof *pix);
    pix->pixelformat = d->fourcc;
    pix->width = (uint32_t)d->width;
    pix->height = (uint32_t)d->height;
    pix->bytesperline = d->bytes_per_line;
    pix->sizeimage = d->image_size;
    pix->field = V4L2_FIELD_NONE;
    pix->colorspace = V4L2_COLORSPACE_SRGB;
}

// MARK: buffers

static void describe_buffer(const fake_device *d, uint32_t index, struct v4l2_buffer *b) {
    const fake_buffer *buffer = &d->buffers[index];
    memset(b, 0, sizeof *b);
    b->index = index;
    b->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    b->memory = V4L2_MEMORY_MMAP;
    b->m.offset = (uint32_t)(index * d->buffer_stride);
    b->length = (uint32_t)d->buffer_stride;
    b->bytesused = buffer->bytesused;
    b->field = V4L2_FIELD_NONE;
    b->sequence = buffer->sequence;
    b->timestamp = buffer->timestamp;
    b->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
    if (buffer->state == BUFFER_QUEUED || buffer->state == BUFFER_FILLING) b->flags |= V4L2_BUF_FLAG_QUEUED;
    if (buffer->state == BUFFER_DONE) b->flags |= V4L2_BUF_FLAG_DONE;
}

/// Hands the oldest finished buffer to the application.
static void take_done(fake_device *d, struct v4l2_buffer *b) {
    uint32_t index = d->done[0];
    memmove(d->done, d->done + 1, (d->done_count - 1) * sizeof d->done[0]);
    d->done_count--;
    d->buffers[index].state = BUFFER_DEQUEUED;
    describe_buffer(d, index, b);
}

/// Answers waiting DQBUFs while finished buffers last (producer side, lock held).
static void satisfy_pending(fake_device *d) {
    while (d->pending_count > 0 && d->done_count > 0) {
        fake_pending_dequeue waiting = d->pending[0];
        memmove(d->pending, d->pending + 1, (size_t)(d->pending_count - 1) * sizeof d->pending[0]);
        d->pending_count--;
        struct v4l2_buffer b;
        take_done(d, &b);
        fuse_reply_ioctl(waiting.request, 0, &b, sizeof b);
    }
}

static void on_interrupt(fuse_req_t request, void *data) {
    fake_device *d = data;
    pthread_mutex_lock(&d->lock);
    for (int i = 0; i < d->pending_count; i++) {
        if (d->pending[i].request != request) continue;
        memmove(d->pending + i, d->pending + i + 1, (size_t)(d->pending_count - i - 1) * sizeof d->pending[0]);
        d->pending_count--;
        fuse_reply_err(request, EINTR);
        break;
    }
    pthread_mutex_unlock(&d->lock);
}

// MARK: ioctl

typedef union {
    struct v4l2_capability capability;
    struct v4l2_fmtdesc format_description;
    struct v4l2_frmsizeenum frame_size;
    struct v4l2_frmivalenum frame_interval;
    struct v4l2_format format;
    struct v4l2_streamparm parameters;
    struct v4l2_requestbuffers request_buffers;
    struct v4l2_buffer buffer;
    struct v4l2_input input;
    struct v4l2_queryctrl query_control;
    struct v4l2_querymenu query_menu;
    struct v4l2_control control;
    int integer;
    unsigned char raw[256];
} ioctl_argument;

static int query_capability(const fake_device *d, struct v4l2_capability *c) {
    const fake_options *o = d->options;
    memset(c, 0, sizeof *c);
    snprintf((char *)c->driver, sizeof c->driver, "%s", o->driver);
    snprintf((char *)c->card, sizeof c->card, "%s", o->card);
    snprintf((char *)c->bus_info, sizeof c->bus_info, "fuse:%s", o->name);
    c->version = (6u << 16);
    uint32_t caps = o->metadata ? V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING
                                : V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
    c->device_caps = caps;
    c->capabilities = caps | V4L2_CAP_DEVICE_CAPS;
    return 0;
}

/// The mode the device is set to (S_FMT only grants offered ones).
static const fake_mode *current_mode(const fake_device *d) {
    return fake_mode_find(d->options, d->fourcc, d->width, d->height);
}

/// Handles one ioctl with the lock held; returns 0, an errno, or DEFERRED.
static int dispatch(fake_device *d, fuse_req_t request, fake_handle *h, unsigned int command, ioctl_argument *a) {
    const fake_options *o = d->options;
    if (handle_is_dead(d, h)) return ENODEV;
    if (command == VIDIOC_QUERYCAP) return query_capability(d, &a->capability);
    if (o->metadata) return ENOTTY;
    bool owner = d->owner == h;
    bool someone_else_owns = d->owner != NULL && !owner;

    switch (command) {
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *f = &a->format_description;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || f->index >= (uint32_t)o->format_count) return EINVAL;
        uint32_t index = f->index;
        memset(f, 0, sizeof *f);
        f->index = index;
        f->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
        f->pixelformat = o->formats[index];
        f->flags = is_compressed(f->pixelformat) ? V4L2_FMT_FLAG_COMPRESSED : 0;
        snprintf((char *)f->description, sizeof f->description, "%s", format_description(f->pixelformat));
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *s = &a->frame_size;
        fake_size size;
        if (!fake_mode_size(o, s->pixel_format, s->index, &size)) return EINVAL;
        s->type = V4L2_FRMSIZE_TYPE_DISCRETE;
        s->discrete.width = (uint32_t)size.width;
        s->discrete.height = (uint32_t)size.height;
        return 0;
    }
    case VIDIOC_ENUM_FRAMEINTERVALS: {
        struct v4l2_frmivalenum *i = &a->frame_interval;
        const fake_mode *mode = fake_mode_find(o, i->pixel_format, (int32_t)i->width, (int32_t)i->height);
        if (!mode || i->index >= (uint32_t)mode->interval_count) return EINVAL;
        i->type = V4L2_FRMIVAL_TYPE_DISCRETE;
        i->discrete.numerator = mode->intervals[i->index].numerator;
        i->discrete.denominator = mode->intervals[i->index].denominator;
        return 0;
    }
    case VIDIOC_G_FMT:
        if (a->format.type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        describe_current_format(d, &a->format.fmt.pix);
        return 0;
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT:
        if (a->format.type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        adjust_format(o, &a->format.fmt.pix);
        if (command == VIDIOC_TRY_FMT) return 0;
        if (someone_else_owns || (owner && d->buffer_count > 0)) return EBUSY;
        set_format(d, a->format.fmt.pix.pixelformat, (int32_t)a->format.fmt.pix.width,
                   (int32_t)a->format.fmt.pix.height);
        // As uvcvideo: the rate stays, brought to the nearest the new format and size offer.
        d->interval = fake_mode_nearest_interval(current_mode(d), d->interval.numerator, d->interval.denominator);
        return 0;
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM: {
        struct v4l2_streamparm *p = &a->parameters;
        if (p->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        if (command == VIDIOC_S_PARM) {
            if (someone_else_owns) return EBUSY;
            struct v4l2_fract asked = p->parm.capture.timeperframe;
            fake_interval granted = fake_mode_nearest_interval(current_mode(d), asked.numerator, asked.denominator);
            d->interval = granted;
            pthread_cond_broadcast(&d->wake);
        }
        memset(&p->parm, 0, sizeof p->parm);
        p->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        p->parm.capture.timeperframe.numerator = d->interval.numerator;
        p->parm.capture.timeperframe.denominator = d->interval.denominator;
        return 0;
    }
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *r = &a->request_buffers;
        if (r->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || r->memory != V4L2_MEMORY_MMAP) return EINVAL;
        if (someone_else_owns || (owner && d->streaming)) return EBUSY;
        if (r->count == 0) {
            if (owner) free_buffers(d);
        } else {
            uint32_t count = r->count < 2 ? 2 : r->count > FAKE_MAX_BUFFERS ? FAKE_MAX_BUFFERS : r->count;
            d->buffer_count = count;
            reset_queues(d);
            for (uint32_t i = 0; i < count; i++) d->buffers[i] = (fake_buffer){.state = BUFFER_DEQUEUED};
            d->owner = h;
            r->count = count;
        }
        r->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
        memset(r->reserved, 0, sizeof r->reserved);
        return 0;
    }
    case VIDIOC_QUERYBUF:
        if (!owner) return someone_else_owns ? EBUSY : EINVAL;
        if (a->buffer.type != V4L2_BUF_TYPE_VIDEO_CAPTURE || a->buffer.index >= d->buffer_count) return EINVAL;
        describe_buffer(d, a->buffer.index, &a->buffer);
        return 0;
    case VIDIOC_QBUF: {
        if (!owner) return someone_else_owns ? EBUSY : EINVAL;
        uint32_t index = a->buffer.index;
        if (a->buffer.type != V4L2_BUF_TYPE_VIDEO_CAPTURE || a->buffer.memory != V4L2_MEMORY_MMAP ||
            index >= d->buffer_count || d->buffers[index].state != BUFFER_DEQUEUED)
            return EINVAL;
        d->buffers[index].state = BUFFER_QUEUED;
        d->queued[d->queued_count++] = index;
        describe_buffer(d, index, &a->buffer);
        return 0;
    }
    case VIDIOC_DQBUF:
        if (!owner) return someone_else_owns ? EBUSY : EINVAL;
        if (a->buffer.type != V4L2_BUF_TYPE_VIDEO_CAPTURE || a->buffer.memory != V4L2_MEMORY_MMAP) return EINVAL;
        if (!d->streaming) return EINVAL;
        if (d->done_count > 0) {
            take_done(d, &a->buffer);
            return 0;
        }
        if (h->nonblocking) return EAGAIN;
        if (d->pending_count == FAKE_MAX_PENDING) return EBUSY;
        d->pending[d->pending_count++] = (fake_pending_dequeue){request, h};
        return DEFERRED;
    case VIDIOC_STREAMON:
        if (!owner) return someone_else_owns ? EBUSY : EINVAL;
        if (a->integer != V4L2_BUF_TYPE_VIDEO_CAPTURE || d->buffer_count == 0) return EINVAL;
        if (!d->streaming) {
            d->streaming = true;
            d->sequence = 0;
            d->restart_source = true;
            pthread_cond_broadcast(&d->wake);
        }
        return 0;
    case VIDIOC_STREAMOFF:
        if (someone_else_owns) return EBUSY;
        if (a->integer != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        if (owner) stop_streaming(d, EINVAL);
        return 0;
    case VIDIOC_G_INPUT:
        a->integer = 0;
        return 0;
    case VIDIOC_S_INPUT:
        return a->integer == 0 ? 0 : EINVAL;
    case VIDIOC_ENUMINPUT: {
        struct v4l2_input *input = &a->input;
        if (input->index != 0) return EINVAL;
        memset(input, 0, sizeof *input);
        snprintf((char *)input->name, sizeof input->name, "Camera 1");
        input->type = V4L2_INPUT_TYPE_CAMERA;
        return 0;
    }
    case VIDIOC_QUERYCTRL: return fake_controls_query(d, &a->query_control);
    case VIDIOC_QUERYMENU: return fake_controls_query_menu(d, &a->query_menu);
    case VIDIOC_G_CTRL: return fake_controls_get(d, &a->control);
    case VIDIOC_S_CTRL: return fake_controls_set(d, &a->control);
    default:
        return ENOTTY;
    }
}

void fake_device_ioctl(fake_device *d, fuse_req_t request, fake_handle *h, unsigned int command, const void *in,
                       size_t in_size, size_t out_size) {
    ioctl_argument argument;
    if (_IOC_SIZE(command) > sizeof argument) {
        fuse_reply_err(request, ENOTTY);
        return;
    }
    memset(&argument, 0, sizeof argument);
    if (in_size > 0) memcpy(&argument, in, in_size < sizeof argument ? in_size : sizeof argument);
    if (command == VIDIOC_DQBUF && !h->nonblocking) {
        // Registered before the request can be parked, so an interrupt never finds a request already answered.
        fuse_req_interrupt_func(request, on_interrupt, d);
        if (fuse_req_interrupted(request)) {
            fuse_reply_err(request, EINTR);
            return;
        }
    }
    pthread_mutex_lock(&d->lock);
    int result = dispatch(d, request, h, command, &argument);
    pthread_mutex_unlock(&d->lock);
    if (result == DEFERRED) return;
    if (result != 0)
        fuse_reply_err(request, result);
    else
        fuse_reply_ioctl(request, 0, out_size > 0 ? &argument : NULL, out_size < sizeof argument ? out_size : sizeof argument);
}

void fake_device_poll(fake_device *d, fuse_req_t request, fake_handle *h, struct fuse_pollhandle *ph) {
    unsigned events;
    pthread_mutex_lock(&d->lock);
    if (handle_is_dead(d, h))
        events = POLLERR | POLLHUP;
    else if (d->owner == h && d->done_count > 0)
        events = POLLIN | POLLRDNORM;
    else if (d->owner != h || !d->streaming)
        events = POLLERR; /* videobuf2: nothing to wait for when not streaming */
    else
        events = 0;
    if (ph && events == 0) {
        if (h->poll_handle) fuse_pollhandle_destroy(h->poll_handle);
        h->poll_handle = ph;
    } else if (ph) {
        fuse_pollhandle_destroy(ph);
    }
    pthread_mutex_unlock(&d->lock);
    fuse_reply_poll(request, events);
}

// MARK: control file

int fake_device_control(fake_device *d, const char *command) {
    int error = 0;
    pthread_mutex_lock(&d->lock);
    if (strcmp(command, "unplug") == 0)
        fake_device_unplug(d, "control file");
    else if (strcmp(command, "plug") == 0)
        fake_device_plug(d);
    else if (strcmp(command, "stall") == 0)
        d->stalled = true, d->stall_until = 0;
    else if (strcmp(command, "resume") == 0)
        d->stalled = false;
    else if (strcmp(command, "busy on") == 0)
        d->busy = true;
    else if (strcmp(command, "busy off") == 0)
        d->busy = false;
    else
        error = EINVAL;
    pthread_cond_broadcast(&d->wake);
    pthread_mutex_unlock(&d->lock);
    if (error) fprintf(stderr, "fake-camera: unknown control command '%s'\n", command);
    return error;
}

int fake_device_status(fake_device *d, char *text, size_t capacity) {
    pthread_mutex_lock(&d->lock);
    int length = snprintf(text, capacity,
                          "present=%d streaming=%d stalled=%d busy=%d generation=%u sequence=%u delivered=%llu "
                          "dropped=%llu corrupted=%llu format=%.4s size=%dx%d fps=%g sensor_fps=%g",
                          d->present, d->streaming, d->stalled, d->busy, d->generation, d->sequence,
                          (unsigned long long)d->frames_delivered, (unsigned long long)d->frames_dropped,
                          (unsigned long long)d->frames_corrupted,
                          (const char *)&d->fourcc, d->width, d->height,
                          (double)d->interval.denominator / d->interval.numerator,
                          fake_device_sensor_rate(d));
    if (length >= 0 && (size_t)length < capacity)
        length += fake_controls_status(d, text + length, capacity - (size_t)length);
    if (length >= 0 && (size_t)length + 1 < capacity) text[length++] = '\n', text[length] = '\0';
    pthread_mutex_unlock(&d->lock);
    return length;
}

double fake_device_sensor_rate(const fake_device *d) {
    double rate = (double)d->interval.denominator / d->interval.numerator;
    return fake_controls_slow_exposure(d) ? rate / 2 : rate;
}

// MARK: filling buffers (producer side)

bool fake_device_begin_fill(fake_device *d, uint32_t *index, unsigned *epoch) {
    if (d->queued_count == 0) return false;
    *index = d->queued[0];
    memmove(d->queued, d->queued + 1, (d->queued_count - 1) * sizeof d->queued[0]);
    d->queued_count--;
    d->buffers[*index].state = BUFFER_FILLING;
    *epoch = d->stream_epoch;
    return true;
}

bool fake_device_finish_fill(fake_device *d, uint32_t index, unsigned epoch, uint32_t sequence, uint32_t bytesused,
                             struct timeval timestamp) {
    if (epoch != d->stream_epoch || index >= d->buffer_count || d->buffers[index].state != BUFFER_FILLING)
        return false; /* STREAMOFF, REQBUFS or an unplug happened meanwhile */
    fake_buffer *buffer = &d->buffers[index];
    buffer->state = BUFFER_DONE;
    buffer->bytesused = bytesused;
    buffer->sequence = sequence;
    buffer->timestamp = timestamp;
    d->done[d->done_count++] = index;
    d->frames_delivered++;
    satisfy_pending(d);
    notify_pollers(d);
    return true;
}
