// YUYV pictures as the camera sends them, read by the tracker and the preview without libv4l2: webcams send YUYV in
// limited range (Y 16-235), which libv4l2 would read as full range, losing a seventh of the contrast.
#pragma once

#include <cstddef>
#include <cstdint>

#include <opencv2/core.hpp>

namespace theremin::shim {

/// Y'CbCr code values to RGB for one matrix (BT.601 or BT.709) and range:
/// r = luma (y - black) + redFromV (v - 128), g = luma (y - black) + greenFromU (u - 128) + greenFromV (v - 128),
/// b = luma (y - black) + blueFromU (u - 128), each clamped to 0-255.
struct YCbCr {
    float luma, black, redFromV, greenFromU, greenFromV, blueFromU;

    static YCbCr make(bool bt709, bool fullRange);
};

/// Converts a `cols` x `rows` YUYV picture (`step` bytes a row, `cols` even) into packed BGR24 in `bgr`, which is
/// reallocated only when its size changes.
void yuyvToBgr(const uint8_t *yuyv, int cols, int rows, size_t step, const YCbCr &ycbcr, cv::Mat &bgr);

}  // namespace theremin::shim
