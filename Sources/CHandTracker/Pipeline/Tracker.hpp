// What the C API's handle drives: one of the trackers behind a common interface.
#pragma once

#include <chrono>

#include "Models/FrameImage.hpp"

#include "CHandTracker.h"

namespace theremin {

/// Every hand slot of one frame (see CHandTracker.h): `count` slots, absent ones with present = 0.
struct HandSlots {
    th_hand hands[TH_MAX_HANDS] = {};
    int count = 0;
};

/// A hand tracker: one frame in, its hands out. Not thread-safe; the API's handle serializes calls.
class Tracker {
public:
    virtual ~Tracker() = default;
    virtual th_tracker_kind kind() const = 0;
    /// Processes a frame (BGR24 or YUYV) in camera orientation and reports every hand slot (a tracker that follows one hand
    /// has one); throws TrackerFailure or cv::Exception.
    virtual HandSlots processHands(const FrameImage &frame) = 0;
    /// Forgets any state carried from frame to frame.
    virtual void reset() = 0;
    /// The networks' runs so far and their CPU (none for a tracker without networks).
    virtual th_network_use networkUse() const { return {}; }
    /// Sets how long a frame may take before looks that only refine a landing stop (0: no limit).
    virtual void setFrameBudget(double) {}
    /// Sets how many hands to look for and how often the detector looks while fewer are tracked (CHandTracker.h).
    virtual void setSearch(int, int, th_point, float) {}
    /// Lets the hand in a slot go.
    virtual void releaseHand(int) {}
    /// Seconds one followed frame takes on `frame` (see th_tracker_time_follow); by default a whole frame's
    /// processing.
    virtual double timeFollow(const FrameImage &frame) {
        const auto start = std::chrono::steady_clock::now();
        processHands(frame);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
};

}  // namespace theremin
