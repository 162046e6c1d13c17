// Mapping between the image and the model inputs: the letterbox of the palm detector, the rotated crop of the
// landmark model and the projection of its landmarks back to the image, and the selfie-view mirror.
#include "CHandTrackerGeometry.h"

#include <cmath>

extern "C" void th_letterbox_padding(int image_width, int image_height, int tensor_width, int tensor_height,
                                     float padding[4]) {
    if (padding == nullptr) {
        return;
    }
    padding[0] = padding[1] = padding[2] = padding[3] = 0.0f;
    if (image_width <= 0 || image_height <= 0 || tensor_width <= 0 || tensor_height <= 0) {
        return;
    }
    const float tensorAspect = static_cast<float>(tensor_height) / static_cast<float>(tensor_width);
    const float imageAspect = static_cast<float>(image_height) / static_cast<float>(image_width);
    if (tensorAspect > imageAspect) {
        const float vertical = (1.0f - imageAspect / tensorAspect) / 2.0f;
        padding[1] = padding[3] = vertical;
    } else {
        const float horizontal = (1.0f - tensorAspect / imageAspect) / 2.0f;
        padding[0] = padding[2] = horizontal;
    }
}

extern "C" th_point th_remove_letterbox(th_point point, const float padding[4]) {
    if (padding == nullptr) {
        return point;
    }
    const float width = 1.0f - padding[0] - padding[2];
    const float height = 1.0f - padding[1] - padding[3];
    return th_point{(point.x - padding[0]) / width, (point.y - padding[1]) / height};
}

extern "C" void th_crop_to_image_affine(th_rect roi, int image_width, int image_height, int crop_width,
                                        int crop_height, double matrix[6]) {
    if (matrix == nullptr) {
        return;
    }
    const double roiWidth = static_cast<double>(roi.width) * image_width;    // pixels
    const double roiHeight = static_cast<double>(roi.height) * image_height;  // pixels
    const double cx = static_cast<double>(roi.x_center) * image_width;
    const double cy = static_cast<double>(roi.y_center) * image_height;
    const double c = std::cos(static_cast<double>(roi.rotation));
    const double s = std::sin(static_cast<double>(roi.rotation));
    const double sx = crop_width > 0 ? roiWidth / crop_width : 0.0;
    const double sy = crop_height > 0 ? roiHeight / crop_height : 0.0;
    // image = center + R(rotation) * ((u / crop_width - 1/2) * roiWidth, (v / crop_height - 1/2) * roiHeight)
    matrix[0] = c * sx;
    matrix[1] = -s * sy;
    matrix[2] = cx - c * roiWidth / 2.0 + s * roiHeight / 2.0;
    matrix[3] = s * sx;
    matrix[4] = c * sy;
    matrix[5] = cy - s * roiWidth / 2.0 - c * roiHeight / 2.0;
}

extern "C" th_point th_project_from_roi(th_point crop_point, th_rect roi, int image_width, int image_height) {
    if (image_width <= 0 || image_height <= 0) {
        return th_point{0.0f, 0.0f};
    }
    const float w = static_cast<float>(image_width);
    const float h = static_cast<float>(image_height);
    const float x = (crop_point.x - 0.5f) * roi.width * w;
    const float y = (crop_point.y - 0.5f) * roi.height * h;
    const float c = std::cos(roi.rotation);
    const float s = std::sin(roi.rotation);
    return th_point{(c * x - s * y) / w + roi.x_center, (s * x + c * y) / h + roi.y_center};
}

extern "C" float th_project_depth_from_roi(float crop_z, th_rect roi) {
    return crop_z * roi.width;
}

extern "C" th_point th_mirror_point(th_point point) {
    return th_point{1.0f - point.x, point.y};
}

extern "C" th_rect th_mirror_rect(th_rect rect) {
    rect.x_center = 1.0f - rect.x_center;
    rect.rotation = th_normalize_radians(-rect.rotation);
    return rect;
}
