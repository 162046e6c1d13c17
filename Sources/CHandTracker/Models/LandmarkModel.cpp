#include "Models/LandmarkModel.hpp"

#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "Support/TrackerFailure.hpp"

namespace theremin {

namespace {

// Output tensors of the converted model (see models/README.md): 21 x (x, y, z) in crop pixels, hand presence,
// handedness. The fourth output (world landmarks in metres) is not needed.
const std::vector<std::string> kOutputs = {"Identity", "Identity_1", "Identity_2"};

}  // namespace

LandmarkModel::LandmarkModel(const std::string &path) : model_(path, "hand landmark model") {
    try {
        runModel(cv::Mat::zeros(TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE, CV_8UC3));
    } catch (const cv::Exception &error) {
        model_.require(false, "a hand landmark model taking a 1x3x224x224 image and giving outputs Identity, "
                              "Identity_1 and Identity_2 (" + error.err + ")");
    }
    model_.require(outputs_.size() == 3 && outputs_[0].total() == 3 * TH_LANDMARK_COUNT &&
                       outputs_[1].total() == 1 && outputs_[2].total() == 1,
                   "a hand landmark model with outputs of 63, 1 and 1 values");
}

void LandmarkModel::runModel(const cv::Mat &crop) {
    cv::dnn::blobFromImage(crop, blob_, 1.0 / 255.0, cv::Size(), cv::Scalar(), /*swapRB=*/true, /*crop=*/false,
                           CV_32F);
    model_.run(blob_, kOutputs, outputs_);
}

LandmarkResult LandmarkModel::run(const cv::Mat &bgr, const th_rect &region) {
    double matrix[6];
    th_crop_to_image_affine(region, bgr.cols, bgr.rows, TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE, matrix);
    const cv::Matx23d cropToImage(matrix);
    cv::warpAffine(bgr, crop_, cropToImage, cv::Size(TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE),
                   cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    runModel(crop_);

    LandmarkResult result;
    result.presence = outputs_[1].ptr<float>()[0];
    result.handedness = outputs_[2].ptr<float>()[0];
    const float *raw = outputs_[0].ptr<float>();
    for (int i = 0; i < TH_LANDMARK_COUNT; ++i) {
        const th_point inCrop{raw[3 * i] / TH_LANDMARK_INPUT_SIZE, raw[3 * i + 1] / TH_LANDMARK_INPUT_SIZE};
        result.landmarks[i] = th_project_from_roi(inCrop, region, bgr.cols, bgr.rows);
    }
    return result;
}

}  // namespace theremin
