// The far-player search's windows (CHandTrackerGeometry.h): tiles covering the frame, a tile around a point, and
// detections mapped from a tile back to the frame.
#include "CHandTrackerGeometry.h"

#include <algorithm>
#include <cmath>

namespace {

/// Positions of `count` windows of `size` along `length`, evenly spaced, the first at 0 and the last flush with the
/// end.
int position(int index, int count, int length, int size) {
    if (count <= 1) {
        return 0;
    }
    return static_cast<int>(std::lround(static_cast<double>(index) * (length - size) / (count - 1)));
}

/// How many windows of `size`, at most half a window apart, cover `length`.
int windowsAlong(int length, int size) {
    const int half = std::max(size / 2, 1);
    return 1 + (length - size + half - 1) / half;
}

}  // namespace

extern "C" int th_search_tiles(int image_width, int image_height, float fraction, th_tile *tiles, int capacity) {
    if (image_width <= 0 || image_height <= 0 || !(fraction > 0.0f && fraction <= 1.0f)) {
        return 0;
    }
    const int size = std::max(1, static_cast<int>(std::lround(fraction * std::min(image_width, image_height))));
    const int columns = windowsAlong(image_width, size);
    const int rows = windowsAlong(image_height, size);
    const int count = columns * rows;
    if (tiles != nullptr) {
        for (int i = 0; i < std::min(count, capacity); ++i) {
            const int row = i / columns, column = i % columns;
            tiles[i] = th_tile{position(column, columns, image_width, size), position(row, rows, image_height, size),
                               size};
        }
    }
    return count;
}

extern "C" th_tile th_tile_around(th_point center, int image_width, int image_height, int size) {
    size = std::clamp(size, 1, std::max(1, std::min(image_width, image_height)));
    const int x = static_cast<int>(std::lround(center.x * image_width - size / 2.0));
    const int y = static_cast<int>(std::lround(center.y * image_height - size / 2.0));
    return th_tile{std::clamp(x, 0, std::max(0, image_width - size)),
                   std::clamp(y, 0, std::max(0, image_height - size)), size};
}

extern "C" th_detection th_detection_to_frame(const th_detection *detection, th_tile tile, int image_width,
                                              int image_height) {
    th_detection out{};
    if (detection == nullptr || image_width <= 0 || image_height <= 0) {
        return out;
    }
    const float sx = static_cast<float>(tile.size) / image_width, sy = static_cast<float>(tile.size) / image_height;
    const float ox = static_cast<float>(tile.x) / image_width, oy = static_cast<float>(tile.y) / image_height;
    out = *detection;
    out.xmin = ox + detection->xmin * sx;
    out.ymin = oy + detection->ymin * sy;
    out.width = detection->width * sx;
    out.height = detection->height * sy;
    for (int k = 0; k < TH_PALM_KEYPOINTS; ++k) {
        out.keypoints[k] = th_point{ox + detection->keypoints[k].x * sx, oy + detection->keypoints[k].y * sy};
    }
    return out;
}
