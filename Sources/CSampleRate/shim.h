#ifndef THEREMIN_CSAMPLERATE_SHIM_H
#define THEREMIN_CSAMPLERATE_SHIM_H
#include <samplerate.h>
#endif
