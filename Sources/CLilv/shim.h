// lilv (Debian liblilv-dev) for ThereminLV2: finding LV2 plugins, reading their ports, instantiating and running
// them. lilv's instance calls are static inline functions in lilv.h, which Swift imports as they are.
#ifndef THEREMIN_CLILV_SHIM_H
#define THEREMIN_CLILV_SHIM_H

#include <lilv/lilv.h>

#endif
