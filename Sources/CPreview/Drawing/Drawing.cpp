// Drawing primitives for the preview on caller-owned BGR images, over OpenCV's imgproc.
#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "CPreview.h"
#include "Support/Guarded.hpp"
#include "YCbCr.hpp"

using theremin::preview::guarded;
using theremin::preview::wrap;
using theremin::preview::writeError;

namespace {

constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;
constexpr int kShift = 4;  // sub-pixel precision of circles (1/16 pixel)

cv::Scalar scalar(pv_color color) { return cv::Scalar(color.blue, color.green, color.red); }

/// Runs a drawing step on a valid image; every failure becomes a status (there is no message buffer to fill).
template <typename Body>
pv_status draw(const pv_image &image, Body &&body) noexcept {
    cv::Mat mat;
    if (!wrap(image, mat)) {
        return PV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(PV_ERROR_DRAWING, nullptr, 0, [&] {
        body(mat);
        return PV_OK;
    });
}

}  // namespace

namespace {

/// `input` scaled to `output`'s size and flipped left to right.
void mirrorScaled(const cv::Mat &input, cv::Mat &output) {
    if (input.size() == output.size()) {
        cv::flip(input, output, 1);
        return;
    }
    // Kept between calls: the preview scales every frame to the same size.
    thread_local cv::Mat scaled;
    const bool shrinking = output.cols < input.cols;
    cv::resize(input, scaled, output.size(), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
    cv::flip(scaled, output, 1);
}

/// Checks a frame and the picture it is drawn on, then draws it with `body(output)`.
template <typename Body>
pv_status drawFrame(const uint8_t *source, int width, int height, size_t stride, size_t bytesPerPixel,
                    pv_image destination, char *error, size_t error_size, Body &&body) {
    cv::Mat output;
    if (source == nullptr || width <= 0 || height <= 0 || stride < static_cast<size_t>(width) * bytesPerPixel ||
        !wrap(destination, output)) {
        writeError(error, error_size, "the frame or the picture is empty or smaller than its stride");
        return PV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(PV_ERROR_DRAWING, error, error_size, [&] {
        body(output);
        return PV_OK;
    });
}

}  // namespace

extern "C" pv_status pv_mirror_scaled(const uint8_t *source, int width, int height, size_t stride,
                                      pv_image destination, char *error, size_t error_size) {
    return drawFrame(source, width, height, stride, 3, destination, error, error_size, [&](cv::Mat &output) {
        mirrorScaled(cv::Mat(height, width, CV_8UC3, const_cast<uint8_t *>(source), stride), output);
    });
}

extern "C" pv_status pv_mirror_scaled_yuyv(const uint8_t *source, int width, int height, size_t stride, int bt709,
                                           int full_range, pv_image destination, char *error, size_t error_size) {
    return drawFrame(source, width & ~1, height, stride, 2, destination, error, error_size, [&](cv::Mat &output) {
        // Kept between calls, as the scaled picture is.
        thread_local cv::Mat converted;
        theremin::shim::yuyvToBgr(source, width & ~1, height, stride,
                                  theremin::shim::YCbCr::make(bt709 != 0, full_range != 0), converted);
        mirrorScaled(converted, output);
    });
}

extern "C" pv_status pv_fill(pv_image image, pv_color color) {
    return draw(image, [&](cv::Mat &mat) { mat.setTo(scalar(color)); });
}

extern "C" pv_status pv_draw_line(pv_image image, int x0, int y0, int x1, int y1, pv_color color, int thickness,
                                  int smooth) {
    return draw(image, [&](cv::Mat &mat) {
        cv::line(mat, cv::Point(x0, y0), cv::Point(x1, y1), scalar(color), std::max(1, thickness),
                 smooth != 0 ? cv::LINE_AA : cv::LINE_8);
    });
}

extern "C" pv_status pv_draw_rect(pv_image image, int x, int y, int width, int height, pv_color color,
                                  int thickness) {
    if (width <= 0 || height <= 0) {
        return PV_OK;
    }
    return draw(image, [&](cv::Mat &mat) {
        cv::rectangle(mat, cv::Rect(x, y, width, height), scalar(color), thickness < 0 ? cv::FILLED : thickness,
                      cv::LINE_8);
    });
}

extern "C" pv_status pv_draw_circle(pv_image image, int center_x, int center_y, int radius, pv_color color,
                                    int thickness) {
    if (radius <= 0) {
        return PV_OK;
    }
    return draw(image, [&](cv::Mat &mat) {
        cv::circle(mat, cv::Point(center_x << kShift, center_y << kShift), radius << kShift, scalar(color),
                   thickness < 0 ? cv::FILLED : thickness, cv::LINE_AA, kShift);
    });
}

extern "C" pv_status pv_blend_rect(pv_image image, int x, int y, int width, int height, pv_color color,
                                   double opacity) {
    return draw(image, [&](cv::Mat &mat) {
        const cv::Rect area = cv::Rect(x, y, std::max(0, width), std::max(0, height)) & cv::Rect(0, 0, mat.cols, mat.rows);
        if (area.empty()) {
            return;
        }
        const double alpha = std::clamp(opacity, 0.0, 1.0);
        cv::Mat region = mat(area);
        const cv::Mat paint(region.size(), region.type(), scalar(color));
        cv::addWeighted(paint, alpha, region, 1.0 - alpha, 0.0, region);
    });
}

extern "C" pv_status pv_draw_text(pv_image image, const char *text, int x, int baseline, double scale,
                                  pv_color color, int thickness) {
    if (text == nullptr || text[0] == '\0') {
        return PV_OK;
    }
    return draw(image, [&](cv::Mat &mat) {
        cv::putText(mat, text, cv::Point(x, baseline), kFont, scale, scalar(color), std::max(1, thickness),
                    cv::LINE_AA);
    });
}

extern "C" pv_text_size pv_measure_text(const char *text, double scale, int thickness) {
    pv_text_size size{0, 0, 0};
    if (text == nullptr || text[0] == '\0') {
        return size;
    }
    try {
        int baseline = 0;
        const cv::Size measured = cv::getTextSize(text, kFont, scale, std::max(1, thickness), &baseline);
        size.width = measured.width;
        size.height = measured.height;
        size.descent = baseline;
    } catch (...) {
        // An unmeasurable text measures as empty: layout then simply leaves no room for it.
    }
    return size;
}
