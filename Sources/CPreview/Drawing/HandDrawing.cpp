// A tracked hand drawn for the preview: the region the tracker examined, the skeleton and the fingertip marker, at
// sub-pixel precision.
#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "CPreview.h"
#include "Support/Guarded.hpp"

using theremin::preview::guarded;
using theremin::preview::wrap;

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

cv::Point toPixel(pv_point p, const cv::Mat &image, bool flip) {
    const double x = flip ? 1.0 - p.x : p.x;
    return cv::Point(static_cast<int>(std::lround(x * image.cols * (1 << kShift))),
                     static_cast<int>(std::lround(static_cast<double>(p.y) * image.rows * (1 << kShift))));
}

/// The rotated region's outline, one pixel wide.
void drawRegion(cv::Mat &image, const pv_rotated_rect &region, bool flip) {
    if (!(region.width > 0.0f && region.height > 0.0f)) {
        return;
    }
    // Corners of the rotated region, in normalized image coordinates of the hand's own view.
    const float c = std::cos(region.rotation), s = std::sin(region.rotation);
    const float width = static_cast<float>(image.cols), height = static_cast<float>(image.rows);
    const float hw = region.width * width / 2.0f, hh = region.height * height / 2.0f;
    const float corners[4][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    cv::Point points[4];
    for (int i = 0; i < 4; ++i) {
        const pv_point p{region.x_center + (c * corners[i][0] - s * corners[i][1]) / width,
                         region.y_center + (s * corners[i][0] + c * corners[i][1]) / height};
        points[i] = toPixel(p, image, flip);
    }
    for (int i = 0; i < 4; ++i) {
        cv::line(image, points[i], points[(i + 1) % 4], kRegionColour, 1, cv::LINE_AA, kShift);
    }
}

}  // namespace

extern "C" pv_status pv_draw_hand(pv_image image, const pv_point *landmarks, int landmark_count, pv_point fingertip,
                                  const pv_rotated_rect *region, int flip) {
    cv::Mat mat;
    if (!wrap(image, mat) || (landmark_count > 0 && landmarks == nullptr)) {
        return PV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(PV_ERROR_DRAWING, nullptr, 0, [&] {
        const bool flipped = flip != 0;
        const int thickness = std::max(1, std::min(mat.cols, mat.rows) / 240);
        if (landmark_count == PV_HAND_LANDMARKS) {
            if (region != nullptr) {
                drawRegion(mat, *region, flipped);
            }
            for (const auto &bone : kBones) {
                cv::line(mat, toPixel(landmarks[bone[0]], mat, flipped), toPixel(landmarks[bone[1]], mat, flipped),
                         kBoneColour, thickness + 1, cv::LINE_AA, kShift);
            }
            for (int i = 0; i < PV_HAND_LANDMARKS; ++i) {
                cv::circle(mat, toPixel(landmarks[i], mat, flipped), (thickness + 2) << kShift, kJointColour,
                           cv::FILLED, cv::LINE_AA, kShift);
            }
        }
        const cv::Point tip = toPixel(fingertip, mat, flipped);
        cv::circle(mat, tip, (thickness * 6) << kShift, kTipColour, thickness + 1, cv::LINE_AA, kShift);
        cv::circle(mat, tip, (thickness + 1) << kShift, kTipColour, cv::FILLED, cv::LINE_AA, kShift);
        return PV_OK;
    });
}
