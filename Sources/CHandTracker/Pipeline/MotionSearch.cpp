#include "Pipeline/MotionSearch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace theremin {

namespace {

// The remembered picture is the middle half of the region's side: mostly hand, little background, which stays put
// while the hand moves.
constexpr float kPictureFraction = 0.5f;
// A clear match: the hand's picture under sensor noise matches itself at 0.9 and more; a background that happens to
// look alike stays far below.
constexpr float kMinMatch = 0.7f;
constexpr float kNotCompared = -2.0f;
// A hand followed from frame to frame still matches its last picture in place at 0.8 and more (a 6 Hz vibrato of
// ±10 px at 60 fps moves it about a cell); a leap leaves background there.
constexpr float kStillMatch = 0.6f;

}  // namespace

bool MotionSearch::cellMean(const FrameImage &frame, int x, int y, float &mean) const {
    const int x0 = std::max(x, 0), x1 = std::min(x + cell_, frame.cols);
    const int y0 = std::max(y, 0), y1 = std::min(y + cell_, frame.rows);
    if (x1 <= x0 || y1 <= y0) {
        return false;
    }
    const float pixels = static_cast<float>((x1 - x0) * (y1 - y0));
    if (frame.layout == FrameImage::Layout::yuyv) {
        // The mean of B + G + R is the conversion of the mean Y, Cb and Cr (it is linear, but for clamping).
        unsigned luma = 0, blue = 0, red = 0;
        for (int row = y0; row < y1; ++row) {
            const uint8_t *pixel = frame.row(row);
            for (int column = x0; column < x1; ++column) {
                const uint8_t *pair = pixel + 4 * (column >> 1);
                luma += pair[2 * (column & 1)];
                blue += pair[1];
                red += pair[3];
            }
        }
        const shim::YCbCr &c = frame.ycbcr;
        const float u = static_cast<float>(blue) / pixels - 128, v = static_cast<float>(red) / pixels - 128;
        mean = c.luma * (static_cast<float>(luma) / pixels - c.black) +
               ((c.greenFromU + c.blueFromU) * u + (c.redFromV + c.greenFromV) * v) / 3;
        return true;
    }
    unsigned sum = 0;
    for (int row = y0; row < y1; ++row) {
        const unsigned char *pixel = frame.row(row) + 3 * x0;
        for (int column = x0; column < x1; ++column, pixel += 3) {
            sum += pixel[0] + pixel[1] + pixel[2];
        }
    }
    mean = static_cast<float>(sum) / (3 * pixels);
    return true;
}

void MotionSearch::remember(const FrameImage &frame, const th_rect &region) {
    const float side = std::min(region.width * static_cast<float>(frame.cols), region.height * static_cast<float>(frame.rows));
    cell_ = std::max(1, static_cast<int>(std::lround(side * kPictureFraction / kCells)));
    const int extent = cell_ * kCells;
    left_ = static_cast<int>(std::lround(region.x_center * static_cast<float>(frame.cols))) - extent / 2;
    top_ = static_cast<int>(std::lround(region.y_center * static_cast<float>(frame.rows))) - extent / 2;
    float total = 0;
    for (int j = 0; j < kCells; ++j) {
        for (int i = 0; i < kCells; ++i) {
            float &value = picture_[j * kCells + i];
            if (!cellMean(frame, left_ + i * cell_, top_ + j * cell_, value)) {
                remembered_ = false;
                return;
            }
            total += value;
        }
    }
    const float mean = total / (kCells * kCells);
    float squares = 0;
    for (float &value : picture_) {
        value -= mean;
        squares += value * value;
    }
    pictureNorm_ = std::sqrt(squares);
    // A flat picture (a hand in the dark, a blank frame) matches anywhere.
    remembered_ = pictureNorm_ > 1.0f;
}

float MotionSearch::correlation(int ox, int oy, int gridSide) const {
    float sum = 0, squares = 0, product = 0;
    for (int j = 0; j < kCells; ++j) {
        const float *row = grid_ + (oy + j) * gridSide + ox;
        const float *picture = picture_ + j * kCells;
        for (int i = 0; i < kCells; ++i) {
            sum += row[i];
            squares += row[i] * row[i];
            product += row[i] * picture[i];
        }
    }
    if (std::isnan(sum)) {
        return kNotCompared;
    }
    const float variance = squares - sum * sum / (kCells * kCells);
    // The remembered picture is zero-mean, so the window's mean drops out of the product.
    return variance > 1.0f ? product / (std::sqrt(variance) * pictureNorm_) : 0.0f;
}

bool MotionSearch::changed(const FrameImage &frame) {
    if (!remembered_) {
        return false;
    }
    for (int j = 0; j < kCells; ++j) {
        for (int i = 0; i < kCells; ++i) {
            float &value = grid_[j * kCells + i];
            if (!cellMean(frame, left_ + i * cell_, top_ + j * cell_, value)) {
                return false;
            }
        }
    }
    return correlation(0, 0, kCells) < kStillMatch;
}

bool MotionSearch::find(const FrameImage &frame, float reach, float &dx, float &dy) {
    if (!remembered_) {
        return false;
    }
    const float radius = reach * static_cast<float>(std::max(frame.cols, frame.rows));
    const int cellsOut = std::min(static_cast<int>(std::ceil(radius / cell_)), (kMaxGrid - kCells) / 2);
    const int side = kCells + 2 * cellsOut;
    const int gridLeft = left_ - cellsOut * cell_, gridTop = top_ - cellsOut * cell_;
    for (int j = 0; j < side; ++j) {
        for (int i = 0; i < side; ++i) {
            float &value = grid_[j * side + i];
            if (!cellMean(frame, gridLeft + i * cell_, gridTop + j * cell_, value)) {
                value = std::numeric_limits<float>::quiet_NaN();
            }
        }
    }
    const int offsets = 2 * cellsOut + 1;
    int best = -1;
    for (int oy = 0; oy < offsets; ++oy) {
        for (int ox = 0; ox < offsets; ++ox) {
            const int index = oy * offsets + ox;
            scores_[index] = correlation(ox, oy, side);
            if (best < 0 || scores_[index] > scores_[best]) {
                best = index;
            }
        }
    }
    if (best < 0 || scores_[best] < kMinMatch) {
        return false;
    }
    const int bx = best % offsets, by = best / offsets;
    // Between cells: the vertex of the parabola through the peak and its neighbours, where both were compared.
    const auto vertex = [&](int before, int after) {
        const float a = scores_[before], b = scores_[best], c = scores_[after];
        const float curve = a - 2 * b + c;
        if (a == kNotCompared || c == kNotCompared || curve >= 0) {
            return 0.0f;
        }
        return std::clamp(0.5f * (a - c) / curve, -0.5f, 0.5f);
    };
    const float fx = bx > 0 && bx + 1 < offsets ? vertex(best - 1, best + 1) : 0.0f;
    const float fy = by > 0 && by + 1 < offsets ? vertex(best - offsets, best + offsets) : 0.0f;
    dx = (static_cast<float>(bx - cellsOut) + fx) * static_cast<float>(cell_);
    dy = (static_cast<float>(by - cellsOut) + fy) * static_cast<float>(cell_);
    return true;
}

}  // namespace theremin
