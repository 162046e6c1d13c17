// The one place where a C++ shim turns a failure into its C API's status and a one-line message: no exception
// crosses an extern "C" function (CHandTracker, CVideoInput and CPreview all use this).
#pragma once

#include <cstddef>
#include <exception>
#include <new>
#include <string>

#include <opencv2/core.hpp>

namespace theremin::shim {

/// Copies `message` into the caller's error buffer (truncated, always terminated); a null or empty buffer is fine.
void writeError(char *buffer, size_t size, const std::string &message) noexcept;

/// OpenCV's own reason for a failure, with the function that raised it: "OpenCV error in cv::resize: …".
std::string describe(const cv::Exception &exception);

/// Runs `body` (which returns a status) and maps every exception to a status and a message in `error`:
/// `outOfMemory` for `std::bad_alloc`, `failure` for anything else (OpenCV's errors, standard ones, unknown ones).
template <typename Status, typename Body>
Status guarded(Status failure, Status outOfMemory, char *error, size_t errorSize, Body &&body) noexcept {
    try {
        return body();
    } catch (const cv::Exception &exception) {
        writeError(error, errorSize, describe(exception));
    } catch (const std::bad_alloc &) {
        writeError(error, errorSize, "out of memory");
        return outOfMemory;
    } catch (const std::exception &exception) {
        writeError(error, errorSize, exception.what());
    } catch (...) {
        writeError(error, errorSize, "unknown failure");
    }
    return failure;
}

}  // namespace theremin::shim
