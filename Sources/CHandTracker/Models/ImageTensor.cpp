#include "Models/ImageTensor.hpp"

#include <algorithm>
#include <cmath>

namespace theremin {

namespace {

constexpr float kScale = 1.0f / 255.0f;
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

}  // namespace

void warpToTensor(const cv::Mat &bgr, const double m[6], int width, int height, TensorBorder border, float *tensor) {
    for (int v = 0; v < height; ++v) {
        double x = m[1] * v + m[2];
        double y = m[4] * v + m[5];
        for (int u = 0; u < width; ++u, x += m[0], y += m[3], tensor += 3) {
            const double fx = std::floor(x), fy = std::floor(y);
            const int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
            const float ax = static_cast<float>(x - fx), ay = static_cast<float>(y - fy);
            const uint8_t *p00 = pixelAt(bgr, x0, y0, border);
            const uint8_t *p01 = pixelAt(bgr, x0 + 1, y0, border);
            const uint8_t *p10 = pixelAt(bgr, x0, y0 + 1, border);
            const uint8_t *p11 = pixelAt(bgr, x0 + 1, y0 + 1, border);
            const float w00 = (1 - ax) * (1 - ay) * kScale, w01 = ax * (1 - ay) * kScale;
            const float w10 = (1 - ax) * ay * kScale, w11 = ax * ay * kScale;
            for (int c = 0; c < 3; ++c) {
                // BGR in, RGB out.
                tensor[2 - c] = w00 * p00[c] + w01 * p01[c] + w10 * p10[c] + w11 * p11[c];
            }
        }
    }
}

}  // namespace theremin
