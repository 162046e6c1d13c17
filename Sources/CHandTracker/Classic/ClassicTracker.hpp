// The classical fallback tracker, for machines where the models cannot be loaded. It is the lesser option: any
// skin-coloured blob (an arm, a neck, a wooden door) can win, and it gives no landmarks.
#pragma once

#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/objdetect.hpp>

#include "Pipeline/Tracker.hpp"

namespace theremin {

/// Skin segmentation in YCrCb (after grey-world white balance) with faces masked out; the largest blob whose top is a
/// raised finger; the topmost point of its convex hull.
class ClassicTracker final : public Tracker {
public:
    /// `faceCascadePath` empty: no face masking. Throws TrackerFailure if a given cascade cannot be loaded.
    ClassicTracker(const std::string &faceCascadePath, const th_options &options);

    th_tracker_kind kind() const override { return TH_TRACKER_CLASSIC; }
    /// One slot: the classical tracker follows one hand.
    HandSlots processHands(const FrameImage &frame) override;
    void reset() override;
    bool masksFaces() const { return masksFaces_; }

private:
    th_hand find(const cv::Mat &bgr);
    void maskFaces(const cv::Mat &small);

    th_options options_;
    bool masksFaces_ = false;
    cv::CascadeClassifier faces_;
    std::vector<cv::Rect> lastFaces_;
    int framesSinceFaceSearch_ = 0;
    cv::Mat small_, balanced_, ycrcb_, skin_, gray_;
    /// A YUYV frame converted whole: skin colour is judged over the whole picture.
    cv::Mat converted_;
};

}  // namespace theremin
