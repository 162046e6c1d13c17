#include "Pipeline/HandPipeline.hpp"

#include <algorithm>
#include <vector>

namespace theremin {

namespace {

// Palms tried per detector run beyond the free slots before giving up on the frame. MediaPipe tries only the best
// palm per free slot; trying one more recovers hands whose best detection is a face or an arm, at the cost of one
// landmark run.
constexpr int kExtraCandidates = 1;

// Two regions whose intersection over union exceeds this hold the same hand: MediaPipe's min_similarity_threshold for
// associating palm detections with tracked hands.
constexpr float kSameHandOverlap = 0.5f;

}  // namespace

HandPipeline::HandPipeline(const std::string &palmModelPath, const std::string &landmarkModelPath,
                           const th_options &options)
    : palms_(palmModelPath, options.threads), landmarks_(landmarkModelPath, options.threads), options_(options) {}

void HandPipeline::reset() {
    std::fill(std::begin(tracking_), std::end(tracking_), false);
    framesSinceDetection_ = 0;
}

th_hand HandPipeline::process(const cv::Mat &bgr) {
    const HandSlots slots = processHands(bgr);
    for (int i = 0; i < slots.count; ++i) {
        if (slots.hands[i].present) {
            return slots.hands[i];
        }
    }
    return slots.hands[0];
}

HandSlots HandPipeline::processHands(const cv::Mat &bgr) {
    const int maxHands = options_.max_hands;
    FoundSlots found;
    bool lost = false;
    int tracked = 0;
    if (options_.tracking) {
        for (int slot = 0; slot < maxHands; ++slot) {
            if (tracking_[slot] && !look(bgr, nextRegion_[slot], found[slot])) {
                lost = true;
            }
        }
        dropDuplicates(found);
        tracked = static_cast<int>(std::count_if(found, found + maxHands, [](const Found &f) { return f.present; }));
    }
    ++framesSinceDetection_;
    const bool detectorRan = detectorDue(tracked, lost);
    if (detectorRan) {
        // No hand tracked, one just lost, or a free slot's turn: look in this same frame rather than report a gap.
        framesSinceDetection_ = 0;
        acquire(bgr, found);
    }

    HandSlots result;
    result.count = maxHands;
    for (int slot = 0; slot < maxHands; ++slot) {
        tracking_[slot] = found[slot].present;
        if (found[slot].present) {
            nextRegion_[slot] = found[slot].next;
            result.hands[slot] = report(found[slot], detectorRan);
        } else {
            result.hands[slot].mirrored = options_.mirrored;
            result.hands[slot].detector_ran = detectorRan;
        }
    }
    return result;
}

bool HandPipeline::look(const cv::Mat &bgr, const th_rect &region, Found &found) {
    const LandmarkResult result = landmarks_.run(bgr, region);
    if (result.presence < options_.min_presence_confidence) {
        return false;
    }
    found.present = true;
    found.landmarks = result;
    found.region = region;
    found.next = th_hand_rect_from_landmarks(result.landmarks, bgr.cols, bgr.rows);
    return true;
}

void HandPipeline::dropDuplicates(FoundSlots &found) const {
    for (int a = 0; a < options_.max_hands; ++a) {
        for (int b = a + 1; b < options_.max_hands; ++b) {
            if (!found[a].present || !found[b].present ||
                th_rect_iou(found[a].next, found[b].next) <= kSameHandOverlap) {
                continue;
            }
            // The weaker goes; on a tie the hand held longer in the lower slot stays.
            Found &weaker = found[b].landmarks.presence > found[a].landmarks.presence ? found[a] : found[b];
            weaker.present = false;
        }
    }
}

bool HandPipeline::detectorDue(int tracked, bool lost) const {
    if (tracked == 0 || lost) {
        return true;
    }
    return tracked < options_.max_hands && framesSinceDetection_ >= options_.detector_interval;
}

void HandPipeline::acquire(const cv::Mat &bgr, FoundSlots &found) {
    int free = static_cast<int>(
        std::count_if(found, found + options_.max_hands, [](const Found &f) { return !f.present; }));
    const std::vector<th_detection> &palms = palms_.detect(bgr, options_.min_detection_confidence);
    int tries = 0;
    const int maxTries = free + kExtraCandidates;
    for (const th_detection &palm : palms) {
        if (free == 0 || tries == maxTries) {
            break;
        }
        const th_rect candidate = th_hand_rect_from_detection(&palm, bgr.cols, bgr.rows);
        // A palm of a hand already tracked costs no landmark run.
        if (overlapsFound(found, candidate)) {
            continue;
        }
        ++tries;
        Found hand;
        if (!look(bgr, candidate, hand) || overlapsFound(found, hand.next)) {
            continue;
        }
        hand.acquired = true;
        Found *slot = std::find_if(found, found + options_.max_hands, [](const Found &f) { return !f.present; });
        *slot = hand;
        --free;
    }
}

bool HandPipeline::overlapsFound(const FoundSlots &found, const th_rect &region) const {
    return std::any_of(found, found + options_.max_hands, [&](const Found &f) {
        return f.present && th_rect_iou(f.next, region) > kSameHandOverlap;
    });
}

th_hand HandPipeline::report(const Found &found, bool detectorRan) const {
    th_hand hand{};
    hand.present = 1;
    hand.confidence = std::min(std::max(found.landmarks.presence, 0.0f), 1.0f);
    // MediaPipe labels "Left" (score > 0.5) assuming a mirrored selfie image; our frames are in camera orientation,
    // where the same picture is the player's right hand.
    hand.handedness = found.landmarks.handedness > 0.5f ? TH_HAND_RIGHT : TH_HAND_LEFT;
    hand.handedness_confidence = std::max(found.landmarks.handedness, 1.0f - found.landmarks.handedness);
    hand.landmark_count = TH_LANDMARK_COUNT;
    hand.mirrored = options_.mirrored;
    hand.detector_ran = detectorRan;
    hand.acquired = found.acquired;
    for (int i = 0; i < TH_LANDMARK_COUNT; ++i) {
        const th_point point = found.landmarks.landmarks[i];
        hand.landmarks[i] = options_.mirrored ? th_mirror_point(point) : point;
    }
    hand.fingertip = hand.landmarks[TH_INDEX_FINGERTIP];
    hand.region = options_.mirrored ? th_mirror_rect(found.region) : found.region;
    return hand;
}

}  // namespace theremin
