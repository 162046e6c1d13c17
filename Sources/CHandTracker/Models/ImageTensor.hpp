// The models' input layout, NHWC float RGB in [0, 1], sampled straight from the camera's 8-bit frame (BGR24 or
// YUYV): one pass, no intermediate image and no allocation (OpenCV's warpAffine allocates tile buffers on every call).
#pragma once

#include "Models/FrameImage.hpp"

namespace theremin {

/// What a sample outside the frame reads.
enum class TensorBorder {
    /// The nearest edge pixel (MediaPipe's landmark crop: ImageToTensorCalculator's BORDER_REPLICATE).
    replicate,
    /// Black (the palm detector's letterbox: BORDER_ZERO).
    zero,
};

/// Fills a `width` x `height` x 3 tensor: output pixel (u, v) is `frame` sampled bilinearly at
/// (m[0] u + m[1] v + m[2], m[3] u + m[4] v + m[5]), the same convention as cv::warpAffine with WARP_INVERSE_MAP.
/// A YUYV frame's Y, Cb and Cr are interpolated and then converted (the conversion is linear, so this is the
/// converted frame sampled, but for clamping). `width` is at most 512 (the models take 192 and 224).
void warpToTensor(const FrameImage &frame, const double m[6], int width, int height, TensorBorder border,
                  float *tensor);

}  // namespace theremin
