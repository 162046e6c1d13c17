// The fake camera's controls, as uvcvideo presents a UVC camera's: exposure auto (a menu), exposure auto priority
// (UVC's "AE priority": may the camera lower the frame rate to lengthen the exposure?) and the power-line
// frequency (the anti-flicker filter). Plain VIDIOC_QUERYCTRL/G_CTRL/S_CTRL/QUERYMENU pass through FUSE like the
// other ioctls, so tests see theremin set them and put them back.
#include "fake_camera.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const exposure_menu[] = {"Auto Mode", "Manual Mode", "Shutter Priority Mode",
                                            "Aperture Priority Mode"};
static const char *const power_line_menu[] = {"Disabled", "50 Hz", "60 Hz"};

enum { EXPOSURE_AUTO, EXPOSURE_AUTO_PRIORITY, POWER_LINE_FREQUENCY };

const fake_control_spec fake_control_specs[FAKE_CONTROL_COUNT] = {
    [EXPOSURE_AUTO] = {V4L2_CID_EXPOSURE_AUTO, "exposure_auto", V4L2_CTRL_TYPE_MENU, 0, 3, 3, exposure_menu},
    [EXPOSURE_AUTO_PRIORITY] = {V4L2_CID_EXPOSURE_AUTO_PRIORITY, "exposure_auto_priority", V4L2_CTRL_TYPE_BOOLEAN,
                                0, 1, 1, NULL},
    [POWER_LINE_FREQUENCY] = {V4L2_CID_POWER_LINE_FREQUENCY, "power_line_frequency", V4L2_CTRL_TYPE_MENU, 0, 2, 2,
                              power_line_menu},
};

void fake_controls_default(fake_options *o) {
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++) {
        o->control_offered[i] = true;
        o->control_initial[i] = fake_control_specs[i].default_value;
    }
}

static bool add_control(const char *text, size_t length, fake_options *o) {
    const char *equals = memchr(text, '=', length);
    if (!equals) return false;
    size_t name_length = (size_t)(equals - text);
    char value_text[16];
    size_t value_length = length - name_length - 1;
    if (value_length == 0 || value_length >= sizeof value_text) return false;
    memcpy(value_text, equals + 1, value_length);
    value_text[value_length] = '\0';
    char *end = NULL;
    long value = strtol(value_text, &end, 10);
    if (*end != '\0') return false;
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++) {
        const fake_control_spec *spec = &fake_control_specs[i];
        if (strlen(spec->name) != name_length || strncmp(spec->name, text, name_length) != 0) continue;
        if (value < spec->minimum || value > spec->maximum) return false;
        o->control_offered[i] = true;
        o->control_initial[i] = (int32_t)value;
        return true;
    }
    return false;
}

bool fake_controls_parse(const char *text, fake_options *o) {
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++) o->control_offered[i] = false;
    return strcmp(text, "none") == 0 || fake_for_each_item(text, add_control, o);
}

void fake_controls_reset(fake_device *d) {
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++) d->control_values[i] = d->options->control_initial[i];
}

/// The index of an offered control, or -1.
static int offered(const fake_device *d, uint32_t id) {
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++)
        if (fake_control_specs[i].id == id && d->options->control_offered[i]) return i;
    return -1;
}

int fake_controls_query(const fake_device *d, struct v4l2_queryctrl *q) {
    int index = -1;
    if (q->id & V4L2_CTRL_FLAG_NEXT_CTRL) {
        // The offered control with the smallest id above the one given (how v4l2-ctl walks them).
        uint32_t after = q->id & ~(V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND);
        for (int i = 0; i < FAKE_CONTROL_COUNT; i++) {
            uint32_t id = fake_control_specs[i].id;
            if (d->options->control_offered[i] && id > after && (index < 0 || id < fake_control_specs[index].id))
                index = i;
        }
    } else {
        index = offered(d, q->id);
    }
    if (index < 0) return EINVAL;
    const fake_control_spec *spec = &fake_control_specs[index];
    memset(q, 0, sizeof *q);
    q->id = spec->id;
    q->type = spec->type;
    snprintf((char *)q->name, sizeof q->name, "%s", spec->name);
    q->minimum = spec->minimum;
    q->maximum = spec->maximum;
    q->step = 1;
    q->default_value = spec->default_value;
    return 0;
}

int fake_controls_query_menu(const fake_device *d, struct v4l2_querymenu *m) {
    int index = offered(d, m->id);
    if (index < 0 || !fake_control_specs[index].menu) return EINVAL;
    const fake_control_spec *spec = &fake_control_specs[index];
    if ((int64_t)m->index < spec->minimum || (int64_t)m->index > spec->maximum) return EINVAL;
    snprintf((char *)m->name, sizeof m->name, "%s", spec->menu[m->index]);
    return 0;
}

int fake_controls_get(const fake_device *d, struct v4l2_control *c) {
    int index = offered(d, c->id);
    if (index < 0) return EINVAL;
    c->value = d->control_values[index];
    return 0;
}

int fake_controls_set(fake_device *d, const struct v4l2_control *c) {
    int index = offered(d, c->id);
    if (index < 0) return EINVAL;
    const fake_control_spec *spec = &fake_control_specs[index];
    if (c->value < spec->minimum || c->value > spec->maximum) return ERANGE;
    d->control_values[index] = c->value;
    pthread_cond_broadcast(&d->wake); /* the frame clock may change (--dim) */
    return 0;
}

int fake_controls_status(const fake_device *d, char *text, size_t capacity) {
    size_t used = 0;
    for (int i = 0; i < FAKE_CONTROL_COUNT; i++) {
        if (!d->options->control_offered[i] || used >= capacity) continue;
        int length = snprintf(text + used, capacity - used, " %s=%d", fake_control_specs[i].name, d->control_values[i]);
        if (length > 0) used += (size_t)length;
    }
    return (int)(used < capacity ? used : capacity);
}

bool fake_controls_slow_exposure(const fake_device *d) {
    if (!d->options->dim) return false;
    const fake_options *o = d->options;
    // Without the controls a dim camera's exposure is automatic and may lower the rate, as many cheap webcams do.
    int32_t exposure = o->control_offered[EXPOSURE_AUTO] ? d->control_values[EXPOSURE_AUTO] : V4L2_EXPOSURE_AUTO;
    int32_t priority = o->control_offered[EXPOSURE_AUTO_PRIORITY] ? d->control_values[EXPOSURE_AUTO_PRIORITY] : 1;
    bool automatic = exposure == V4L2_EXPOSURE_AUTO || exposure == V4L2_EXPOSURE_APERTURE_PRIORITY;
    return automatic && priority == 1;
}
