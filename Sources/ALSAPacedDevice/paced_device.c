/*
 * theremin_paced: a paced ALSA playback device for tests (alsa-lib ioplug API).
 *
 * Configuration (in an ALSA config file selected with ALSA_CONFIG_PATH):
 *   pcm_type.theremin_paced { lib "/path/libasound_module_pcm_theremin_paced.so" }
 *   pcm.paced {
 *       type theremin_paced
 *       file "/tmp/out.raw"        # optional: raw interleaved samples as written (after each recovery too)
 *       xruns "4800 24000"         # optional: force an underrun once this many frames have been played
 *       speed 1.0                  # optional: clock speed (2.0 consumes twice as fast as real time)
 *       log "/tmp/out.underruns"   # optional: one line per underrun, "forced FRAME" or "real FRAME"
 *       times "/tmp/out.times"     # optional: one line each time playing starts (first and after each recovery):
 *                                  # "start FRAME SECONDS RATE CHANNELS FORMAT": the file's frame FRAME is heard at
 *                                  # CLOCK_MONOTONIC SECONDS, and each frame after it 1/(RATE*speed) s later
 *       lock "/tmp/card.lock"      # optional: held (flock) while open; a second open fails with EBUSY, as a sound
 *                                  # card's playback node does while another program plays on it
 *   }
 * A real underrun also happens when the application falls behind the clock by more than the buffer. The log tells
 * the two apart, so a test can count the underruns it forced and allow for the real ones a loaded machine adds.
 */
#include <stdio.h>
#include <alsa/asoundlib.h>
#include <alsa/pcm_external.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_XRUNS 64

typedef struct {
    snd_pcm_ioplug_t io;
    int timer_fd;
    int out_fd;
    int log_fd;                        /* the underrun log, or -1 */
    int times_fd;                      /* the play-time log, or -1 */
    int lock_fd;                       /* the held lock file, or -1 */
    long long written;                 /* frames the application has written in all */
    long long run_first;               /* the first frame of this run: what was written when it was prepared */
    double speed;
    struct timespec start_time;
    int running;
    snd_pcm_uframes_t played_before;   /* frames played in earlier runs (before recoveries) */
    long long xruns[MAX_XRUNS];
    int xrun_count;
    int next_xrun;
} paced_t;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double elapsed_frames(paced_t *p) {
    double start = (double)p->start_time.tv_sec + (double)p->start_time.tv_nsec / 1e9;
    return (now_seconds() - start) * p->io.rate * p->speed;
}

static int arm_timer(paced_t *p) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    double period = (double)p->io.period_size / (p->io.rate * p->speed);
    spec.it_interval.tv_sec = (time_t)period;
    spec.it_interval.tv_nsec = (long)((period - (double)(time_t)period) * 1e9);
    spec.it_value = spec.it_interval;
    return timerfd_settime(p->timer_fd, 0, &spec, NULL);
}

/* Appends one line to a log: a single small write, so a process killed right after loses no line. */
static void log_line(int fd, const char *line, int length) {
    if (fd < 0 || length <= 0) return;
    ssize_t ignored = write(fd, line, (size_t)length);
    (void)ignored;
}

static int paced_start(snd_pcm_ioplug_t *io) {
    paced_t *p = io->private_data;
    clock_gettime(CLOCK_MONOTONIC, &p->start_time);
    p->running = 1;
    if (p->times_fd >= 0) {
        char line[128];
        int length = snprintf(line, sizeof line, "start %lld %ld.%09ld %u %u %s\n", p->run_first,
                              (long)p->start_time.tv_sec, p->start_time.tv_nsec, io->rate, io->channels,
                              snd_pcm_format_name(io->format));
        log_line(p->times_fd, line, length);
    }
    return arm_timer(p) < 0 ? -errno : 0;
}

static int paced_stop(snd_pcm_ioplug_t *io) {
    paced_t *p = io->private_data;
    /* What this run played (the clock, but never past what was written) counts towards the forced underruns' frame
       numbers, whatever alsa-lib has done to the hardware pointer by the next prepare. */
    if (p->running) {
        double elapsed = elapsed_frames(p), written = (double)io->appl_ptr;
        p->played_before += (snd_pcm_uframes_t)(elapsed < written ? elapsed : written);
    }
    struct itimerspec off;
    memset(&off, 0, sizeof off);
    timerfd_settime(p->timer_fd, 0, &off, NULL);
    p->running = 0;
    return 0;
}

