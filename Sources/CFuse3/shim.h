#ifndef THEREMIN_CFUSE3_SHIM_H
#define THEREMIN_CFUSE3_SHIM_H
// The fake camera is written against the libfuse 3.12+ low-level API (unsigned ioctl command numbers).
#ifndef FUSE_USE_VERSION
#define FUSE_USE_VERSION 312
#endif
#include <fuse_lowlevel.h>
#endif
