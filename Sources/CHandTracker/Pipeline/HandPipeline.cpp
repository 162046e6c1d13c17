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

// Hysteresis on hand presence: a hand already followed is kept down to this fraction of min_presence_confidence
// (0.35 for MediaPipe's 0.5). A hand reaching the picture's edge, or small and far, flickers around 0.5 (0.49-0.6
// on the selfie clip's bottom edge); dropping it there loses it for seconds, because its palm is out of view for the
// detector. A hand that really leaves falls below 0.3 within a frame or two.
constexpr float kKeepPresence = 0.7f;

// The far-player search: tiles half the frame's shorter side (a 640x480 frame gets 15, a hand up to 120 px wide lies
// inside one), searched one a frame besides the whole frame, which keeps a searching frame under 33 ms here.
constexpr float kTileFraction = 0.5f;
// Frames whose tiles would be too small to add detail (side under half the detector's input: a 5x3000 strip gave
// 3-pixel tiles) or too many (over 128, a long panorama) are searched whole only: a still image searches every tile,
// and 12,000 of them took 87 s.
constexpr int kMinTileSide = TH_PALM_INPUT_SIZE / 2;
constexpr int kMaxTiles = 128;
// After a loss, the first frames search a tile around where the hand was, this many times the hand's size.
constexpr int kLookBackFrames = 10;
constexpr float kLookBackScale = 3.0f;
constexpr float kSuppressionThreshold = PalmDetector::kSuppressionThreshold;
constexpr int kMergedPalms = 4;
// A palm found in a tile counts only when it is small there (a larger one is a near hand the whole frame sees) and
// clear of the tile's inner edges by this fraction of its side.
constexpr float kLargestTilePalm = 0.4f;
constexpr float kTileEdgeMargin = 0.02f;
// The landmark presence a hand found only in a tile needs (MediaPipe's 0.5 for the others).
constexpr float kTilePresence = 0.8f;
// Frame intervals shorter than this cannot hold a whole-frame search and a tile search (~20 ms together here): they
// alternate instead, one a frame.
constexpr float kBothSearchesMinIntervalMs = 25.0f;
constexpr size_t kMaxCandidates = 256;
// A tracked hand found this far from the centre of the region it was looked for in (a fraction of the region's
// side) is looked at again, centred: the landmark model pulls a hand far off its crop's centre back towards it, so
// a leap's landing frame came out 6 % of the leap short and the sound landed a frame late. A near hand's region is
// about 160 px wide at 640x480: a 6 Hz vibrato of ±10 px moves it at most 4 % of that a frame at 60 fps (8 % at
// 30), a 96 px leap in 50 ms 28 % in its middle frame.
constexpr float kRefineShift = 0.1f;
constexpr int kFollowLooks = 3;
// How far the picture around a hand is searched for after a leap, as a fraction of the frame's larger side: a leap of
// a fifth of the picture between two frames, with room.
constexpr float kLeapReach = 0.3f;
// A followed hand seen at less than this presence may be a wrong pose found in the old crop after a leap (0.51-0.55
// on a leap of a fifth of the picture, where a hand followed all along scores 0.98-1.0): the picture is searched.
constexpr float kSurePresence = 0.9f;
// A hand found by the palm detector is looked at again from its own landmarks until its fingertip moves less than
// this many pixels, up to kSettleLooks more looks: the palm's region is not the crop the landmark model follows a
// hand in, and an abrupt leap's landing found that way came out 4-8 cents (2-3 px) short for two or three frames
// while the crop settled (measure-response's leaps between frames).
constexpr float kSettledTipPixels = 0.75f;
constexpr int kSettleLooks = 3;

}  // namespace

HandPipeline::HandPipeline(const std::string &palmModelPath, const std::string &landmarkModelPath,
                           const th_options &options)
    : palms_(palmModelPath, options.threads), landmarks_(landmarkModelPath, options.threads), options_(options),
      wanted_(options.max_hands), detectorInterval_(options.detector_interval) {
    candidates_.reserve(kMaxCandidates);
    tilePalms_.reserve(kMergedPalms);
    merged_.reserve(2 * kMergedPalms);
}

