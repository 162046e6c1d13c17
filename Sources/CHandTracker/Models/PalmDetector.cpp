#include "Models/PalmDetector.hpp"

#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "Support/TrackerFailure.hpp"

namespace theremin {

namespace {

// Output tensors of the converted model (see models/README.md): box and keypoint regressors, and score logits.
const std::vector<std::string> kOutputs = {"Identity", "Identity_1"};
constexpr float kSuppressionThreshold = 0.3f;  // palm_detection_cpu.pbtxt: min_suppression_threshold
constexpr int kMaxPalms = 4;

}  // namespace

PalmDetector::PalmDetector(const std::string &path) : model_(path, "palm detector model") {
    const th_anchor_options options = th_palm_anchor_options();
    anchors_.resize(static_cast<size_t>(th_generate_anchors(&options, nullptr, 0)));
    th_generate_anchors(&options, anchors_.data(), static_cast<int>(anchors_.size()));
    decoded_.resize(anchors_.size());
    try {
        runModel(cv::Mat::zeros(TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE, CV_8UC3));
    } catch (const cv::Exception &error) {
        model_.require(false, "a palm detector taking a 1x3x192x192 image and giving outputs Identity and "
                              "Identity_1 (" + error.err + ")");
    }
    model_.require(outputs_.size() == 2 && outputs_[0].total() == anchors_.size() * TH_PALM_COORDS &&
                       outputs_[1].total() == anchors_.size(),
                   "a palm detector with outputs of 2016x18 and 2016x1 values");
}

void PalmDetector::runModel(const cv::Mat &input) {
    cv::dnn::blobFromImage(input, blob_, 1.0 / 255.0, cv::Size(), cv::Scalar(), /*swapRB=*/true, /*crop=*/false,
                           CV_32F);
    model_.run(blob_, kOutputs, outputs_);
}

std::vector<th_detection> PalmDetector::detect(const cv::Mat &bgr, float minScore) {
    // Letterbox the whole frame into 192x192, keeping its aspect ratio, as ImageToTensorCalculator does.
    float padding[4];
    th_letterbox_padding(bgr.cols, bgr.rows, TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE, padding);
    const double scale = static_cast<double>(TH_PALM_INPUT_SIZE) / std::max(bgr.cols, bgr.rows);
    const cv::Matx23d toInput(scale, 0, padding[0] * TH_PALM_INPUT_SIZE, 0, scale, padding[1] * TH_PALM_INPUT_SIZE);
    cv::warpAffine(bgr, letterboxed_, toInput, cv::Size(TH_PALM_INPUT_SIZE, TH_PALM_INPUT_SIZE), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT, cv::Scalar());
    runModel(letterboxed_);

    th_decode_options options = th_palm_decode_options();
    options.min_score_thresh = minScore;
    const int count = th_decode_detections(outputs_[0].ptr<float>(), outputs_[1].ptr<float>(), anchors_.data(),
                                           static_cast<int>(anchors_.size()), &options, decoded_.data(),
                                           static_cast<int>(decoded_.size()));
    std::vector<th_detection> palms(kMaxPalms);
    palms.resize(static_cast<size_t>(
        th_weighted_nms(decoded_.data(), count, kSuppressionThreshold, palms.data(), kMaxPalms)));
    for (th_detection &palm : palms) {
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
    }
    return palms;
}

}  // namespace theremin
