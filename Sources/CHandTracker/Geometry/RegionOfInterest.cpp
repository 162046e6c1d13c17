// Hand regions of interest: from a palm detection (DetectionsToRectsCalculator + RectTransformationCalculator) and
// from the previous frame's landmarks (HandLandmarksToRectCalculator + RectTransformationCalculator).
#include "CHandTrackerGeometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr float kPi = 3.14159265358979323846f;
constexpr float kTargetAngle = kPi * 0.5f;  // wrist at the bottom, fingers up

// The landmarks MediaPipe keeps to size the next region (more stable than fingertips): wrist, thumb CMC, MCP, IP,
// and the MCP and PIP joints of the four fingers.
constexpr int kStableLandmarks[] = {0, 1, 2, 3, 5, 6, 9, 10, 13, 14, 17, 18};
constexpr int kWrist = 0;
constexpr int kIndexMCP = 5;
constexpr int kMiddleMCP = 9;
constexpr int kRingMCP = 13;

}  // namespace

extern "C" th_rect_transform th_palm_roi_transform(void) {
    return th_rect_transform{2.6f, 2.6f, 0.0f, -0.5f, 1};
}

extern "C" th_rect_transform th_landmark_roi_transform(void) {
    return th_rect_transform{2.0f, 2.0f, 0.0f, -0.1f, 1};
}

extern "C" float th_normalize_radians(float angle) {
    return angle - 2.0f * kPi * std::floor((angle + kPi) / (2.0f * kPi));
}

extern "C" float th_rotation_to_vertical(th_point from, th_point to, int image_width, int image_height,
                                         float target_angle) {
    const float dx = (to.x - from.x) * static_cast<float>(image_width);
    const float dy = (to.y - from.y) * static_cast<float>(image_height);
    return th_normalize_radians(target_angle - std::atan2(-dy, dx));
}

extern "C" th_rect th_transform_rect(th_rect rect, int image_width, int image_height,
                                     const th_rect_transform *transform) {
    if (transform == nullptr || image_width <= 0 || image_height <= 0) {
        return rect;
    }
    const float w = static_cast<float>(image_width);
    const float h = static_cast<float>(image_height);
    float width = rect.width;
    float height = rect.height;
    const float rotation = rect.rotation;
    if (rotation == 0.0f) {
        rect.x_center += width * transform->shift_x;
        rect.y_center += height * transform->shift_y;
    } else {
        // The shift runs along the rectangle's own axes, computed in pixels so that it is not skewed by the aspect.
        const float xShift = (w * width * transform->shift_x * std::cos(rotation) -
                              h * height * transform->shift_y * std::sin(rotation)) / w;
        const float yShift = (w * width * transform->shift_x * std::sin(rotation) +
                              h * height * transform->shift_y * std::cos(rotation)) / h;
        rect.x_center += xShift;
        rect.y_center += yShift;
    }
    if (transform->square_long) {
        const float longSide = std::max(width * w, height * h);
        width = longSide / w;
        height = longSide / h;
    }
    rect.width = width * transform->scale_x;
    rect.height = height * transform->scale_y;
    return rect;
}

extern "C" th_rect th_hand_rect_from_detection(const th_detection *detection, int image_width, int image_height) {
    th_rect rect{};
    if (detection == nullptr) {
        return rect;
    }
    rect.x_center = detection->xmin + detection->width / 2.0f;
    rect.y_center = detection->ymin + detection->height / 2.0f;
    rect.width = detection->width;
    rect.height = detection->height;
    rect.rotation = th_rotation_to_vertical(detection->keypoints[0], detection->keypoints[2], image_width,
                                            image_height, kTargetAngle);
    const th_rect_transform transform = th_palm_roi_transform();
    return th_transform_rect(rect, image_width, image_height, &transform);
}

extern "C" th_rect th_bounding_rect_with_rotation(const th_point *points, int count, float rotation, int image_width,
                                                  int image_height) {
    th_rect rect{};
    if (points == nullptr || count <= 0 || image_width <= 0 || image_height <= 0) {
        return rect;
    }
    const float w = static_cast<float>(image_width);
    const float h = static_cast<float>(image_height);
    float minX = std::numeric_limits<float>::infinity(), maxX = -minX;
    float minY = minX, maxY = -minX;
    for (int i = 0; i < count; ++i) {
        minX = std::min(minX, points[i].x);
        maxX = std::max(maxX, points[i].x);
        minY = std::min(minY, points[i].y);
        maxY = std::max(maxY, points[i].y);
    }
    const float alignedCenterX = (minX + maxX) / 2.0f;
    const float alignedCenterY = (minY + maxY) / 2.0f;

    // Bounds in the frame rotated back by `rotation`, in pixels around the axis-aligned center.
    const float reverse = th_normalize_radians(-rotation);
    const float cosR = std::cos(reverse), sinR = std::sin(reverse);
    minX = std::numeric_limits<float>::infinity();
    maxX = -minX;
    minY = minX;
    maxY = -minY;
    for (int i = 0; i < count; ++i) {
        const float px = (points[i].x - alignedCenterX) * w;
        const float py = (points[i].y - alignedCenterY) * h;
        const float rx = px * cosR - py * sinR;
        const float ry = px * sinR + py * cosR;
        minX = std::min(minX, rx);
        maxX = std::max(maxX, rx);
        minY = std::min(minY, ry);
        maxY = std::max(maxY, ry);
    }
    const float centerX = (minX + maxX) / 2.0f;
    const float centerY = (minY + maxY) / 2.0f;
    const float cosF = std::cos(rotation), sinF = std::sin(rotation);
    rect.x_center = (centerX * cosF - centerY * sinF + w * alignedCenterX) / w;
    rect.y_center = (centerX * sinF + centerY * cosF + h * alignedCenterY) / h;
    rect.width = (maxX - minX) / w;
    rect.height = (maxY - minY) / h;
    rect.rotation = rotation;
    return rect;
}

extern "C" th_rect th_hand_rect_from_landmarks(const th_point landmarks[TH_LANDMARK_COUNT], int image_width,
                                               int image_height) {
    if (landmarks == nullptr) {
        return th_rect{};
    }
    const th_point wrist = landmarks[kWrist];
    // MediaPipe's "mean of PIP joints" on its landmark subset is the mean of the index and ring MCPs, averaged again
    // with the middle MCP.
    th_point knuckles{(landmarks[kIndexMCP].x + landmarks[kRingMCP].x) / 2.0f,
                      (landmarks[kIndexMCP].y + landmarks[kRingMCP].y) / 2.0f};
    knuckles.x = (knuckles.x + landmarks[kMiddleMCP].x) / 2.0f;
    knuckles.y = (knuckles.y + landmarks[kMiddleMCP].y) / 2.0f;
    const float rotation = th_rotation_to_vertical(wrist, knuckles, image_width, image_height, kTargetAngle);

    th_point stable[sizeof(kStableLandmarks) / sizeof(kStableLandmarks[0])];
    int count = 0;
    for (int index : kStableLandmarks) {
        stable[count++] = landmarks[index];
    }
    const th_rect bounds = th_bounding_rect_with_rotation(stable, count, rotation, image_width, image_height);
    const th_rect_transform transform = th_landmark_roi_transform();
    return th_transform_rect(bounds, image_width, image_height, &transform);
}