void HandPipeline::reset() {
    std::fill(std::begin(tracking_), std::end(tracking_), false);
    for (MotionSearch &motion : motion_) {
        motion.forget();
    }
    framesSinceDetection_ = 0;
    framesSinceSeen_ = -1;
    nextTile_ = 0;
    searchFrames_ = 0;
    splitTurns_ = 0;
}

HandSlots HandPipeline::processHands(const FrameImage &frame) {
    frameStart_ = std::chrono::steady_clock::now();
    const int maxHands = options_.max_hands;
    FoundSlots found;
    bool lost = false;
    int tracked = 0;
    if (options_.tracking) {
        for (int slot = 0; slot < maxHands; ++slot) {
            const float keep = kKeepPresence * options_.min_presence_confidence;
            if (tracking_[slot] && !follow(frame, slot, nextRegion_[slot], found[slot], keep)) {
                lost = true;
            }
        }
        dropDuplicates(found);
        tracked = static_cast<int>(std::count_if(found, found + maxHands, [](const Found &f) { return f.present; }));
    }
    ++framesSinceDetection_;
    const bool detectorRan = detectorDue(tracked, lost);
    detectorPasses_ = 0;
    if (detectorRan) {
        // No hand tracked, one just lost, or a free slot's turn: look in this same frame rather than report a gap.
        framesSinceDetection_ = 0;
        acquire(frame, found, !options_.tracking || tracked == 0 || focusSide_ > 0);
    }
    rememberHands(found, frame.cols);

    HandSlots result;
    result.count = maxHands;
    for (int slot = 0; slot < maxHands; ++slot) {
        tracking_[slot] = found[slot].present;
        if (found[slot].present && options_.tracking) {
            motion_[slot].remember(frame, found[slot].next);
        } else {
            motion_[slot].forget();
        }
        if (found[slot].present) {
            nextRegion_[slot] = found[slot].next;
            result.hands[slot] = report(found[slot], detectorRan);
        } else {
            result.hands[slot].mirrored = options_.mirrored;
        }
        result.hands[slot].detector_ran = detectorPasses_;
    }
    return result;
}

void HandPipeline::setSearch(int hands, int detectorInterval, th_point focus, float focusSide) {
    wanted_ = std::min(std::max(hands, 1), options_.max_hands);
    detectorInterval_ = std::max(detectorInterval, 1);
    focus_ = options_.mirrored ? th_mirror_point(focus) : focus;
    focusSide_ = focusSide;
}

void HandPipeline::releaseHand(int slot) {
    if (slot < 0 || slot >= options_.max_hands) {
        return;
    }
    tracking_[slot] = false;
    motion_[slot].forget();
}

double HandPipeline::timeFollow(const FrameImage &frame) {
    // A near player's hand region: about a third of the frame's shorter side, square in pixels, at the middle.
    const float side = 0.35f * static_cast<float>(std::min(frame.cols, frame.rows));
    const th_rect region{0.5f, 0.5f, side / static_cast<float>(frame.cols), side / static_cast<float>(frame.rows), 0};
    motion_[0].remember(frame, region);
    const auto start = std::chrono::steady_clock::now();
    Found found;
    motion_[0].changed(frame);
    look(frame, region, found, 0);
    motion_[0].remember(frame, found.present ? found.next : region);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    motion_[0].forget();
    return seconds;
}

th_network_use HandPipeline::networkUse() const {
    th_network_use use{};
    use.landmark_runs = landmarks_.use().runs;
    use.landmark_cpu_seconds = landmarks_.use().cpuSeconds;
    use.palm_runs = palms_.use().runs;
    use.palm_cpu_seconds = palms_.use().cpuSeconds;
    return use;
}

bool HandPipeline::look(const FrameImage &frame, const th_rect &region, Found &found, float minPresence) {
    const auto start = std::chrono::steady_clock::now();
    const LandmarkResult result = landmarks_.run(frame, region);
    lastLookSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (result.presence < minPresence) {
        return false;
    }
    found.present = true;
    found.landmarks = result;
    found.region = region;
    found.next = th_hand_rect_from_landmarks(result.landmarks, frame.cols, frame.rows);
    return true;
}

