// The neural tracker: MediaPipe's hand tracking graph for one hand, with the palm detector run only to
// (re-)acquire the hand.
#pragma once

#include <string>

#include "Models/LandmarkModel.hpp"
#include "Models/PalmDetector.hpp"
#include "Pipeline/Tracker.hpp"

namespace theremin {

/// Palm detection -> rotated region -> landmarks; in tracking mode the next region comes from the landmarks.
class HandPipeline final : public Tracker {
public:
    /// Loads both models; throws TrackerFailure naming the file at fault.
    HandPipeline(const std::string &palmModelPath, const std::string &landmarkModelPath, const th_options &options);

    th_tracker_kind kind() const override { return TH_TRACKER_NEURAL; }
    th_hand process(const cv::Mat &bgr) override;
    void reset() override { tracking_ = false; }

private:
    /// Runs the detector and tries the best palms until the landmark model confirms one.
    bool acquire(const cv::Mat &bgr, LandmarkResult &found, th_rect &region);
    th_hand report(const LandmarkResult &found, const th_rect &region, bool detectorRan) const;

    PalmDetector palms_;
    LandmarkModel landmarks_;
    th_options options_;
    bool tracking_ = false;
    th_rect nextRegion_{};
};

}  // namespace theremin
