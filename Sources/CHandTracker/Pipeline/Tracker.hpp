// What the C API's handle drives: one of the trackers behind a common interface.
#pragma once

#include <opencv2/core.hpp>

#include "CHandTracker.h"

namespace theremin {

/// A hand tracker: one frame in, one th_hand out. Not thread-safe; the API's handle serializes calls.
class Tracker {
public:
    virtual ~Tracker() = default;
    virtual th_tracker_kind kind() const = 0;
    /// Processes a BGR frame in camera orientation; throws TrackerFailure or cv::Exception.
    virtual th_hand process(const cv::Mat &bgr) = 0;
    /// Forgets any state carried from frame to frame.
    virtual void reset() = 0;
};

}  // namespace theremin