bool HandPipeline::follow(const FrameImage &frame, int slot, const th_rect &region, Found &found, float minPresence) {
    // The picture where the hand was no longer matches: if it leapt, the crop moved with it lands in one look, where
    // the palm detector and the looks after it cost 5-10 followed frames, and the look in the old crop is saved.
    // Its landmarks may still lie off the moved crop's centre (a hand blurred mid-leap is not the picture it was):
    // looking again only wavers about the landing, and the next frame follows from them.
    Found moved;
    const bool searched = motion_[slot].changed(frame);
    if (searched && lookWhereMoved(frame, slot, region, moved) && moved.landmarks.presence >= kSurePresence) {
        found = moved;
        return true;
    }
    const bool held = look(frame, region, found, minPresence);
    if (held && found.landmarks.presence >= kSurePresence && !movedFar(found, frame)) {
        return true;
    }
    // Lost from its crop, unsure of it, or pulled far off its centre: the same (searched now if not yet), taking
    // the moved look when it is as sure.
    const bool movedFound = searched ? moved.present : lookWhereMoved(frame, slot, region, moved);
    if (movedFound && (!held || moved.landmarks.presence >= std::min(found.landmarks.presence, kSurePresence))) {
        found = moved;
        return true;
    }
    if (!held) {
        return false;
    }
    // A leap larger than the crop leaves the hand at the crop's edge: each look gets closer, so look up to
    // kFollowLooks times in all while the hand keeps moving off the centre.
    bool leapt = false;
    for (int extra = 1; extra < kFollowLooks && movedFar(found, frame); ++extra) {
        Found centred;
        if (!look(frame, found.next, centred, minPresence)) {
            break;
        }
        found = centred;
        leapt = true;
    }
    // Centred on a leap's landing, the looks still left it a few pixels off (8 px on a 96 px leap up).
    if (leapt) {
        settle(frame, found, minPresence);
    }
    return true;
}

bool HandPipeline::lookWhereMoved(const FrameImage &frame, int slot, const th_rect &region, Found &found) {
    float dx = 0, dy = 0;
    if (!motion_[slot].find(frame, kLeapReach, dx, dy)) {
        return false;
    }
    const float side = region.width * static_cast<float>(frame.cols);
    if (dx * dx + dy * dy < kRefineShift * kRefineShift * side * side) {
        return false;  // the picture stayed: the hand changed, it did not leap
    }
    th_rect moved = region;
    moved.x_center += dx / static_cast<float>(frame.cols);
    moved.y_center += dy / static_cast<float>(frame.rows);
    return look(frame, moved, found, options_.min_presence_confidence);
}

bool HandPipeline::lookWouldOverrun() const {
    if (frameBudget_ <= 0) {
        return false;
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - frameStart_).count();
    return elapsed + lastLookSeconds_ > frameBudget_;
}

void HandPipeline::settle(const FrameImage &frame, Found &found, float minPresence) {
    for (int again = 0; again < kSettleLooks && !lookWouldOverrun(); ++again) {
        Found centred;
        if (!look(frame, found.next, centred, minPresence)) {
            return;
        }
        const th_point before = found.landmarks.landmarks[TH_INDEX_FINGERTIP];
        const th_point after = centred.landmarks.landmarks[TH_INDEX_FINGERTIP];
        found = centred;
        const float dx = (after.x - before.x) * static_cast<float>(frame.cols);
        const float dy = (after.y - before.y) * static_cast<float>(frame.rows);
        if (dx * dx + dy * dy < kSettledTipPixels * kSettledTipPixels) {
            return;
        }
    }
}

bool HandPipeline::movedFar(const Found &found, const FrameImage &frame) {
    const float dx = (found.next.x_center - found.region.x_center) * static_cast<float>(frame.cols);
    const float dy = (found.next.y_center - found.region.y_center) * static_cast<float>(frame.rows);
    const float side = found.region.width * static_cast<float>(frame.cols);
    return dx * dx + dy * dy > kRefineShift * kRefineShift * side * side;
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
    if (tracked >= wanted_) {
        return false;
    }
    if (tracked == 0 || lost) {
        return true;
    }
    return tracked < wanted_ && framesSinceDetection_ >= detectorInterval_;
}

