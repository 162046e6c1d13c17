// MediaPipe's hand landmark model (hand_landmark_lite): a 224x224 RGB crop of the rotated hand region in, 21
// landmarks, a presence score and a handedness score out.
#pragma once

#include <string>

#include "Models/FrameImage.hpp"

#include "CHandTrackerGeometry.h"
#include "Neural/NeuralModel.hpp"

namespace theremin {

/// What the landmark model saw in one region.
struct LandmarkResult {
    /// Probability that a hand fills the region.
    float presence = 0.0f;
    /// MediaPipe's handedness score: above 0.5 means "Left" for a mirrored (selfie) input image.
    float handedness = 0.0f;
    /// Landmarks normalized to the frame (camera orientation).
    th_point landmarks[TH_LANDMARK_COUNT] = {};
    /// Each landmark's depth relative to the wrist, in the units of x (th_project_depth_from_roi).
    float depths[TH_LANDMARK_COUNT] = {};
};

/// Runs the landmark model on a region of a frame.
class LandmarkModel {
public:
    /// Loads the model, checks its inputs and outputs and test-runs it once; throws TrackerFailure.
    LandmarkModel(const std::string &path, int threads);

    /// Crops `region` (upright, 224x224, border pixels replicated) straight into the model's input and maps the
    /// landmarks back to the frame. Allocates nothing.
    LandmarkResult run(const FrameImage &frame, const th_rect &region);
    const NetworkUse &use() const { return model_.use(); }

private:
    NeuralModel model_;
    size_t landmarksSlot_ = 0, presenceSlot_ = 0, handednessSlot_ = 0;
};

}  // namespace theremin
