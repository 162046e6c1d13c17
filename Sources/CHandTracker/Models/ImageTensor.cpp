#include "Models/ImageTensor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace theremin {

namespace {

/// Sample positions in fixed point: 1/2048 of a pixel (OpenCV's own bilinear warp uses 1/32).
constexpr int kFractionBits = 11;
constexpr int32_t kOne = 1 << kFractionBits;
/// Four weights multiply to at most 2^22; times 255 that still fits an int32. One float scale turns the sum into
/// [0, 1].
constexpr float kScale = 1.0f / (255.0f * static_cast<float>(kOne) * static_cast<float>(kOne));
const uint8_t kBlack[3] = {0, 0, 0};

/// The pixel at (x, y), or the border's answer outside the frame.
inline const uint8_t *pixelAt(const cv::Mat &bgr, int x, int y, TensorBorder border) {
    if (x < 0 || y < 0 || x >= bgr.cols || y >= bgr.rows) {
        if (border == TensorBorder::zero) {
            return kBlack;
        }
        x = std::clamp(x, 0, bgr.cols - 1);
        y = std::clamp(y, 0, bgr.rows - 1);
    }
    return bgr.ptr<uint8_t>(y) + 3 * x;
}

/// The widest tensor sampled (the models take 192 and 224); the per-column offsets live on the stack.
constexpr int kMaxWidth = 512;

/// A position in fixed point, clamped to just outside the frame so that far-off samples (a region partly outside)
/// read the border without overflowing.
inline int32_t clampedFixed(int64_t value, int limit) {
    return static_cast<int32_t>(std::clamp<int64_t>(value, -2 * kOne, static_cast<int64_t>(limit + 2) * kOne));
}

}  // namespace

void warpToTensor(const cv::Mat &bgr, const double m[6], int width, int height, TensorBorder border, float *tensor) {
    const size_t step = bgr.step[0];
    // As OpenCV's warpAffine does: exact per-column offsets once, then one addition per sample.
    int64_t columnX[kMaxWidth], columnY[kMaxWidth];
    width = std::min(width, kMaxWidth);
    for (int u = 0; u < width; ++u) {
        columnX[u] = std::llrint(m[0] * u * kOne);
        columnY[u] = std::llrint(m[3] * u * kOne);
    }
    for (int v = 0; v < height; ++v) {
        const int64_t rowX = std::llrint((m[1] * v + m[2]) * kOne), rowY = std::llrint((m[4] * v + m[5]) * kOne);
        for (int u = 0; u < width; ++u, tensor += 3) {
            const int32_t xi = clampedFixed(rowX + columnX[u], bgr.cols);
            const int32_t yi = clampedFixed(rowY + columnY[u], bgr.rows);
            const int x0 = xi >> kFractionBits, y0 = yi >> kFractionBits;  // arithmetic shift: floor
            const int32_t ax = xi & (kOne - 1), ay = yi & (kOne - 1);
            const uint8_t *p00, *p01, *p10, *p11;
            if (x0 >= 0 && y0 >= 0 && x0 < bgr.cols - 1 && y0 < bgr.rows - 1) {
                // Inside the frame (almost every sample): the four neighbours directly.
                p00 = bgr.ptr<uint8_t>(y0) + 3 * x0;
                p01 = p00 + 3;
                p10 = p00 + step;
                p11 = p10 + 3;
            } else {
                p00 = pixelAt(bgr, x0, y0, border);
                p01 = pixelAt(bgr, x0 + 1, y0, border);
                p10 = pixelAt(bgr, x0, y0 + 1, border);
                p11 = pixelAt(bgr, x0 + 1, y0 + 1, border);
            }
            const int32_t w00 = (kOne - ax) * (kOne - ay), w01 = ax * (kOne - ay);
            const int32_t w10 = (kOne - ax) * ay, w11 = ax * ay;
            // BGR in, RGB out.
            tensor[0] = kScale * static_cast<float>(w00 * p00[2] + w01 * p01[2] + w10 * p10[2] + w11 * p11[2]);
            tensor[1] = kScale * static_cast<float>(w00 * p00[1] + w01 * p01[1] + w10 * p10[1] + w11 * p11[1]);
            tensor[2] = kScale * static_cast<float>(w00 * p00[0] + w01 * p01[0] + w10 * p10[0] + w11 * p11[0]);
        }
    }
}

}  // namespace theremin