void HandPipeline::acquire(const FrameImage &frame, FoundSlots &found, bool wide) {
    const int tracked = static_cast<int>(
        std::count_if(found, found + options_.max_hands, [](const Found &f) { return f.present; }));
    int free = std::max(wanted_ - tracked, 0);
    const std::vector<th_detection> &palms = searchPalms(frame, wide);
    int tries = 0;
    // A searching frame in video mode already runs the detector twice (whole frame and a tile): no extra landmark try,
    // which keeps it within one 30 fps frame interval. Instead, every other searching frame tries the tiles' palms
    // first, so a far hand is not kept waiting behind a whole-frame palm that is not a hand (a face, a fist) -- except
    // just after a loss: the hand that left is near and big, and the whole frame's palms come first (on a camera that
    // drops every other searching frame, alternating would skip the whole frame's palm on every frame tracked).
    const bool searched = wide && options_.tracking && options_.far_search;
    const int maxTries = free + (searched ? 0 : kExtraCandidates);
    const bool tilesFirst = searched && !justLost() && (searchFrames_++ % 2 == 1);
    size_t order[2 * kMergedPalms];
    size_t ordered = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const bool tilePass = (pass == 0) == tilesFirst;
        for (size_t index = 0; index < palms.size() && ordered < std::size(order); ++index) {
            if ((index >= wholeFramePalms_) == tilePass) {
                order[ordered++] = index;
            }
        }
    }
    for (size_t position = 0; position < ordered; ++position) {
        const size_t index = order[position];
        const th_detection &palm = palms[index];
        if (free == 0 || tries == maxTries) {
            break;
        }
        const th_rect candidate = th_hand_rect_from_detection(&palm, frame.cols, frame.rows);
        // A palm of a hand already tracked costs no landmark run.
        if (overlapsFound(found, candidate)) {
            continue;
        }
        ++tries;
        Found hand;
        if (!look(frame, candidate, hand, options_.min_presence_confidence) || overlapsFound(found, hand.next)) {
            continue;
        }
        // A hand only a tile saw must look like a hand more surely: at that zoom, forearms and knuckles of a near
        // hand pass the detector and reach presence 0.5-0.6.
        if (index >= wholeFramePalms_ && hand.landmarks.presence < kTilePresence) {
            continue;
        }
        if (options_.tracking) {
            settle(frame, hand, kKeepPresence * options_.min_presence_confidence);
        }
        hand.acquired = true;
        Found *slot = std::find_if(found, found + options_.max_hands, [](const Found &f) { return !f.present; });
        *slot = hand;
        --free;
    }
}

