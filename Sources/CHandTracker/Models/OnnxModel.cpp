#include "Models/OnnxModel.hpp"

#include "Support/FileChecks.hpp"
#include "Support/TrackerFailure.hpp"

namespace theremin {

namespace {

// OpenCV's exception text carries file, line and function; the user needs only the reason.
std::string openCVReason(const cv::Exception &error) {
    std::string reason = error.err.empty() ? std::string(error.what()) : error.err;
    const size_t newline = reason.find('\n');
    if (newline != std::string::npos) {
        reason.resize(newline);
    }
    return reason;
}

}  // namespace

OnnxModel::OnnxModel(const std::string &path, const std::string &role) : path_(path), role_(role) {
    requireReadableFile(path, role);
    try {
        net_ = cv::dnn::readNetFromONNX(path);
    } catch (const cv::Exception &error) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role + " " + path + " is not an ONNX model OpenCV " +
                                                         CV_VERSION + " can load (" + openCVReason(error) + ")");
    }
    if (net_.empty()) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role + " " + path + " holds no network");
    }
    net_.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net_.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
}

void OnnxModel::run(const cv::Mat &blob, const std::vector<std::string> &outputNames, std::vector<cv::Mat> &outputs) {
    if (names_.size() != outputNames.size()) {
        names_.assign(outputNames.begin(), outputNames.end());
    }
    net_.setInput(blob);
    net_.forward(outputs, names_);
}

void OnnxModel::require(bool condition, const std::string &expectation) const {
    if (!condition) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role_ + " " + path_ + " is not the expected model: " +
                                                         expectation);
    }
}

}  // namespace theremin
