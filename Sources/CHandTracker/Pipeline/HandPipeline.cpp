#include "Pipeline/HandPipeline.hpp"

#include <algorithm>
#include <vector>

namespace theremin {

namespace {

// Palms tried per detector run before giving up on the frame. MediaPipe (one hand) tries only the best; trying the
// second as well recovers hands whose best detection is a face or an arm, at the cost of one landmark run.
constexpr size_t kCandidatesPerDetection = 2;

}  // namespace

HandPipeline::HandPipeline(const std::string &palmModelPath, const std::string &landmarkModelPath,
                           const th_options &options)
    : palms_(palmModelPath), landmarks_(landmarkModelPath), options_(options) {}

th_hand HandPipeline::process(const cv::Mat &bgr) {
    LandmarkResult found;
    th_rect region{};
    bool haveHand = false;
    bool detectorRan = false;
    if (options_.tracking && tracking_) {
        region = nextRegion_;
        found = landmarks_.run(bgr, region);
        haveHand = found.presence >= options_.min_presence_confidence;
    }
    if (!haveHand) {
        // Lost (or never had) the hand: re-acquire in this same frame rather than report a gap.
        detectorRan = true;
        haveHand = acquire(bgr, found, region);
    }
    tracking_ = haveHand;
    if (!haveHand) {
        th_hand absent{};
        absent.mirrored = options_.mirrored;
        absent.detector_ran = detectorRan;
        return absent;
    }
    nextRegion_ = th_hand_rect_from_landmarks(found.landmarks, bgr.cols, bgr.rows);
    return report(found, region, detectorRan);
}

bool HandPipeline::acquire(const cv::Mat &bgr, LandmarkResult &found, th_rect &region) {
    const std::vector<th_detection> palms = palms_.detect(bgr, options_.min_detection_confidence);
    for (size_t i = 0; i < std::min(palms.size(), kCandidatesPerDetection); ++i) {
        const th_rect candidate = th_hand_rect_from_detection(&palms[i], bgr.cols, bgr.rows);
        const LandmarkResult result = landmarks_.run(bgr, candidate);
        if (result.presence >= options_.min_presence_confidence) {
            found = result;
            region = candidate;
            return true;
        }
    }
    return false;
}

th_hand HandPipeline::report(const LandmarkResult &found, const th_rect &region, bool detectorRan) const {
    th_hand hand{};
    hand.present = 1;
    hand.confidence = std::min(std::max(found.presence, 0.0f), 1.0f);
    // MediaPipe labels "Left" (score > 0.5) assuming a mirrored selfie image; our frames are in camera orientation,
    // where the same picture is the player's right hand.
    hand.handedness = found.handedness > 0.5f ? TH_HAND_RIGHT : TH_HAND_LEFT;
    hand.handedness_confidence = std::max(found.handedness, 1.0f - found.handedness);
    hand.landmark_count = TH_LANDMARK_COUNT;
    hand.mirrored = options_.mirrored;
    hand.detector_ran = detectorRan;
    for (int i = 0; i < TH_LANDMARK_COUNT; ++i) {
        hand.landmarks[i] = options_.mirrored ? th_mirror_point(found.landmarks[i]) : found.landmarks[i];
    }
    hand.fingertip = hand.landmarks[TH_INDEX_FINGERTIP];
    hand.region = options_.mirrored ? th_mirror_rect(region) : region;
    return hand;
}

}  // namespace theremin
