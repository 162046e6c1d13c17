#include "Overlay/HandOverlay.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace theremin {

namespace {

// The bones of MediaPipe's hand model: thumb, index, middle, ring, pinky, and the palm's edges.
constexpr int kBones[][2] = {{0, 1},   {1, 2},   {2, 3},   {3, 4},   {0, 5},   {5, 6},   {6, 7},
                             {7, 8},   {5, 9},   {9, 10},  {10, 11}, {11, 12}, {9, 13},  {13, 14},
                             {14, 15}, {15, 16}, {13, 17}, {17, 18}, {18, 19}, {19, 20}, {0, 17}};
const cv::Scalar kBoneColour(80, 220, 80);     // BGR green
const cv::Scalar kJointColour(40, 40, 230);    // red
const cv::Scalar kRegionColour(200, 160, 40);  // blue-ish
const cv::Scalar kTipColour(0, 230, 255);      // yellow
constexpr int kShift = 4;                      // sub-pixel drawing precision (1/16 pixel)

cv::Point toPixel(th_point p, const cv::Mat &frame, bool flip) {
    const double x = flip ? 1.0 - p.x : p.x;
    return cv::Point(static_cast<int>(std::lround(x * frame.cols * (1 << kShift))),
                     static_cast<int>(std::lround(static_cast<double>(p.y) * frame.rows * (1 << kShift))));
}

}  // namespace

void drawHand(cv::Mat &frame, const th_hand &hand, bool frameMirrored) {
    if (!hand.present || frame.empty()) {
        return;
    }
    const bool flip = (hand.mirrored != 0) != frameMirrored;
    const int thickness = std::max(1, std::min(frame.cols, frame.rows) / 240);
    if (hand.landmark_count == TH_LANDMARK_COUNT) {
        const th_rect region = hand.region;
        if (region.width > 0.0f && region.height > 0.0f) {
            // Corners of the rotated region, in normalized image coordinates of the hand's own view.
            const float c = std::cos(region.rotation), s = std::sin(region.rotation);
            const float width = static_cast<float>(frame.cols), height = static_cast<float>(frame.rows);
            const float hw = region.width * width / 2.0f, hh = region.height * height / 2.0f;
            const float corners[4][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
            cv::Point points[4];
            for (int i = 0; i < 4; ++i) {
                const th_point p{region.x_center + (c * corners[i][0] - s * corners[i][1]) / width,
                                 region.y_center + (s * corners[i][0] + c * corners[i][1]) / height};
                points[i] = toPixel(p, frame, flip);
            }
            for (int i = 0; i < 4; ++i) {
                cv::line(frame, points[i], points[(i + 1) % 4], kRegionColour, 1, cv::LINE_AA, kShift);
            }
        }
        for (const auto &bone : kBones) {
            cv::line(frame, toPixel(hand.landmarks[bone[0]], frame, flip), toPixel(hand.landmarks[bone[1]], frame, flip),
                     kBoneColour, thickness + 1, cv::LINE_AA, kShift);
        }
        for (int i = 0; i < TH_LANDMARK_COUNT; ++i) {
            cv::circle(frame, toPixel(hand.landmarks[i], frame, flip), (thickness + 2) << kShift, kJointColour,
                       cv::FILLED, cv::LINE_AA, kShift);
        }
    }
    const cv::Point tip = toPixel(hand.fingertip, frame, flip);
    cv::circle(frame, tip, (thickness * 6) << kShift, kTipColour, thickness + 1, cv::LINE_AA, kShift);
    cv::circle(frame, tip, (thickness + 1) << kShift, kTipColour, cv::FILLED, cv::LINE_AA, kShift);
}

}  // namespace theremin
