// The non-template half of ShimGuard.hpp.
#include "ShimGuard.hpp"

#include <cstdio>

namespace theremin::shim {

void writeError(char *buffer, size_t size, const std::string &message) noexcept {
    if (buffer != nullptr && size > 0) {
        std::snprintf(buffer, size, "%s", message.c_str());
    }
}

std::string describe(const cv::Exception &exception) {
    std::string message = "OpenCV error";
    if (!exception.func.empty()) {
        message += " in " + exception.func;
    }
    return message + ": " + (exception.err.empty() ? std::string(exception.what()) : exception.err);
}

}  // namespace theremin::shim