static int paced_prepare(snd_pcm_ioplug_t *io) {
    paced_t *p = io->private_data;
    /* The hardware pointer starts again from zero after a prepare; what was played so far is kept by paced_stop.
       What was written and not played is dropped: the next run starts with the next frame written. */
    paced_stop(io);
    p->run_first = p->written;
    return 0;
}

static void log_underrun(paced_t *p, const char *kind, long long frame) {
    char line[64];
    log_line(p->log_fd, line, snprintf(line, sizeof line, "%s %lld\n", kind, frame));
}

static snd_pcm_sframes_t paced_pointer(snd_pcm_ioplug_t *io) {
    paced_t *p = io->private_data;
    if (!p->running) return (snd_pcm_sframes_t)(io->hw_ptr % io->buffer_size);
    double elapsed = elapsed_frames(p);
    snd_pcm_uframes_t appl = io->appl_ptr;
    long long total = (long long)p->played_before + (long long)elapsed;
    if (p->next_xrun < p->xrun_count && total >= p->xruns[p->next_xrun]) {
        p->next_xrun++;
        log_underrun(p, "forced", total);
        paced_stop(io);
        return -EPIPE;
    }
    if (elapsed > (double)appl) {
        /* The clock ran past what the application wrote: a real underrun, unless it is the end of a drain. */
        if (io->state != SND_PCM_STATE_DRAINING) log_underrun(p, "real", total);
        paced_stop(io);
        return -EPIPE;
    }
    return (snd_pcm_sframes_t)((snd_pcm_uframes_t)elapsed % io->buffer_size);
}

static snd_pcm_sframes_t paced_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
                                        snd_pcm_uframes_t offset, snd_pcm_uframes_t size) {
    paced_t *p = io->private_data;
    p->written += (long long)size;
    if (p->out_fd >= 0) {
        const char *base = (const char *)areas[0].addr + (areas[0].first + areas[0].step * offset) / 8;
        size_t bytes = (size_t)snd_pcm_frames_to_bytes(io->pcm, (snd_pcm_sframes_t)size);
        while (bytes > 0) {
            ssize_t n = write(p->out_fd, base, bytes);
            if (n < 0) {
                if (errno == EINTR) continue;
                return -errno;
            }
            base += n;
            bytes -= (size_t)n;
        }
    }
    return (snd_pcm_sframes_t)size;
}

static int paced_poll_revents(snd_pcm_ioplug_t *io, struct pollfd *pfd, unsigned int nfds, unsigned short *revents) {
    paced_t *p = io->private_data;
    (void)nfds;
    if (pfd[0].revents & POLLIN) {
        uint64_t expirations;
        ssize_t ignored = read(p->timer_fd, &expirations, sizeof expirations);
        (void)ignored;
    }
    snd_pcm_sframes_t avail = snd_pcm_avail_update(io->pcm);
    *revents = (avail < 0 || (snd_pcm_uframes_t)avail >= io->period_size || !p->running) ? POLLOUT : 0;
    if (avail < 0) *revents |= POLLERR;
    return 0;
}

static void release(paced_t *p) {
    if (p->out_fd >= 0) close(p->out_fd);
    if (p->log_fd >= 0) close(p->log_fd);
    if (p->times_fd >= 0) close(p->times_fd);
    if (p->lock_fd >= 0) close(p->lock_fd);
    if (p->timer_fd >= 0) close(p->timer_fd);
    free(p);
}

static int paced_close(snd_pcm_ioplug_t *io) {
    release(io->private_data);
    return 0;
}

/* Opens one of the files the configuration names (O_TRUNC for the samples, O_APPEND for the logs). */
static int open_output(const char *path, int how, int *fd) {
    *fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | how, 0644);
    return *fd < 0 ? -errno : 0;
}

/* Holds the lock file for as long as the device is open: EBUSY when another holds it. */
static int hold_lock(const char *path, int *fd) {
    *fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
    if (*fd < 0) return -errno;
    if (flock(*fd, LOCK_EX | LOCK_NB) < 0) return errno == EWOULDBLOCK ? -EBUSY : -errno;
    return 0;
}

