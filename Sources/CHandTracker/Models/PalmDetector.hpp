// MediaPipe's palm detector (palm_detection_lite): letterboxed 192x192 RGB input, SSD output decoded with the
// geometry in Geometry/.
#pragma once

#include <string>
#include <vector>

#include "Models/FrameImage.hpp"

#include "CHandTrackerGeometry.h"
#include "Neural/NeuralModel.hpp"

namespace theremin {

/// Finds palms in a whole frame.
class PalmDetector {
public:
    /// Detections overlapping more than this are one palm (palm_detection_cpu.pbtxt: min_suppression_threshold).
    static constexpr float kSuppressionThreshold = 0.3f;

    /// Loads the model, checks its inputs and outputs and test-runs it once; throws TrackerFailure.
    PalmDetector(const std::string &path, int threads);

    /// Palms in a BGR frame, best first, normalized to the frame, after weighted non-maximum suppression. With a
    /// `tile`, only that square window of the frame is searched, at the larger scale it gives a small hand. The
    /// result lives until the next call.
    const std::vector<th_detection> &detect(const FrameImage &frame, float minScore, const th_tile *tile = nullptr);
    const NetworkUse &use() const { return model_.use(); }

private:
    NeuralModel model_;
    std::vector<th_anchor> anchors_;
    std::vector<th_detection> decoded_;
    std::vector<th_detection> palms_;
    size_t boxesSlot_ = 0, scoresSlot_ = 0;
};

}  // namespace theremin
