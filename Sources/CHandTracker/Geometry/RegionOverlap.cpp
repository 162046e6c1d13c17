// How much two hand regions overlap: what decides that two regions hold the same hand.
#include "CHandTrackerGeometry.h"

#include <algorithm>

extern "C" float th_rect_iou(th_rect a, th_rect b) {
    if (a.width <= 0.0f || a.height <= 0.0f || b.width <= 0.0f || b.height <= 0.0f) {
        return 0.0f;
    }
    const float left = std::max(a.x_center - a.width / 2, b.x_center - b.width / 2);
    const float top = std::max(a.y_center - a.height / 2, b.y_center - b.height / 2);
    const float right = std::min(a.x_center + a.width / 2, b.x_center + b.width / 2);
    const float bottom = std::min(a.y_center + a.height / 2, b.y_center + b.height / 2);
    if (right <= left || bottom <= top) {
        return 0.0f;
    }
    const float intersection = (right - left) * (bottom - top);
    const float unionArea = a.width * a.height + b.width * b.height - intersection;
    return unionArea > 0.0f ? intersection / unionArea : 0.0f;
}
