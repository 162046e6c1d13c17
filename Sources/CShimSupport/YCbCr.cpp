// The YUYV conversion the shims share (YCbCr.hpp).
#include "YCbCr.hpp"

#include <algorithm>

namespace theremin::shim {

YCbCr YCbCr::make(bool bt709, bool fullRange) {
    // Luma weights of red and blue; limited range stretches 219 luma and 224 chroma steps to 255.
    const float kr = bt709 ? 0.2126f : 0.299f, kb = bt709 ? 0.0722f : 0.114f, kg = 1 - kr - kb;
    const float chroma = fullRange ? 1.0f : 255.0f / 224.0f;
    return YCbCr{fullRange ? 1.0f : 255.0f / 219.0f,
                 fullRange ? 0.0f : 16.0f,
                 2 * (1 - kr) * chroma,
                 -2 * kb * (1 - kb) / kg * chroma,
                 -2 * kr * (1 - kr) / kg * chroma,
                 2 * (1 - kb) * chroma};
}

namespace {

inline uint8_t byte(float value) {
    return static_cast<uint8_t>(std::clamp(value + 0.5f, 0.0f, 255.0f));
}

}  // namespace

void yuyvToBgr(const uint8_t *yuyv, int cols, int rows, size_t step, const YCbCr &ycbcr, cv::Mat &bgr) {
    bgr.create(rows, cols, CV_8UC3);
    for (int y = 0; y < rows; ++y) {
        const uint8_t *in = yuyv + step * static_cast<size_t>(y);
        uint8_t *out = bgr.ptr<uint8_t>(y);
        for (int pair = 0; pair + 1 < cols; pair += 2, in += 4, out += 6) {
            const float u = static_cast<float>(in[1]) - 128, v = static_cast<float>(in[3]) - 128;
            const float red = ycbcr.redFromV * v, green = ycbcr.greenFromU * u + ycbcr.greenFromV * v,
                        blue = ycbcr.blueFromU * u;
            for (int half = 0; half < 2; ++half) {
                const float luma = ycbcr.luma * (static_cast<float>(in[2 * half]) - ycbcr.black);
                out[3 * half] = byte(luma + blue);
                out[3 * half + 1] = byte(luma + green);
                out[3 * half + 2] = byte(luma + red);
            }
        }
    }
}

}  // namespace theremin::shim
