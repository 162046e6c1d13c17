#ifndef THEREMIN_CSNDFILE_SHIM_H
#define THEREMIN_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