const std::vector<th_detection> &HandPipeline::searchPalms(const FrameImage &frame, bool wide) {
    const float minScore = options_.min_detection_confidence;
    const bool searching = wide && options_.far_search;
    // At a short frame interval, a search frame runs the whole frame or a tile, in turn.
    const bool split = searching && options_.tracking && options_.frame_interval_ms > 0 &&
                       options_.frame_interval_ms < kBothSearchesMinIntervalMs;
    const bool wholeTurn = !split || splitTurns_++ % 2 == 0;
    if (!searching || (split && wholeTurn)) {
        const std::vector<th_detection> &whole = detectPalms(frame, minScore, nullptr);
        wholeFramePalms_ = whole.size();
        return whole;
    }
    merged_.clear();
    if (wholeTurn) {
        const std::vector<th_detection> &whole = detectPalms(frame, minScore, nullptr);
        merged_.assign(whole.begin(), whole.end());
    }
    if (frame.cols != tileWidth_ || frame.rows != tileHeight_) {
        const int count = th_search_tiles(frame.cols, frame.rows, kTileFraction, nullptr, 0);
        const bool useful = count <= kMaxTiles && kTileFraction * std::min(frame.cols, frame.rows) >= kMinTileSide;
        tiles_.resize(useful ? static_cast<size_t>(count) : 0);
        th_search_tiles(frame.cols, frame.rows, kTileFraction, tiles_.data(), static_cast<int>(tiles_.size()));
        tileWidth_ = frame.cols;
        tileHeight_ = frame.rows;
        nextTile_ = 0;
    }
    wholeFramePalms_ = merged_.size();
    candidates_.clear();
    const auto search = [&](const th_tile &tile) {
        for (const th_detection &palm : detectPalms(frame, minScore, &tile)) {
            if (candidates_.size() < kMaxCandidates && smallAndWhole(palm, tile, frame.cols, frame.rows)) {
                candidates_.push_back(palm);
            }
        }
    };
    if (!options_.tracking) {
        std::for_each(tiles_.begin(), tiles_.end(), search);
    } else if (focusSide_ > 0) {
        const float side = std::max(focusSide_ * static_cast<float>(frame.cols), static_cast<float>(TH_PALM_INPUT_SIZE));
        search(th_tile_around(focus_, frame.cols, frame.rows, static_cast<int>(side)));
    } else if (justLost()) {
        const int side = static_cast<int>(std::max(lastSide_ * kLookBackScale, static_cast<float>(TH_PALM_INPUT_SIZE)));
        search(th_tile_around(lastSeen_, frame.cols, frame.rows, side));
    } else if (!tiles_.empty()) {
        search(tiles_[nextTile_++ % tiles_.size()]);
    }
    // Overlapping tiles see the same small hand: merge their palms by weighted suppression in frame coordinates.
    // The whole frame's palms come first and are not averaged with tile palms (a tile can hold part of a hand the
    // whole frame sees entire); a tile palm only adds a hand the whole frame missed.
    tilePalms_.resize(kMergedPalms);
    tilePalms_.resize(static_cast<size_t>(th_weighted_nms(candidates_.data(), static_cast<int>(candidates_.size()),
                                                          kSuppressionThreshold, tilePalms_.data(), kMergedPalms)));
    for (th_detection &palm : tilePalms_) {
        const bool seen = std::any_of(merged_.begin(), merged_.end(), [&](const th_detection &other) {
            return th_box_iou(&palm, &other) > kSuppressionThreshold;
        });
        if (!seen && merged_.size() < merged_.capacity()) {
            merged_.push_back(palm);
        }
    }
    return merged_;
}

const std::vector<th_detection> &HandPipeline::detectPalms(const FrameImage &frame, float minScore, const th_tile *tile) {
    ++detectorPasses_;
    return palms_.detect(frame, minScore, tile);
}

bool HandPipeline::justLost() const {
    // 0: seen in the previous frame and lost in this one.
    return framesSinceSeen_ >= 0 && framesSinceSeen_ <= kLookBackFrames;
}

bool HandPipeline::smallAndWhole(const th_detection &palm, const th_tile &tile, int width, int height) {
    const float left = palm.xmin * width, top = palm.ymin * height;
    const float right = left + palm.width * width, bottom = top + palm.height * height;
    const float margin = kTileEdgeMargin * tile.size;
    // Cut by an edge of the tile that is not the frame's own edge: part of a hand, or of a hand the frame sees.
    const bool cut = (tile.x > 0 && left < tile.x + margin) || (tile.y > 0 && top < tile.y + margin) ||
                     (tile.x + tile.size < width && right > tile.x + tile.size - margin) ||
                     (tile.y + tile.size < height && bottom > tile.y + tile.size - margin);
    const bool small = std::max(right - left, bottom - top) <= tile.size * kLargestTilePalm;
    return small && !cut;
}

void HandPipeline::rememberHands(const FoundSlots &found, int width) {
    const Found *seen = std::find_if(found, found + options_.max_hands, [](const Found &f) { return f.present; });
    if (seen == found + options_.max_hands) {
        if (framesSinceSeen_ >= 0) {
            ++framesSinceSeen_;
        }
        return;
    }
    framesSinceSeen_ = 0;
    lastSeen_ = th_point{seen->region.x_center, seen->region.y_center};
    lastSide_ = seen->region.width * width;
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
        hand.landmark_z[i] = found.landmarks.depths[i];
    }
    hand.fingertip = hand.landmarks[TH_INDEX_FINGERTIP];
    hand.region = options_.mirrored ? th_mirror_rect(found.region) : found.region;
    return hand;
}

}  // namespace theremin
