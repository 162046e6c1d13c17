// libjack (jackd2's, or PipeWire's pipewire-jack in its place) for ThereminJACK. Swift cannot call C variadic
// functions, so jack_client_open is wrapped; the port type macros are re-exported as constants.
#ifndef THEREMIN_CJACK_SHIM_H
#define THEREMIN_CJACK_SHIM_H

#include <jack/jack.h>
#include <jack/midiport.h>
#include <jack/thread.h>

/// jack_client_open without starting a server (a musician starts jackd, or PipeWire serves it), on `server` when it
/// is not NULL, else on $JACK_DEFAULT_SERVER or "default".
static inline jack_client_t *theremin_jack_open(const char *name, const char *server, jack_status_t *status) {
    if (server != NULL && server[0] != '\0') {
        return jack_client_open(name, (jack_options_t)(JackNoStartServer | JackServerName), status, server);
    }
    return jack_client_open(name, JackNoStartServer, status);
}

static const char *const theremin_jack_audio_type = JACK_DEFAULT_AUDIO_TYPE;
static const char *const theremin_jack_midi_type = JACK_DEFAULT_MIDI_TYPE;

#endif
