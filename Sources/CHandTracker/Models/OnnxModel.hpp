// Loading an ONNX model into OpenCV's DNN module with errors a user can act on.
#pragma once

#include <string>
#include <vector>

#include <opencv2/dnn.hpp>

namespace theremin {

/// An OpenCV network read from an ONNX file, set to OpenCV's own CPU backend.
///
/// Construction throws TrackerFailure: file missing or unreadable, or not a model OpenCV can read.
class OnnxModel {
public:
    OnnxModel(const std::string &path, const std::string &role);

    /// Runs the network on an NCHW float blob and fills `outputs` in the order of `outputNames`.
    void run(const cv::Mat &blob, const std::vector<std::string> &outputNames, std::vector<cv::Mat> &outputs);

    /// Throws TrackerFailure(model invalid) with `expectation` unless `condition` holds; for shape checks.
    void require(bool condition, const std::string &expectation) const;

    const std::string &path() const { return path_; }
    const std::string &role() const { return role_; }

private:
    std::string path_;
    std::string role_;
    cv::dnn::Net net_;
    std::vector<cv::String> names_;
};

}  // namespace theremin