static const snd_pcm_ioplug_callback_t paced_callbacks = {
    .start = paced_start,
    .stop = paced_stop,
    .prepare = paced_prepare,
    .pointer = paced_pointer,
    .transfer = paced_transfer,
    .poll_revents = paced_poll_revents,
    .close = paced_close,
};

static int parse_xruns(paced_t *p, const char *text) {
    char *end;
    while (*text && p->xrun_count < MAX_XRUNS) {
        while (*text == ' ' || *text == ',' || *text == ':') text++;
        if (!*text) break;
        long long value = strtoll(text, &end, 10);
        if (end == text || value < 0) return -EINVAL;
        p->xruns[p->xrun_count++] = value;
        text = end;
    }
    return 0;
}

SND_PCM_PLUGIN_DEFINE_FUNC(theremin_paced) {
    snd_config_iterator_t i, next;
    const char *file = NULL, *xruns = NULL, *log = NULL, *times = NULL, *lock = NULL;
    double speed = 1.0;
    (void)root;
    snd_config_for_each(i, next, conf) {
        snd_config_t *n = snd_config_iterator_entry(i);
        const char *id;
        if (snd_config_get_id(n, &id) < 0) continue;
        if (strcmp(id, "comment") == 0 || strcmp(id, "type") == 0 || strcmp(id, "hint") == 0) continue;
        if (strcmp(id, "file") == 0) { snd_config_get_string(n, &file); continue; }
        if (strcmp(id, "xruns") == 0) { snd_config_get_string(n, &xruns); continue; }
        if (strcmp(id, "log") == 0) { snd_config_get_string(n, &log); continue; }
        if (strcmp(id, "times") == 0) { snd_config_get_string(n, &times); continue; }
        if (strcmp(id, "lock") == 0) { snd_config_get_string(n, &lock); continue; }
        if (strcmp(id, "speed") == 0) {
            if (snd_config_get_ireal(n, &speed) < 0 || speed <= 0) return -EINVAL;
            continue;
        }
        SNDERR("theremin_paced: unknown field %s", id);
        return -EINVAL;
    }
    if (stream != SND_PCM_STREAM_PLAYBACK) return -EINVAL;

    paced_t *p = calloc(1, sizeof *p);
    if (!p) return -ENOMEM;
    p->speed = speed;
    p->out_fd = -1;
    p->log_fd = -1;
    p->times_fd = -1;
    p->lock_fd = -1;
    p->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    int err = p->timer_fd < 0 ? -errno : 0;
    /* Before any file is truncated: a busy device leaves its holder's recording alone. */
    if (!err && lock && *lock) err = hold_lock(lock, &p->lock_fd);
    if (!err && xruns && parse_xruns(p, xruns) < 0) err = -EINVAL;
    if (!err && file) err = open_output(file, O_TRUNC, &p->out_fd);
    if (!err && log && *log) err = open_output(log, O_APPEND, &p->log_fd);
    if (!err && times && *times) err = open_output(times, O_APPEND, &p->times_fd);
    if (err) { release(p); return err; }
    p->io.version = SND_PCM_IOPLUG_VERSION;
    p->io.name = "theremin paced test device";
    p->io.callback = &paced_callbacks;
    p->io.private_data = p;
    p->io.poll_fd = p->timer_fd;
    p->io.poll_events = POLLIN;
    p->io.mmap_rw = 0;

    err = snd_pcm_ioplug_create(&p->io, name, stream, mode);
    if (err < 0) { paced_close(&p->io); return err; }
    static const unsigned int formats[] = { SND_PCM_FORMAT_FLOAT_LE, SND_PCM_FORMAT_S16_LE };
    static const unsigned int accesses[] = { SND_PCM_ACCESS_RW_INTERLEAVED };
    if ((err = snd_pcm_ioplug_set_param_list(&p->io, SND_PCM_IOPLUG_HW_ACCESS, 1, accesses)) < 0 ||
        (err = snd_pcm_ioplug_set_param_list(&p->io, SND_PCM_IOPLUG_HW_FORMAT, 2, formats)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_CHANNELS, 1, 2)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_RATE, 44100, 48000)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 64, 1 << 16)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_PERIODS, 2, 64)) < 0) {
        snd_pcm_ioplug_delete(&p->io);
        return err;
    }
    *pcmp = p->io.pcm;
    return 0;
}

SND_PCM_PLUGIN_SYMBOL(theremin_paced);
