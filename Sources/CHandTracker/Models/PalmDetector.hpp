// MediaPipe's palm detector (palm_detection_lite): letterboxed 192x192 RGB input, SSD output decoded with the
// geometry in Geometry/.
#pragma once

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "CHandTrackerGeometry.h"
#include "Models/OnnxModel.hpp"

namespace theremin {

/// Finds palms in a whole frame.
class PalmDetector {
public:
    /// Loads the model and test-runs it once to check its outputs; throws TrackerFailure.
    explicit PalmDetector(const std::string &path);

    /// Palms in a BGR frame, best first, normalized to the frame, after weighted non-maximum suppression.
    std::vector<th_detection> detect(const cv::Mat &bgr, float minScore);

private:
    void runModel(const cv::Mat &input);

    OnnxModel model_;
    std::vector<th_anchor> anchors_;
    cv::Mat letterboxed_;
    cv::Mat blob_;
    std::vector<cv::Mat> outputs_;
    std::vector<th_detection> decoded_;
};

}  // namespace theremin
