// Command line of fake-camera.
#include "fake_camera.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: fake-camera --mount DIR [options]\n"
    "Serves DIR/NAME as a V4L2 capture device (over FUSE; needs root and /dev/fuse) until SIGINT/SIGTERM.\n"
    "Prints \"ready PATH\" on stdout once the device can be opened.\n"
    "\n"
    "  --mount DIR              directory to mount on (must exist)\n"
    "  --name NAME              device file name (default video0)\n"
    "  --card TEXT              card name reported by VIDIOC_QUERYCAP (default \"Fake Camera\")\n"
    "  --driver TEXT            driver name (default fake-camera)\n"
    "  --pixel-format LIST      offered fourccs, e.g. YUYV,BGR3,MJPG (default YUYV); MJPG frames are JPEGs\n"
    "                           (TurboJPEG, 4:2:2, quality 90) of varying length; any other fourcc (e.g.\n"
    "                           H264) is offered with undecodable data, for 'no usable format' tests\n"
    "  --sizes LIST             offered sizes (default 640x480,1280x720)\n"
    "  --rates LIST             offered frame rates in fps, e.g. 30,15 (default 30); the first is the default\n"
    "  --pattern moving-square  frames show a bright square whose grid cell is the frame number (default)\n"
    "  --video FILE             frames from a video file (decoded by the ffmpeg command, looped)\n"
    "  --busy                   open() fails with EBUSY\n"
    "  --unplug-after N         the device vanishes after N frames were delivered (ioctls fail ENODEV, a\n"
    "                           waiting DQBUF fails EIO, poll reports POLLERR|POLLHUP, the file disappears)\n"
    "  --plug-back-after SEC    ...and comes back SEC seconds later (default: never)\n"
    "  --stall-after N          the sensor stops delivering after N frames\n"
    "  --stall-for SEC          ...for SEC seconds (default 0: forever)\n"
    "  --metadata               present a metadata node, not a video capture device\n"
    "  --exit-with-parent       stop (and unmount) within a second of the parent process dying\n"
    "  --corrupt-jpeg EVERY,SEED  damage about one MJPEG frame in EVERY (truncated, garbage or zero-length; which\n"
    "                           frames and how drawn from SEED)\n"
    "  --frame-log FILE         write a line per delivered frame: sequence, due time (the buffer's monotonic\n"
    "                           timestamp, s) and the --video frame shown (-1 for the pattern)\n"
    "\n"
    "Runtime control: write a command to DIR/control (unplug, plug, stall, resume, busy on, busy off);\n"
    "read DIR/control for a status line.\n";

static int usage_error(const char *format, const char *value) {
    fprintf(stderr, "fake-camera: ");
    fprintf(stderr, format, value);
    fprintf(stderr, "\nSee 'fake-camera --help'.\n");
    return 2;
}

static bool parse_fourcc(const char *text, size_t length, uint32_t *fourcc) {
    if (length == 0 || length > 4) return false;
    char chars[4] = {' ', ' ', ' ', ' '};
    memcpy(chars, text, length);
    *fourcc = FAKE_FOURCC(chars[0], chars[1], chars[2], chars[3]);
    return true;
}

static bool parse_long(const char *text, long *value) {
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || parsed < 0) return false;
    *value = parsed;
    return true;
}

/// "EVERY,SEED": EVERY from 1 to 1000000, SEED any unsigned 64-bit number.
static bool parse_corruption(const char *text, fake_options *o) {
    char *end = NULL;
    errno = 0;
    unsigned long every = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != ',' || every < 1 || every > 1000000 || text[0] == '-') return false;
    const char *seed_text = end + 1;
    errno = 0;
    unsigned long long seed = strtoull(seed_text, &end, 10);
    if (errno != 0 || end == seed_text || *end != '\0' || seed_text[0] == '-') return false;
    o->corrupt_every = (uint32_t)every;
    o->corrupt_seed = seed;
    return true;
}

static bool parse_seconds(const char *text, double *value) {
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(parsed >= 0) || parsed > 1e6) return false;
    *value = parsed;
    return true;
}

