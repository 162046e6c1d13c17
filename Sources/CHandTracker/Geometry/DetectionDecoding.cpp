// Raw palm detector output to detections, as MediaPipe's TensorsToDetectionsCalculator does it
// (reverse_output_order: boxes are x, y, w, h; keypoints follow as x, y pairs).
#include "CHandTrackerGeometry.h"

#include <algorithm>
#include <cmath>

extern "C" th_decode_options th_palm_decode_options(void) {
    th_decode_options options{};
    options.x_scale = static_cast<float>(TH_PALM_INPUT_SIZE);
    options.y_scale = static_cast<float>(TH_PALM_INPUT_SIZE);
    options.w_scale = static_cast<float>(TH_PALM_INPUT_SIZE);
    options.h_scale = static_cast<float>(TH_PALM_INPUT_SIZE);
    options.score_clipping_thresh = 100.0f;
    options.min_score_thresh = 0.5f;
    return options;
}

extern "C" float th_sigmoid_clipped(float raw, float clip) {
    const float clipped = std::min(std::max(raw, -clip), clip);
    return 1.0f / (1.0f + std::exp(-clipped));
}

extern "C" int th_decode_detections(const float *raw_boxes, const float *raw_scores, const th_anchor *anchors,
                                    int count, const th_decode_options *options, th_detection *out, int capacity) {
    if (raw_boxes == nullptr || raw_scores == nullptr || anchors == nullptr || options == nullptr || count < 0 ||
        (capacity > 0 && out == nullptr)) {
        return 0;
    }
    int written = 0;
    for (int i = 0; i < count; ++i) {
        const float score = th_sigmoid_clipped(raw_scores[i], options->score_clipping_thresh);
        if (score < options->min_score_thresh) {
            continue;
        }
        if (written >= capacity) {
            ++written;
            continue;
        }
        const float *raw = raw_boxes + static_cast<size_t>(i) * TH_PALM_COORDS;
        const th_anchor &anchor = anchors[i];
        const float x_center = raw[0] / options->x_scale * anchor.width + anchor.x_center;
        const float y_center = raw[1] / options->y_scale * anchor.height + anchor.y_center;
        const float width = raw[2] / options->w_scale * anchor.width;
        const float height = raw[3] / options->h_scale * anchor.height;
        th_detection &detection = out[written];
        detection.xmin = x_center - width / 2.0f;
        detection.ymin = y_center - height / 2.0f;
        detection.width = width;
        detection.height = height;
        detection.score = score;
        for (int k = 0; k < TH_PALM_KEYPOINTS; ++k) {
            detection.keypoints[k].x = raw[4 + 2 * k] / options->x_scale * anchor.width + anchor.x_center;
            detection.keypoints[k].y = raw[4 + 2 * k + 1] / options->y_scale * anchor.height + anchor.y_center;
        }
        ++written;
    }
    return written;
}
