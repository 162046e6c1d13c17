// Turning C++ failures into the C API's status and one-line message: no exception leaves CPreview.
#pragma once

#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include <opencv2/core.hpp>

#include "CPreview.h"

namespace theremin::preview {

inline void writeError(char *buffer, size_t size, const std::string &message) {
    if (buffer != nullptr && size > 0) {
        std::snprintf(buffer, size, "%s", message.c_str());
    }
}

/// Runs `body`, mapping exceptions to `failure` (or out of memory) with a message.
template <typename Body>
pv_status guarded(pv_status failure, char *error, size_t errorSize, Body &&body) noexcept {
    try {
        return body();
    } catch (const cv::Exception &exception) {
        writeError(error, errorSize, "OpenCV: " + (exception.err.empty() ? std::string(exception.what()) : exception.err));
        return failure;
    } catch (const std::bad_alloc &) {
        writeError(error, errorSize, "out of memory");
        return PV_ERROR_OUT_OF_MEMORY;
    } catch (const std::exception &exception) {
        writeError(error, errorSize, exception.what());
        return failure;
    } catch (...) {
        writeError(error, errorSize, "unknown failure");
        return failure;
    }
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
