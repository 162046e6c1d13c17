// MediaPipe's hand landmark model (hand_landmark_lite): a 224x224 RGB crop of the rotated hand region in, 21
// landmarks, a presence score and a handedness score out.
#pragma once

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "CHandTrackerGeometry.h"
#include "Models/OnnxModel.hpp"

namespace theremin {

/// What the landmark model saw in one region.
struct LandmarkResult {
    /// Probability that a hand fills the region.
    float presence = 0.0f;
    /// MediaPipe's handedness score: above 0.5 means "Left" for a mirrored (selfie) input image.
    float handedness = 0.0f;
    /// Landmarks normalized to the frame (camera orientation).
    th_point landmarks[TH_LANDMARK_COUNT] = {};
};

/// Runs the landmark model on a region of a frame.
class LandmarkModel {
public:
    /// Loads the model and test-runs it once to check its outputs; throws TrackerFailure.
    explicit LandmarkModel(const std::string &path);

    /// Crops `region` (upright, 224x224, border pixels replicated) and maps the landmarks back to the frame.
    LandmarkResult run(const cv::Mat &bgr, const th_rect &region);

private:
    void runModel(const cv::Mat &crop);

    OnnxModel model_;
    cv::Mat crop_;
    cv::Mat blob_;
    std::vector<cv::Mat> outputs_;
};

}  // namespace theremin
