// The models' input layout, NHWC float RGB in [0, 1], sampled straight from the camera's 8-bit BGR frame: one pass,
// no intermediate image and no allocation (OpenCV's warpAffine allocates tile buffers on every call).
#pragma once

#include <opencv2/core.hpp>

namespace theremin {

/// What a sample outside the frame reads.
enum class TensorBorder {
    /// The nearest edge pixel (MediaPipe's landmark crop: ImageToTensorCalculator's BORDER_REPLICATE).
    replicate,
    /// Black (the palm detector's letterbox: BORDER_ZERO).
    zero,
};

/// Fills a `width` x `height` x 3 tensor: output pixel (u, v) is `bgr` sampled bilinearly at
/// (m[0] u + m[1] v + m[2], m[3] u + m[4] v + m[5]), the same convention as cv::warpAffine with WARP_INVERSE_MAP.
/// `width` is at most 512 (the models take 192 and 224).
void warpToTensor(const cv::Mat &bgr, const double m[6], int width, int height, TensorBorder border, float *tensor);

}  // namespace theremin
