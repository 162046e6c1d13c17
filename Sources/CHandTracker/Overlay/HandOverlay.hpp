// Drawing a tracked hand on a frame, for the live preview.
#pragma once

#include <opencv2/core.hpp>

#include "CHandTracker.h"

namespace theremin {

/// Draws the skeleton, the region and the fingertip of `hand` on a BGR frame shown mirrored or not.
void drawHand(cv::Mat &frame, const th_hand &hand, bool frameMirrored);

}  // namespace theremin
