#ifndef THEREMIN_CXCB_SHIM_H
#define THEREMIN_CXCB_SHIM_H
// libxcb, the X11 client library OpenCV's Qt windows connect through. This target carries `pkg-config xcb` to the
// preview shim (CPreview), which tries a connection before opening a window: Qt aborts the whole process when it
// cannot reach the display, so the preview must know beforehand and fall back to the terminal.
#include <xcb/xcb.h>
#endif
