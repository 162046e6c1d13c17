// The one C++ exception the tracker throws internally; API/ turns it (and OpenCV's) into a th_status and a message.
#pragma once

#include <stdexcept>
#include <string>

#include "CHandTracker.h"

namespace theremin {

/// A failure with the status the C API reports for it and a one-line message for the user.
class TrackerFailure : public std::runtime_error {
public:
    TrackerFailure(th_status status, const std::string &message) : std::runtime_error(message), status_(status) {}
    th_status status() const noexcept { return status_; }

private:
    th_status status_;
};

}  // namespace theremin
