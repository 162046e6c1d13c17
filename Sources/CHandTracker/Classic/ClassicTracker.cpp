#include "Classic/ClassicTracker.hpp"

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "Support/FileChecks.hpp"
#include "Support/TrackerFailure.hpp"

namespace theremin {

namespace {

constexpr int kWorkingWidth = 320;  // skin analysis runs on a downscaled copy; fingertips need no more
// Skin in YCrCb (Chai & Ngan's range): chroma only, so that brightness changes do not matter.
const cv::Scalar kSkinLow(0, 133, 77);
const cv::Scalar kSkinHigh(255, 173, 127);
constexpr double kMinBlobFraction = 0.01;    // of the frame area: smaller blobs are noise
constexpr double kMaxBlobFraction = 0.3;     // larger ones are walls, tables, skin-coloured backgrounds
constexpr double kFullConfidenceFraction = 0.04;
constexpr int kFaceSearchInterval = 5;       // in tracking mode faces move slowly; search every few frames
// A raised finger is narrow: a little below the blob's top, the skin run under the tip must be much narrower than the
// blob. Heads, hair, necks and skin-coloured walls are broad there.
constexpr double kFingerProbeDepth = 0.12;   // of the blob's height, below its topmost point
constexpr double kMaxFingerWidth = 0.5;      // of the blob's width

/// Width of the run of set pixels in `row` of `mask` that is nearest to column `x`, or 0 when the row is empty.
int runWidthNear(const cv::Mat &mask, int row, int x) {
    const uchar *line = mask.ptr<uchar>(row);
    int best = -1;
    for (int distance = 0; distance < mask.cols && best < 0; ++distance) {
        if (x - distance >= 0 && line[x - distance]) best = x - distance;
        else if (x + distance < mask.cols && line[x + distance]) best = x + distance;
    }
    if (best < 0) {
        return 0;
    }
    int left = best, right = best;
    while (left > 0 && line[left - 1]) --left;
    while (right + 1 < mask.cols && line[right + 1]) ++right;
    return right - left + 1;
}

}  // namespace

ClassicTracker::ClassicTracker(const std::string &faceCascadePath, const th_options &options) : options_(options) {
    if (faceCascadePath.empty()) {
        return;
    }
    requireReadableFile(faceCascadePath, "face cascade");
    bool loaded = false;
    try {
        loaded = faces_.load(faceCascadePath);
    } catch (const cv::Exception &) {
        loaded = false;
    }
    if (!loaded) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID,
                             "face cascade " + faceCascadePath + " is not an OpenCV cascade classifier");
    }
    masksFaces_ = true;
}

void ClassicTracker::reset() {
    lastFaces_.clear();
    framesSinceFaceSearch_ = 0;
}

void ClassicTracker::maskFaces(const cv::Mat &small) {
    if (!masksFaces_) {
        return;
    }
    if (!options_.tracking || lastFaces_.empty() || ++framesSinceFaceSearch_ >= kFaceSearchInterval) {
        framesSinceFaceSearch_ = 0;
        cv::cvtColor(small, gray_, cv::COLOR_BGR2GRAY);
        cv::equalizeHist(gray_, gray_);
        const int minSide = std::max(24, small.rows / 8);
        faces_.detectMultiScale(gray_, lastFaces_, 1.1, 4, 0, cv::Size(minSide, minSide));
    }
    for (const cv::Rect &face : lastFaces_) {
        // The face, hair and ears around it, and the neck below it: all skin-coloured, none of it a hand.
        const int marginX = face.width / 2;
        cv::Rect masked(face.x - marginX, face.y - face.height / 2, face.width + 2 * marginX,
                        face.height * 5 / 2);
        masked &= cv::Rect(0, 0, skin_.cols, skin_.rows);
        skin_(masked).setTo(0);
    }
}

HandSlots ClassicTracker::processHands(const FrameImage &frame) {
    HandSlots result;
    result.count = 1;
    result.hands[0] = find(frame.asBgr(converted_));
    return result;
}

th_hand ClassicTracker::find(const cv::Mat &bgr) {
    th_hand hand{};
    hand.mirrored = options_.mirrored;
    const double scale = bgr.cols > kWorkingWidth ? static_cast<double>(kWorkingWidth) / bgr.cols : 1.0;
    if (scale < 1.0) {
        cv::resize(bgr, small_, cv::Size(), scale, scale, cv::INTER_AREA);
    } else {
        bgr.copyTo(small_);
    }
    // Grey-world white balance first: under warm or cold light, white walls and shirts fall into the skin range.
    const cv::Scalar mean = cv::mean(small_);
    const double grey = (mean[0] + mean[1] + mean[2]) / 3.0;
    const cv::Scalar gains(grey / std::max(1.0, mean[0]), grey / std::max(1.0, mean[1]), grey / std::max(1.0, mean[2]));
    cv::multiply(small_, gains, balanced_);
    cv::cvtColor(balanced_, ycrcb_, cv::COLOR_BGR2YCrCb);
    cv::inRange(ycrcb_, kSkinLow, kSkinHigh, skin_);
    maskFaces(small_);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5));
    cv::morphologyEx(skin_, skin_, cv::MORPH_OPEN, kernel);
    cv::morphologyEx(skin_, skin_, cv::MORPH_CLOSE, kernel, cv::Point(-1, -1), 2);

    // The largest blob whose top is a raised finger.
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(skin_, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    const double frameArea = static_cast<double>(skin_.rows) * skin_.cols;
    double bestArea = kMinBlobFraction * frameArea;
    cv::Point tip;
    bool found = false;
    std::vector<cv::Point> hull;
    for (const auto &contour : contours) {
        const double area = cv::contourArea(contour);
        if (area < bestArea || area > kMaxBlobFraction * frameArea) {
            continue;
        }
        const cv::Rect bounds = cv::boundingRect(contour);
        if (bounds.y == 0) {
            continue;  // runs off the top edge: a background region, or a hand whose tip is not in the picture
        }
        cv::convexHull(contour, hull);
        const cv::Point top = *std::min_element(hull.begin(), hull.end(),
                                                [](const cv::Point &a, const cv::Point &b) { return a.y < b.y; });
        const int probeRow = std::min(bounds.y + bounds.height - 1,
                                      top.y + std::max(3, static_cast<int>(kFingerProbeDepth * bounds.height)));
        if (runWidthNear(skin_, probeRow, top.x) > kMaxFingerWidth * bounds.width) {
            continue;
        }
        bestArea = area;
        tip = top;
        found = true;
    }
    if (!found) {
        return hand;
    }
    hand.present = 1;
    hand.confidence = static_cast<float>(std::min(1.0, bestArea / (kFullConfidenceFraction * frameArea)));
    hand.handedness = TH_HAND_UNKNOWN;
    const th_point fingertip{(static_cast<float>(tip.x) + 0.5f) / skin_.cols,
                             (static_cast<float>(tip.y) + 0.5f) / skin_.rows};
    hand.fingertip = options_.mirrored ? th_mirror_point(fingertip) : fingertip;
    return hand;
}

}  // namespace theremin
