#ifndef THEREMIN_CALSA_SHIM_H
#define THEREMIN_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
