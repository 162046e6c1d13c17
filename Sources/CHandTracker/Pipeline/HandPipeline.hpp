// The neural tracker: MediaPipe's hand tracking graph for up to two hands, with the palm detector run only to
// (re-)acquire a hand.
#pragma once

#include <chrono>
#include <string>

#include "Models/LandmarkModel.hpp"
#include "Models/PalmDetector.hpp"
#include "Pipeline/MotionSearch.hpp"
#include "Pipeline/Tracker.hpp"

namespace theremin {

/// Palm detection -> rotated region -> landmarks; in tracking mode the next region comes from the landmarks.
///
/// Each followed hand has a slot. Every frame the landmark model runs on each tracked slot's region; the palm detector
/// runs when no hand is tracked or a tracked one was just lost, and, while fewer than the hands looked for are
/// tracked (max_hands, until setSearch changes it), on every detector_interval-th frame. Regions that overlap (th_rect_iou above kSameHandOverlap) hold the same hand, which is
/// counted once.
class HandPipeline final : public Tracker {
public:
    /// Loads both models; throws TrackerFailure naming the file at fault.
    HandPipeline(const std::string &palmModelPath, const std::string &landmarkModelPath, const th_options &options);

    th_tracker_kind kind() const override { return TH_TRACKER_NEURAL; }
    HandSlots processHands(const FrameImage &frame) override;
    void reset() override;
    th_network_use networkUse() const override;
    void setFrameBudget(double seconds) override { frameBudget_ = seconds; }
    void setSearch(int hands, int detectorInterval, th_point focus, float focusSide) override;
    void releaseHand(int slot) override;
    double timeFollow(const FrameImage &frame) override;

private:
    /// A hand found in the current frame.
    struct Found {
        bool present = false;
        LandmarkResult landmarks;
        /// The region the landmark model looked at.
        th_rect region{};
        /// The region for the next frame, from the landmarks; also what duplicates are judged by.
        th_rect next{};
        /// Found by the palm detector this frame rather than followed from the previous one.
        bool acquired = false;
    };
    using FoundSlots = Found[TH_MAX_HANDS];

    /// Runs the landmark model on `region`; true (and `found` filled) when it sees a hand there with at least
    /// `minPresence`.
    bool look(const FrameImage &frame, const th_rect &region, Found &found, float minPresence);
    /// Follows the hand of `slot` into this frame: `look` in the region the last frame gave; where the hand is lost
    /// there or found far from its centre (a leap), in that region moved with the picture (lookWhereMoved), else
    /// again where the hand turned out to be.
    bool follow(const FrameImage &frame, int slot, const th_rect &region, Found &found, float minPresence);
    /// Looks in `region` shifted as far as the picture around the hand of `slot` moved since the last frame, when it
    /// leapt (MotionSearch).
    bool lookWhereMoved(const FrameImage &frame, int slot, const th_rect &region, Found &found);
    /// Looks again at a hand the palm detector found, from its own landmarks, until its fingertip stops moving, or
    /// until one more look would take the frame past its budget (the next frame then refines from there).
    void settle(const FrameImage &frame, Found &found, float minPresence);
    /// Whether one more look, as long as the last, would take this frame past its budget (never without one).
    bool lookWouldOverrun() const;
    /// Whether the hand found lies far from the centre of the region it was looked for in.
    static bool movedFar(const Found &found, const FrameImage &frame);
    /// Drops the weaker of two tracked hands whose regions have converged on the same hand.
    void dropDuplicates(FoundSlots &found) const;
    /// Whether the palm detector runs on this frame, only while fewer hands are tracked than looked for: always when
    /// no hand is tracked or one was lost this frame (re-acquired at once, as with one hand), else every
    /// detector_interval-th frame.
    bool detectorDue(int tracked, bool lost) const;
    /// Runs the detector and tries the best new palms until the free slots are filled. With `wide`, the far-player
    /// search runs too (searchPalms).
    void acquire(const FrameImage &frame, FoundSlots &found, bool wide);
    /// The palms of the whole frame and, with `wide` and far_search on, of zoomed tiles, merged by weighted
    /// non-maximum suppression in frame coordinates. In still-image mode every tile is searched; in video mode one
    /// tile a frame: around where the hand was lost for the first frames after, then the tiles in turn.
    const std::vector<th_detection> &searchPalms(const FrameImage &frame, bool wide);
    /// Runs the palm detector on the frame (or one tile of it), counting the runs of this frame.
    const std::vector<th_detection> &detectPalms(const FrameImage &frame, float minScore, const th_tile *tile);
    /// Whether a hand was seen within the last few frames (the search looks around where it was).
    bool justLost() const;
    /// Whether a palm found in `tile` is small there and clear of the tile's inner edges.
    static bool smallAndWhole(const th_detection &palm, const th_tile &tile, int width, int height);
    /// Remembers where the hand was, for the search after a loss.
    void rememberHands(const FoundSlots &found, int width);
    /// Whether `region` overlaps a hand already found this frame.
    bool overlapsFound(const FoundSlots &found, const th_rect &region) const;
    th_hand report(const Found &found, bool detectorRan) const;

    PalmDetector palms_;
    LandmarkModel landmarks_;
    th_options options_;
    /// How many hands are looked for, and every how many frames while fewer are tracked (setSearch).
    int wanted_ = 1;
    int detectorInterval_ = 1;
    /// Where a search also looks, zoomed (normalized, camera orientation), and the side of that square as a fraction
    /// of the frame's width; 0: nowhere in particular (setSearch).
    th_point focus_{};
    float focusSide_ = 0;
    /// Per slot: whether a hand is tracked into the next frame, and where to look for it.
    bool tracking_[TH_MAX_HANDS] = {};
    th_rect nextRegion_[TH_MAX_HANDS] = {};
    /// Per slot: the picture around the hand, to follow it through a leap.
    MotionSearch motion_[TH_MAX_HANDS];
    /// Frames since the palm detector last ran, this one included.
    int framesSinceDetection_ = 0;
    /// The far-player search's tiles for frames of tileWidth_ x tileHeight_, and the next one to search.
    std::vector<th_tile> tiles_;
    int tileWidth_ = 0, tileHeight_ = 0;
    size_t nextTile_ = 0;
    /// Where the last hand was (normalized, camera orientation), its region's side in pixels, and frames since a hand
    /// was last seen (-1: never).
    th_point lastSeen_{};
    float lastSide_ = 0;
    int framesSinceSeen_ = -1;
    /// Detections of one search, across scales, and after merging; reserved once.
    std::vector<th_detection> candidates_;
    std::vector<th_detection> tilePalms_;
    std::vector<th_detection> merged_;
    /// How many of the last search's palms came from the whole frame (they come first; the rest from tiles).
    size_t wholeFramePalms_ = 0;
    /// Searching frames since the last reset (tiles' palms are tried first on odd ones).
    unsigned searchFrames_ = 0;
    /// Searching frames at a short frame interval, which alternate the whole frame and a tile.
    unsigned splitTurns_ = 0;
    /// Palm detector runs on the frame being processed.
    int detectorPasses_ = 0;
    /// Seconds a frame may take before refining looks stop (0: no budget), when this frame began, and how long the
    /// last look took.
    double frameBudget_ = 0;
    std::chrono::steady_clock::time_point frameStart_{};
    double lastLookSeconds_ = 0;
};

}  // namespace theremin
