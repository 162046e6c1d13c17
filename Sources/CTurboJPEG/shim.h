#ifndef THEREMIN_CTURBOJPEG_SHIM_H
#define THEREMIN_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API (Debian libturbojpeg0-dev, the 2.x `tj*` functions): decodes a webcam's MJPEG
// frames straight to BGR, at a reduced scale when asked, faster than libv4l2's conversion (docs/performance.md,
// Capture overhead).
#include <turbojpeg.h>
#endif