static unsigned long gcd(unsigned long a, unsigned long b) {
    while (b != 0) {
        unsigned long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/// Splits a comma-separated list and hands each item to `item`; false on the first bad item.
static bool for_each_item(const char *list, bool (*item)(const char *, size_t, fake_options *), fake_options *o) {
    const char *start = list;
    for (;;) {
        const char *comma = strchr(start, ',');
        size_t length = comma ? (size_t)(comma - start) : strlen(start);
        if (!item(start, length, o)) return false;
        if (!comma) return true;
        start = comma + 1;
    }
}

static bool add_format(const char *text, size_t length, fake_options *o) {
    uint32_t fourcc;
    if (o->format_count == FAKE_MAX_FORMATS || !parse_fourcc(text, length, &fourcc)) return false;
    o->formats[o->format_count++] = fourcc;
    return true;
}

static bool add_size(const char *text, size_t length, fake_options *o) {
    char buffer[32];
    if (o->size_count == FAKE_MAX_SIZES || length == 0 || length >= sizeof buffer) return false;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    int width = 0, height = 0, consumed = 0;
    if (sscanf(buffer, "%dx%d%n", &width, &height, &consumed) != 2 || (size_t)consumed != length) return false;
    if (width < 16 || height < 16 || width > 4096 || height > 4096 || width % 2 != 0) return false;
    o->sizes[o->size_count++] = (fake_size){width, height};
    return true;
}

static bool add_rate(const char *text, size_t length, fake_options *o) {
    char buffer[32];
    if (o->interval_count == FAKE_MAX_RATES || length == 0 || length >= sizeof buffer) return false;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    double fps;
    if (!parse_seconds(buffer, &fps) || fps < 0.5 || fps > 1000) return false;
    // An interval of 1000 / (fps * 1000) seconds, reduced: 30 -> 1/30, 7.5 -> 2/15.
    unsigned long numerator = 1000, denominator = (unsigned long)(fps * 1000 + 0.5);
    unsigned long divisor = gcd(numerator, denominator);
    o->intervals[o->interval_count++] = (fake_interval){(uint32_t)(numerator / divisor),
                                                        (uint32_t)(denominator / divisor)};
    return true;
}

int fake_options_parse(int argc, char **argv, fake_options *o) {
    static const struct option long_options[] = {
        {"mount", required_argument, NULL, 'm'},       {"name", required_argument, NULL, 'n'},
        {"card", required_argument, NULL, 'c'},        {"driver", required_argument, NULL, 'd'},
        {"pixel-format", required_argument, NULL, 'f'}, {"sizes", required_argument, NULL, 's'},
        {"rates", required_argument, NULL, 'r'},       {"pattern", required_argument, NULL, 'p'},
        {"video", required_argument, NULL, 'v'},       {"busy", no_argument, NULL, 'b'},
        {"unplug-after", required_argument, NULL, 'u'}, {"plug-back-after", required_argument, NULL, 'U'},
        {"stall-after", required_argument, NULL, 't'}, {"stall-for", required_argument, NULL, 'T'},
        {"metadata", no_argument, NULL, 'M'},          {"help", no_argument, NULL, 'h'},
        {"exit-with-parent", no_argument, NULL, 'P'}, {"corrupt-jpeg", required_argument, NULL, 'j'},
        {"frame-log", required_argument, NULL, 'L'},
        {NULL, 0, NULL, 0},
    };
    *o = (fake_options){
        .name = "video0", .card = "Fake Camera", .driver = "fake-camera",
        .unplug_after = -1, .plug_back_after = -1, .stall_after = -1, .stall_for = 0,
    };
    opterr = 0;
    int option;
    while ((option = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        switch (option) {
        case 'm': o->mount = optarg; break;
        case 'n':
            if (optarg[0] == '\0' || strchr(optarg, '/') || strcmp(optarg, "control") == 0)
                return usage_error("--name %s: give a plain file name other than 'control'", optarg);
            o->name = optarg;
            break;
        case 'c': o->card = optarg; break;
        case 'd': o->driver = optarg; break;
        case 'f':
            o->format_count = 0;
            if (!for_each_item(optarg, add_format, o))
                return usage_error("--pixel-format %s: give up to 8 fourccs such as YUYV,BGR3", optarg);
            break;
        case 's':
            o->size_count = 0;
            if (!for_each_item(optarg, add_size, o))
                return usage_error("--sizes %s: give up to 8 sizes such as 640x480,1280x720 (even widths)", optarg);
            break;
        case 'r':
            o->interval_count = 0;
            if (!for_each_item(optarg, add_rate, o))
                return usage_error("--rates %s: give up to 8 rates in fps between 0.5 and 1000, e.g. 30,15", optarg);
            break;
        case 'p':
            if (strcmp(optarg, "moving-square") != 0)
                return usage_error("--pattern %s: the only pattern is moving-square", optarg);
            o->video = NULL;
            break;
        case 'v': o->video = optarg; break;
        case 'b': o->busy = true; break;
        case 'u':
            if (!parse_long(optarg, &o->unplug_after))
                return usage_error("--unplug-after %s: give a number of frames", optarg);
            break;
        case 'U':
            if (!parse_seconds(optarg, &o->plug_back_after))
                return usage_error("--plug-back-after %s: give seconds, e.g. 1.5", optarg);
            break;
        case 't':
            if (!parse_long(optarg, &o->stall_after))
                return usage_error("--stall-after %s: give a number of frames", optarg);
            break;
        case 'T':
            if (!parse_seconds(optarg, &o->stall_for))
                return usage_error("--stall-for %s: give seconds (0: forever)", optarg);
            break;
        case 'M': o->metadata = true; break;
        case 'P': o->exit_with_parent = true; break;
        case 'j':
            if (!parse_corruption(optarg, o))
                return usage_error("--corrupt-jpeg %s: give EVERY,SEED, e.g. 10,42 (EVERY from 1 to 1000000)", optarg);
            break;
        case 'L': o->frame_log = optarg; break;
        case 'h': fputs(usage_text, stdout); return 1;
        default:
            return usage_error("unknown or incomplete option %s", argv[optind - 1]);
        }
    }
    if (optind < argc) return usage_error("unexpected argument %s", argv[optind]);
    if (!o->mount) return usage_error("%s", "--mount DIR is required");
    if (o->format_count == 0) o->formats[o->format_count++] = FAKE_FOURCC('Y', 'U', 'Y', 'V');
    if (o->size_count == 0) {
        o->sizes[o->size_count++] = (fake_size){640, 480};
        o->sizes[o->size_count++] = (fake_size){1280, 720};
    }
    if (o->interval_count == 0) o->intervals[o->interval_count++] = (fake_interval){1, 30};
    if (o->video) {
        for (int i = 0; i < o->format_count; i++)
            if (o->formats[i] != FAKE_FOURCC('Y', 'U', 'Y', 'V') && o->formats[i] != FAKE_FOURCC('B', 'G', 'R', '3') &&
                o->formats[i] != FAKE_FOURCC_MJPG)
                return usage_error("%s", "--video works with the YUYV, BGR3 and MJPG pixel formats only");
    }
    return 0;
}
