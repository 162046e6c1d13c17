// CPreview's statuses for the shared guarded() (ShimGuard.hpp), and image wrapping: no exception leaves CPreview.
#pragma once

#include <opencv2/core.hpp>

#include "CPreview.h"
#include "ShimGuard.hpp"

namespace theremin::preview {

using shim::writeError;

/// Runs `body`, mapping exceptions to `failure` (or out of memory) with a message (see ShimGuard.hpp).
template <typename Body>
pv_status guarded(pv_status failure, char *error, size_t errorSize, Body &&body) noexcept {
    return shim::guarded(failure, PV_ERROR_OUT_OF_MEMORY, error, errorSize, body);
}

/// A header over a caller's image (no copy), or false when the description is unusable.
inline bool wrap(const pv_image &image, cv::Mat &mat) {
    if (image.pixels == nullptr || image.width <= 0 || image.height <= 0 ||
        image.stride < static_cast<size_t>(image.width) * 3) {
        return false;
    }
    mat = cv::Mat(image.height, image.width, CV_8UC3, image.pixels, image.stride);
    return true;
}

}  // namespace theremin::preview
