// The fake camera's modes: which fourcc comes in which sizes at which rates. Each format and size has its own rate
// list, as on UVC cameras (a frame descriptor per size, with its own intervals), so tests can offer MJPEG at 60 fps
// where YUYV only gives 10 and check which mode theremin picks through the real libv4l2 path.
#include "fake_camera.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool fake_offers_format(const fake_options *o, uint32_t fourcc) {
    for (int i = 0; i < o->mode_count; i++)
        if (o->modes[i].fourcc == fourcc) return true;
    return false;
}

const fake_mode *fake_mode_find(const fake_options *o, uint32_t fourcc, int32_t width, int32_t height) {
    for (int i = 0; i < o->mode_count; i++) {
        const fake_mode *m = &o->modes[i];
        if (m->fourcc == fourcc && m->size.width == width && m->size.height == height) return m;
    }
    return NULL;
}

bool fake_mode_size(const fake_options *o, uint32_t fourcc, uint32_t index, fake_size *size) {
    uint32_t seen = 0;
    for (int i = 0; i < o->mode_count; i++) {
        const fake_mode *m = &o->modes[i];
        if (m->fourcc != fourcc || fake_mode_find(o, fourcc, m->size.width, m->size.height) != m) continue;
        if (seen++ == index) {
            *size = m->size;
            return true;
        }
    }
    return false;
}

const fake_mode *fake_mode_nearest(const fake_options *o, uint32_t fourcc, int32_t width, int32_t height) {
    const fake_mode *best = NULL;
    long best_distance = -1;
    for (int i = 0; i < o->mode_count; i++) {
        const fake_mode *m = &o->modes[i];
        if (m->fourcc != fourcc) continue;
        long distance = labs((long)m->size.width - (long)width) + labs((long)m->size.height - (long)height);
        if (best_distance < 0 || distance < best_distance) {
            best = m;
            best_distance = distance;
        }
    }
    return best;
}

fake_interval fake_mode_nearest_interval(const fake_mode *m, uint32_t numerator, uint32_t denominator) {
    if (numerator == 0 || denominator == 0) return m->intervals[0];
    double want = (double)denominator / numerator;
    fake_interval best = m->intervals[0];
    double best_distance = -1;
    for (int i = 0; i < m->interval_count; i++) {
        double fps = (double)m->intervals[i].denominator / m->intervals[i].numerator;
        double distance = fps > want ? fps - want : want - fps;
        if (best_distance < 0 || distance < best_distance) {
            best = m->intervals[i];
            best_distance = distance;
        }
    }
    return best;
}

static unsigned long gcd(unsigned long a, unsigned long b) {
    while (b != 0) {
        unsigned long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool fake_rate_parse(const char *text, size_t length, fake_interval *interval) {
    char buffer[32];
    if (length == 0 || length >= sizeof buffer) return false;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    char *end = NULL;
    double fps = strtod(buffer, &end);
    if (end == buffer || *end != '\0' || !(fps >= 0.5) || fps > 1000) return false;
    unsigned long numerator = 1000, denominator = (unsigned long)(fps * 1000 + 0.5);
    unsigned long divisor = gcd(numerator, denominator);
    *interval = (fake_interval){(uint32_t)(numerator / divisor), (uint32_t)(denominator / divisor)};
    return true;
}

bool fake_mode_parse(const char *text, fake_options *o) {
    if (o->mode_count == FAKE_MAX_MODES) return false;
    const char *colon = strchr(text, ':');
    const char *at = colon ? strchr(colon, '@') : NULL;
    if (!colon || !at || colon == text || colon - text > 4) return false;
    fake_mode mode = {0};
    char chars[4] = {' ', ' ', ' ', ' '};
    memcpy(chars, text, (size_t)(colon - text));
    mode.fourcc = FAKE_FOURCC(chars[0], chars[1], chars[2], chars[3]);
    int width = 0, height = 0, consumed = 0;
    if (sscanf(colon + 1, "%dx%d%n", &width, &height, &consumed) != 2 || colon + 1 + consumed != at) return false;
    if (width < 16 || height < 16 || width > 4096 || height > 4096 || width % 2 != 0) return false;
    mode.size = (fake_size){width, height};
    const char *start = at + 1;
    for (;;) {
        const char *slash = strchr(start, '/');
        size_t length = slash ? (size_t)(slash - start) : strlen(start);
        if (mode.interval_count == FAKE_MAX_RATES || !fake_rate_parse(start, length, &mode.intervals[mode.interval_count]))
            return false;
        mode.interval_count++;
        if (!slash) break;
        start = slash + 1;
    }
    if (fake_mode_find(o, mode.fourcc, width, height)) return false; /* one rate list per format and size */
    o->modes[o->mode_count++] = mode;
    return true;
}

void fake_modes_complete(fake_options *o) {
    if (o->mode_count == 0) {
        for (int f = 0; f < o->format_count; f++)
            for (int s = 0; s < o->size_count; s++) {
                fake_mode *m = &o->modes[o->mode_count++];
                *m = (fake_mode){.fourcc = o->formats[f], .size = o->sizes[s], .interval_count = o->interval_count};
                memcpy(m->intervals, o->intervals, sizeof o->intervals);
            }
        return;
    }
    o->format_count = 0;
    for (int i = 0; i < o->mode_count; i++) {
        bool listed = false;
        for (int f = 0; f < o->format_count; f++) listed = listed || o->formats[f] == o->modes[i].fourcc;
        if (!listed && o->format_count < FAKE_MAX_FORMATS) o->formats[o->format_count++] = o->modes[i].fourcc;
    }
}
