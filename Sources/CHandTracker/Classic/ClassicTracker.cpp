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
constexpr double kFullConfidenceFraction = 0.04;
constexpr int kFaceSearchInterval = 5;       // in tracking mode faces move slowly; search every few frames

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
        // The face, a margin for hair line and ears, and the neck below it: all skin, none of it a hand.
        const int marginX = face.width / 5;
        cv::Rect masked(face.x - marginX, face.y - face.height / 5, face.width + 2 * marginX,
                        face.height * 2);
        masked &= cv::Rect(0, 0, skin_.cols, skin_.rows);
        skin_(masked).setTo(0);
    }
}

th_hand ClassicTracker::process(const cv::Mat &bgr) {
    th_hand hand{};
    hand.mirrored = options_.mirrored;
    const double scale = bgr.cols > kWorkingWidth ? static_cast<double>(kWorkingWidth) / bgr.cols : 1.0;
    if (scale < 1.0) {
        cv::resize(bgr, small_, cv::Size(), scale, scale, cv::INTER_AREA);
    } else {
        bgr.copyTo(small_);
    }
    cv::cvtColor(small_, ycrcb_, cv::COLOR_BGR2YCrCb);
    cv::inRange(ycrcb_, kSkinLow, kSkinHigh, skin_);
    maskFaces(small_);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5));
    cv::morphologyEx(skin_, skin_, cv::MORPH_OPEN, kernel);
    cv::morphologyEx(skin_, skin_, cv::MORPH_CLOSE, kernel, cv::Point(-1, -1), 2);

    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(skin_, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    const double frameArea = static_cast<double>(skin_.rows) * skin_.cols;
    double bestArea = kMinBlobFraction * frameArea;
    const std::vector<cv::Point> *best = nullptr;
    for (const auto &contour : contours) {
        const double area = cv::contourArea(contour);
        if (area >= bestArea) {
            bestArea = area;
            best = &contour;
        }
    }
    if (best == nullptr) {
        return hand;
    }
    std::vector<cv::Point> hull;
    cv::convexHull(*best, hull);
    const cv::Point tip = *std::min_element(hull.begin(), hull.end(),
                                            [](const cv::Point &a, const cv::Point &b) { return a.y < b.y; });
    hand.present = 1;
    hand.confidence = static_cast<float>(std::min(1.0, bestArea / (kFullConfidenceFraction * frameArea)));
    hand.handedness = TH_HAND_UNKNOWN;
    const th_point fingertip{(static_cast<float>(tip.x) + 0.5f) / skin_.cols,
                             (static_cast<float>(tip.y) + 0.5f) / skin_.rows};
    hand.fingertip = options_.mirrored ? th_mirror_point(fingertip) : fingertip;
    return hand;
}

}  // namespace theremin
