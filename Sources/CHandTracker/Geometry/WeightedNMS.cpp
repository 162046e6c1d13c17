// Weighted non-maximum suppression, as MediaPipe's NonMaxSuppressionCalculator (algorithm WEIGHTED,
// overlap INTERSECTION_OVER_UNION) does it for palms.
#include "CHandTrackerGeometry.h"

#include <algorithm>
#include <numeric>
#include <vector>

extern "C" float th_box_iou(const th_detection *a, const th_detection *b) {
    if (a == nullptr || b == nullptr) {
        return 0.0f;
    }
    const float left = std::max(a->xmin, b->xmin);
    const float top = std::max(a->ymin, b->ymin);
    const float right = std::min(a->xmin + a->width, b->xmin + b->width);
    const float bottom = std::min(a->ymin + a->height, b->ymin + b->height);
    if (right <= left || bottom <= top) {
        return 0.0f;
    }
    const float intersection = (right - left) * (bottom - top);
    const float unionArea = a->width * a->height + b->width * b->height - intersection;
    return unionArea > 0.0f ? intersection / unionArea : 0.0f;
}

namespace {

/// The palm detector's anchor count, rounded up: the most detections one search decodes.
constexpr size_t kTypicalMaximum = 2048;

}  // namespace

extern "C" int th_weighted_nms(const th_detection *detections, int count, float min_suppression_threshold,
                               th_detection *out, int capacity) {
    if (detections == nullptr || count <= 0 || out == nullptr || capacity <= 0) {
        return 0;
    }
    // Working lists kept per thread and reused: a detector frame allocates nothing once they have grown to the
    // largest count seen (the tracker's frame path is checked for allocations by tracker-alloc-check).
    thread_local std::vector<int> remaining, kept, cluster;
    const size_t room = std::max<size_t>(static_cast<size_t>(count), kTypicalMaximum);
    remaining.reserve(room);
    kept.reserve(room);
    cluster.reserve(room);
    remaining.resize(static_cast<size_t>(count));
    std::iota(remaining.begin(), remaining.end(), 0);
    // Best score first; equal scores keep their input order (deterministic).
    std::sort(remaining.begin(), remaining.end(), [detections](int a, int b) {
        return detections[a].score > detections[b].score || (detections[a].score == detections[b].score && a < b);
    });

    int written = 0;
    while (!remaining.empty() && written < capacity) {
        const th_detection &best = detections[remaining.front()];
        kept.clear();
        cluster.clear();
        for (int index : remaining) {
            if (th_box_iou(&detections[index], &best) > min_suppression_threshold) {
                cluster.push_back(index);
            } else {
                kept.push_back(index);
            }
        }
        th_detection merged = best;
        if (!cluster.empty()) {
            float total = 0.0f;
            float xmin = 0.0f, ymin = 0.0f, xmax = 0.0f, ymax = 0.0f;
            float keypoints[TH_PALM_KEYPOINTS][2] = {};
            for (int index : cluster) {
                const th_detection &d = detections[index];
                total += d.score;
                xmin += d.xmin * d.score;
                ymin += d.ymin * d.score;
                xmax += (d.xmin + d.width) * d.score;
                ymax += (d.ymin + d.height) * d.score;
                for (int k = 0; k < TH_PALM_KEYPOINTS; ++k) {
                    keypoints[k][0] += d.keypoints[k].x * d.score;
                    keypoints[k][1] += d.keypoints[k].y * d.score;
                }
            }
            merged.xmin = xmin / total;
            merged.ymin = ymin / total;
            merged.width = xmax / total - merged.xmin;
            merged.height = ymax / total - merged.ymin;
            for (int k = 0; k < TH_PALM_KEYPOINTS; ++k) {
                merged.keypoints[k].x = keypoints[k][0] / total;
                merged.keypoints[k].y = keypoints[k][1] / total;
            }
        }
        out[written++] = merged;
        if (kept.size() == remaining.size()) {
            break;  // A degenerate (empty) best box suppresses nothing, not even itself: stop as MediaPipe does.
        }
        remaining.swap(kept);
    }
    return written;
}
