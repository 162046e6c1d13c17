#include "Models/PalmDetector.hpp"

#include <algorithm>

#include "Models/ImageTensor.hpp"
#include "Models/ModelSlots.hpp"

namespace theremin {

namespace {

constexpr int kMaxPalms = 4;

}  // namespace

PalmDetector::PalmDetector(const std::string &path, int threads) : model_(path, "palm detector model", threads) {
    const std::vector<size_t> input = {1, TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE, 3};
    model_.require(model_.inputCount() == 1 && model_.inputDims(0) == input,
                   "a palm detector taking one 1x192x192x3 image");
    const th_anchor_options options = th_palm_anchor_options();
    anchors_.resize(static_cast<size_t>(th_generate_anchors(&options, nullptr, 0)));
    th_generate_anchors(&options, anchors_.data(), static_cast<int>(anchors_.size()));
    // Outputs (models/README.md): box and keypoint regressors, and score logits, per anchor.
    boxesSlot_ = requireSlot(model_, "Identity", anchors_.size() * TH_PALM_COORDS);
    scoresSlot_ = requireSlot(model_, "Identity_1", anchors_.size());
    decoded_.resize(anchors_.size());
    palms_.reserve(kMaxPalms);
    model_.run();
}

const std::vector<th_detection> &PalmDetector::detect(const FrameImage &frame, float minScore, const th_tile *tile) {
    // Letterbox the frame (or the tile, which is square) into 192x192 keeping its aspect ratio, as
    // ImageToTensorCalculator does: input pixel (u, v) shows frame pixel (x0 + (u - left) / scale, y0 + ...).
    const int width = tile != nullptr ? tile->size : frame.cols, height = tile != nullptr ? tile->size : frame.rows;
    const double x0 = tile != nullptr ? tile->x : 0, y0 = tile != nullptr ? tile->y : 0;
    float padding[4];
    th_letterbox_padding(width, height, TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE, padding);
    const double scale = static_cast<double>(TH_PALM_INPUT_SIZE) / std::max(width, height);
    const double inputToFrame[6] = {1 / scale, 0, x0 - padding[0] * TH_PALM_INPUT_SIZE / scale,
                                    0, 1 / scale, y0 - padding[1] * TH_PALM_INPUT_SIZE / scale};
    warpToTensor(frame, inputToFrame, TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE, TensorBorder::zero, model_.input(0));
    model_.run();

    th_decode_options options = th_palm_decode_options();
    options.min_score_thresh = minScore;
    const int count = th_decode_detections(model_.output(boxesSlot_), model_.output(scoresSlot_), anchors_.data(),
                                           static_cast<int>(anchors_.size()), &options, decoded_.data(),
                                           static_cast<int>(decoded_.size()));
    palms_.resize(kMaxPalms);
    palms_.resize(static_cast<size_t>(
        th_weighted_nms(decoded_.data(), count, kSuppressionThreshold, palms_.data(), kMaxPalms)));
    for (th_detection &palm : palms_) {
        const th_point topLeft = th_remove_letterbox(th_point{palm.xmin, palm.ymin}, padding);
        const th_point bottomRight =
            th_remove_letterbox(th_point{palm.xmin + palm.width, palm.ymin + palm.height}, padding);
        palm.xmin = topLeft.x;
        palm.ymin = topLeft.y;
        palm.width = bottomRight.x - topLeft.x;
        palm.height = bottomRight.y - topLeft.y;
        for (th_point &keypoint : palm.keypoints) {
            keypoint = th_remove_letterbox(keypoint, padding);
        }
        if (tile != nullptr) {
            palm = th_detection_to_frame(&palm, *tile, frame.cols, frame.rows);
        }
    }
    return palms_;
}

}  // namespace theremin
