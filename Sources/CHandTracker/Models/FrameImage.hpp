// A camera frame as the tracker reads it: packed BGR24, or YUYV 4:2:2 as the camera sent it. A YUYV frame is read
// only where it is sampled (a crop, the detector's letterbox, a motion cell), so a frame is never converted whole:
// the crops the networks take are a sixth of a 640x480 frame's pixels.
#pragma once

#include <cstddef>
#include <cstdint>

#include <opencv2/core.hpp>

#include "YCbCr.hpp"

namespace theremin {

struct FrameImage {
    enum class Layout { bgr24, yuyv };

    Layout layout = Layout::bgr24;
    const uint8_t *data = nullptr;
    int cols = 0, rows = 0;
    /// Bytes from one row to the next.
    size_t step = 0;
    /// How YUYV code values become RGB (unused for BGR24).
    shim::YCbCr ycbcr{};

    /// Borrows a BGR24 picture's pixels.
    static FrameImage bgr(const cv::Mat &mat) {
        return FrameImage{Layout::bgr24, mat.ptr<uint8_t>(0), mat.cols, mat.rows, mat.step[0], {}};
    }

    static FrameImage yuyv(const uint8_t *data, int cols, int rows, size_t step, const shim::YCbCr &ycbcr) {
        return FrameImage{Layout::yuyv, data, cols, rows, step, ycbcr};
    }

    const uint8_t *row(int y) const { return data + step * static_cast<size_t>(y); }

    /// The frame as a BGR24 Mat (the classical tracker's OpenCV work): borrowed as it is, or converted into
    /// `scratch`.
    cv::Mat asBgr(cv::Mat &scratch) const {
        if (layout == Layout::bgr24) {
            return cv::Mat(rows, cols, CV_8UC3, const_cast<uint8_t *>(data), step);
        }
        shim::yuyvToBgr(data, cols, rows, step, ycbcr, scratch);
        return scratch;
    }
};

}  // namespace theremin
