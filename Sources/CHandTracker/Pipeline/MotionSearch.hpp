// Where the picture around a followed hand went between two frames: what lets the tracker follow a hand that leapt
// out of its crop instead of losing it and running the palm detector.
#pragma once

#include "Models/FrameImage.hpp"

#include "CHandTrackerGeometry.h"

namespace theremin {

/// A small grey picture of the middle of a hand's region, remembered each frame, and found again in the next frame by
/// zero-mean normalized correlation on a coarse grid of cells (box means), refined between cells by a parabola.
///
/// A hand that leaps further than its crop between two frames is lost by the landmark model (or followed to a wrong
/// pose); finding it again with the palm detector and settling the crop cost 5-10 times a followed frame, heard as a
/// late landing. The picture's shift puts the old crop where the hand now is, in the same place on it as before, so
/// one look lands. Fixed buffers: a search allocates nothing (tracker-alloc-check). OpenCV's matchTemplate would do
/// the correlation but allocates its work buffers on every call.
class MotionSearch {
public:
    /// Remembers the middle of `region` (normalized, as the landmark model takes it) in this frame.
    void remember(const FrameImage &frame, const th_rect &region);
    /// Forgets the picture: the hand is gone.
    void forget() { remembered_ = false; }

    /// Whether the picture at the remembered place no longer matches it (a leap, or a hand that changed): one
    /// correlation, where a search makes thousands.
    bool changed(const FrameImage &frame);
    /// Where the remembered picture lies in `frame`, searched within `reach` (a fraction of the frame's larger side) of
    /// where it was: true, with the shift in pixels, when it matches clearly.
    bool find(const FrameImage &frame, float reach, float &dx, float &dy);

private:
    /// Cells across the remembered picture (a near hand's 160 px region gives 5 px cells).
    static constexpr int kCells = 16;
    /// Cells across the largest search window.
    static constexpr int kMaxGrid = 160;

    /// The mean of the grey values in the cell whose top-left pixel is (x, y), clipped to the frame; false when the
    /// cell lies wholly outside it.
    bool cellMean(const FrameImage &frame, int x, int y, float &mean) const;
    /// Correlation of the remembered picture with the grid's window at (ox, oy); -2 where the window leaves the frame.
    float correlation(int ox, int oy, int gridSide) const;

    bool remembered_ = false;
    /// The remembered picture, zero-mean, its norm, and where it was: top-left pixel and cell side.
    float picture_[kCells * kCells] = {};
    float pictureNorm_ = 0;
    int left_ = 0, top_ = 0, cell_ = 1;
    /// The search window's cells (NaN outside the frame).
    float grid_[kMaxGrid * kMaxGrid] = {};
    /// The correlation at each offset of the last search.
    float scores_[kMaxGrid * kMaxGrid] = {};
};

}  // namespace theremin
