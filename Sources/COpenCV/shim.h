#ifndef THEREMIN_COPENCV_SHIM_H
#define THEREMIN_COPENCV_SHIM_H
// OpenCV's API is C++; this system-library target exists to carry `pkg-config opencv4` (include path and libraries)
// to the C++ shims that use it (CHandTracker, CVideoInput). Swift code never calls OpenCV directly, so the only
// thing re-exported here is the version, which is plain C macros.
#include <opencv2/core/version.hpp>
#endif
