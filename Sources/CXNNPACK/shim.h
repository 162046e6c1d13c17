#ifndef THEREMIN_CXNNPACK_SHIM_H
#define THEREMIN_CXNNPACK_SHIM_H
// XNNPACK, the CPU inference library MediaPipe's TFLite runtime uses, runs the tracker's two networks (CHandTracker's
// Neural/). Debian ships no pkg-config file for it, so the libraries are named here and in Package.swift. Its header
// includes pthreadpool.h, which libxnnpack-dev does not pull in: libpthreadpool-dev is listed beside it.
#include <xnnpack.h>
#endif
