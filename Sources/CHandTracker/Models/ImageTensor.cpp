#include "Models/ImageTensor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace theremin {

namespace {

/// Sample positions in fixed point: 1/2048 of a pixel (OpenCV's own bilinear warp uses 1/32).
constexpr int kFractionBits = 11;
constexpr int32_t kOne = 1 << kFractionBits;
/// Four weights sum to 2^22; times 255 that still fits an int32. One float scale turns the sum into [0, 1].
constexpr float kScale = 1.0f / (255.0f * static_cast<float>(kOne) * static_cast<float>(kOne));
constexpr float kWeightSum = static_cast<float>(kOne) * static_cast<float>(kOne);
const uint8_t kBlack[3] = {0, 0, 0};

/// The widest tensor sampled (the models take 192 and 224); the per-column offsets live on the stack.
constexpr int kMaxWidth = 512;

/// A position in fixed point, clamped to just outside the frame so that far-off samples (a region partly outside)
/// read the border without overflowing.
inline int32_t clampedFixed(int64_t value, int limit) {
    return static_cast<int32_t>(std::clamp<int64_t>(value, -2 * kOne, static_cast<int64_t>(limit + 2) * kOne));
}

/// One output pixel's four neighbours and their bilinear weights.
struct Neighbours {
    int x0, y0;
    int32_t w00, w01, w10, w11;
    /// All four inside the frame (almost every sample).
    bool inside;
};

/// Walks the output pixels row by row, as OpenCV's warpAffine does: exact per-column offsets once, then one
/// addition per sample; `body(neighbours, tensor)` fills each pixel's three floats.
template <typename Body>
void forEachSample(const FrameImage &frame, const double m[6], int width, int height, float *tensor, Body &&body) {
    int64_t columnX[kMaxWidth], columnY[kMaxWidth];
    width = std::min(width, kMaxWidth);
    for (int u = 0; u < width; ++u) {
        columnX[u] = std::llrint(m[0] * u * kOne);
        columnY[u] = std::llrint(m[3] * u * kOne);
    }
    for (int v = 0; v < height; ++v) {
        const int64_t rowX = std::llrint((m[1] * v + m[2]) * kOne), rowY = std::llrint((m[4] * v + m[5]) * kOne);
        for (int u = 0; u < width; ++u, tensor += 3) {
            const int32_t xi = clampedFixed(rowX + columnX[u], frame.cols);
            const int32_t yi = clampedFixed(rowY + columnY[u], frame.rows);
            Neighbours n;
            n.x0 = xi >> kFractionBits;  // arithmetic shift: floor
            n.y0 = yi >> kFractionBits;
            const int32_t ax = xi & (kOne - 1), ay = yi & (kOne - 1);
            n.w00 = (kOne - ax) * (kOne - ay);
            n.w01 = ax * (kOne - ay);
            n.w10 = (kOne - ax) * ay;
            n.w11 = ax * ay;
            n.inside = n.x0 >= 0 && n.y0 >= 0 && n.x0 < frame.cols - 1 && n.y0 < frame.rows - 1;
            body(n, tensor);
        }
    }
}

/// Where (x, y) reads from: itself inside the frame, the nearest edge pixel for `replicate`, nothing for `zero`.
inline bool borderPosition(const FrameImage &frame, int &x, int &y, TensorBorder border) {
    if (x >= 0 && y >= 0 && x < frame.cols && y < frame.rows) {
        return true;
    }
    if (border == TensorBorder::zero) {
        return false;
    }
    x = std::clamp(x, 0, frame.cols - 1);
    y = std::clamp(y, 0, frame.rows - 1);
    return true;
}

/// The BGR pixel at (x, y), or the border's answer outside the frame.
inline const uint8_t *bgrAt(const FrameImage &frame, int x, int y, TensorBorder border) {
    return borderPosition(frame, x, y, border) ? frame.row(y) + 3 * x : kBlack;
}

void warpBgr(const FrameImage &frame, const double m[6], int width, int height, TensorBorder border, float *tensor) {
    forEachSample(frame, m, width, height, tensor, [&](const Neighbours &n, float *out) {
        const uint8_t *p00, *p01, *p10, *p11;
        if (n.inside) {
            p00 = frame.row(n.y0) + 3 * n.x0;
            p01 = p00 + 3;
            p10 = p00 + frame.step;
            p11 = p10 + 3;
        } else {
            p00 = bgrAt(frame, n.x0, n.y0, border);
            p01 = bgrAt(frame, n.x0 + 1, n.y0, border);
            p10 = bgrAt(frame, n.x0, n.y0 + 1, border);
            p11 = bgrAt(frame, n.x0 + 1, n.y0 + 1, border);
        }
        // BGR in, RGB out.
        for (int channel = 0; channel < 3; ++channel) {
            const int c = 2 - channel;
            out[channel] = kScale * static_cast<float>(n.w00 * p00[c] + n.w01 * p01[c] + n.w10 * p10[c] +
                                                        n.w11 * p11[c]);
        }
    });
}

/// One YUYV pixel's code values: its own Y, and the Cb and Cr its pair shares.
struct Yuv {
    int32_t y, u, v;
};

inline Yuv yuvAt(const FrameImage &frame, int x, int y) {
    const uint8_t *pair = frame.row(y) + 4 * (x >> 1);
    return Yuv{pair[2 * (x & 1)], pair[1], pair[3]};
}

/// The YUYV pixel at (x, y), or the border's answer outside the frame (black: the range's black, no chroma).
inline Yuv yuvAt(const FrameImage &frame, int x, int y, TensorBorder border) {
    if (borderPosition(frame, x, y, border)) {
        return yuvAt(frame, x, y);
    }
    return Yuv{static_cast<int32_t>(frame.ycbcr.black), 128, 128};
}

void warpYuyv(const FrameImage &frame, const double m[6], int width, int height, TensorBorder border, float *tensor) {
    const shim::YCbCr &c = frame.ycbcr;
    // The conversion scaled to [0, 1] and applied to weighted sums (which carry the weights' 2^22).
    const float luma = c.luma * kScale, black = c.black * kWeightSum, centre = 128 * kWeightSum;
    const float redFromV = c.redFromV * kScale, greenFromU = c.greenFromU * kScale;
    const float greenFromV = c.greenFromV * kScale, blueFromU = c.blueFromU * kScale;
    forEachSample(frame, m, width, height, tensor, [&](const Neighbours &n, float *out) {
        Yuv p00, p01, p10, p11;
        if (n.inside) {
            p00 = yuvAt(frame, n.x0, n.y0);
            p01 = yuvAt(frame, n.x0 + 1, n.y0);
            p10 = yuvAt(frame, n.x0, n.y0 + 1);
            p11 = yuvAt(frame, n.x0 + 1, n.y0 + 1);
        } else {
            p00 = yuvAt(frame, n.x0, n.y0, border);
            p01 = yuvAt(frame, n.x0 + 1, n.y0, border);
            p10 = yuvAt(frame, n.x0, n.y0 + 1, border);
            p11 = yuvAt(frame, n.x0 + 1, n.y0 + 1, border);
        }
        const float y = luma * (static_cast<float>(n.w00 * p00.y + n.w01 * p01.y + n.w10 * p10.y + n.w11 * p11.y) -
                                black);
        const float u = static_cast<float>(n.w00 * p00.u + n.w01 * p01.u + n.w10 * p10.u + n.w11 * p11.u) - centre;
        const float v = static_cast<float>(n.w00 * p00.v + n.w01 * p01.v + n.w10 * p10.v + n.w11 * p11.v) - centre;
        out[0] = std::clamp(y + redFromV * v, 0.0f, 1.0f);
        out[1] = std::clamp(y + greenFromU * u + greenFromV * v, 0.0f, 1.0f);
        out[2] = std::clamp(y + blueFromU * u, 0.0f, 1.0f);
    });
}

}  // namespace

void warpToTensor(const FrameImage &frame, const double m[6], int width, int height, TensorBorder border,
                  float *tensor) {
    if (frame.layout == FrameImage::Layout::yuyv) {
        warpYuyv(frame, m, width, height, border, tensor);
    } else {
        warpBgr(frame, m, width, height, border, tensor);
    }
}

}  // namespace theremin
