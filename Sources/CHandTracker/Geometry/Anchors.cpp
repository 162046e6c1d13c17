// SSD anchor generation, as MediaPipe's SsdAnchorsCalculator does it for the palm detector.
#include "CHandTrackerGeometry.h"

#include <cmath>
#include <vector>

namespace {

float layerScale(float minScale, float maxScale, int layer, int layerCount) {
    if (layerCount == 1) {
        return (minScale + maxScale) * 0.5f;
    }
    return minScale + (maxScale - minScale) * static_cast<float>(layer) / (static_cast<float>(layerCount) - 1.0f);
}

}  // namespace

extern "C" th_anchor_options th_palm_anchor_options(void) {
    th_anchor_options options{};
    options.input_width = TH_PALM_INPUT_SIZE;
    options.input_height = TH_PALM_INPUT_SIZE;
    options.min_scale = 0.1484375f;
    options.max_scale = 0.75f;
    options.anchor_offset_x = 0.5f;
    options.anchor_offset_y = 0.5f;
    options.num_layers = 4;
    options.strides[0] = 8;
    options.strides[1] = 16;
    options.strides[2] = 16;
    options.strides[3] = 16;
    options.fixed_anchor_size = 1;
    options.interpolated_scale_aspect_ratio = 1.0f;
    return options;
}

extern "C" int th_generate_anchors(const th_anchor_options *options, th_anchor *anchors, int capacity) {
    if (options == nullptr || options->num_layers < 1 || options->num_layers > 8 || options->input_width < 1 ||
        options->input_height < 1 || (capacity > 0 && anchors == nullptr)) {
        return -1;
    }
    for (int layer = 0; layer < options->num_layers; ++layer) {
        if (options->strides[layer] < 1) {
            return -1;
        }
    }
    int written = 0;
    int layer = 0;
    while (layer < options->num_layers) {
        // Consecutive layers with the same stride share one grid; each contributes its anchors per cell.
        std::vector<float> widths;
        std::vector<float> heights;
        int last = layer;
        while (last < options->num_layers && options->strides[last] == options->strides[layer]) {
            const float scale = layerScale(options->min_scale, options->max_scale, last, options->num_layers);
            widths.push_back(scale);  // aspect ratio 1
            heights.push_back(scale);
            if (options->interpolated_scale_aspect_ratio > 0.0f) {
                const float next = last == options->num_layers - 1
                                       ? 1.0f
                                       : layerScale(options->min_scale, options->max_scale, last + 1,
                                                    options->num_layers);
                const float interpolated = std::sqrt(scale * next);
                const float ratio = std::sqrt(options->interpolated_scale_aspect_ratio);
                widths.push_back(interpolated * ratio);
                heights.push_back(interpolated / ratio);
            }
            ++last;
        }
        const int stride = options->strides[layer];
        const int rows = static_cast<int>(std::ceil(static_cast<float>(options->input_height) / static_cast<float>(stride)));
        const int columns = static_cast<int>(std::ceil(static_cast<float>(options->input_width) / static_cast<float>(stride)));
        for (int y = 0; y < rows; ++y) {
            for (int x = 0; x < columns; ++x) {
                for (size_t k = 0; k < widths.size(); ++k) {
                    if (written < capacity) {
                        th_anchor &anchor = anchors[written];
                        anchor.x_center = (static_cast<float>(x) + options->anchor_offset_x) / static_cast<float>(columns);
                        anchor.y_center = (static_cast<float>(y) + options->anchor_offset_y) / static_cast<float>(rows);
                        anchor.width = options->fixed_anchor_size ? 1.0f : widths[k];
                        anchor.height = options->fixed_anchor_size ? 1.0f : heights[k];
                    }
                    ++written;
                }
            }
        }
        layer = last;
    }
    return written;
}
