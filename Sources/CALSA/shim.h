#ifndef THEREMIN_CALSA_SHIM_H
#define THEREMIN_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* alsa-lib prints its own diagnostics to stderr; theremin reports errors itself, in one line. The handler is
   variadic, which Swift cannot define, so it lives here. */
static void theremin_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...)
    __attribute__((unused));
static void theremin_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void theremin_alsa_silence_library_messages(void) {
    snd_lib_error_set_handler(theremin_alsa_quiet_handler);
}
#endif
