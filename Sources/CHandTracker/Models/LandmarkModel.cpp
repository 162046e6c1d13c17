#include "Models/LandmarkModel.hpp"

#include "Models/ImageTensor.hpp"
#include "Models/ModelSlots.hpp"

namespace theremin {

LandmarkModel::LandmarkModel(const std::string &path, int threads) : model_(path, "hand landmark model", threads) {
    const std::vector<size_t> input = {1, TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE, 3};
    model_.require(model_.inputCount() == 1 && model_.inputDims(0) == input,
                   "a hand landmark model taking one 1x224x224x3 image");
    // Outputs (models/README.md): 21 x (x, y, z) in crop pixels, hand presence, handedness; world landmarks unused.
    landmarksSlot_ = requireSlot(model_, "Identity", 3 * TH_LANDMARK_COUNT);
    presenceSlot_ = requireSlot(model_, "Identity_1", 1);
    handednessSlot_ = requireSlot(model_, "Identity_2", 1);
    model_.run();
}

LandmarkResult LandmarkModel::run(const FrameImage &frame, const th_rect &region) {
    double cropToImage[6];
    th_crop_to_image_affine(region, frame.cols, frame.rows, TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE, cropToImage);
    warpToTensor(frame, cropToImage, TH_LANDMARK_INPUT_SIZE, TH_LANDMARK_INPUT_SIZE, TensorBorder::replicate,
                 model_.input(0));
    model_.run();

    LandmarkResult result;
    result.presence = model_.output(presenceSlot_)[0];
    result.handedness = model_.output(handednessSlot_)[0];
    const float *raw = model_.output(landmarksSlot_);
    for (int i = 0; i < TH_LANDMARK_COUNT; ++i) {
        const th_point inCrop{raw[3 * i] / TH_LANDMARK_INPUT_SIZE, raw[3 * i + 1] / TH_LANDMARK_INPUT_SIZE};
        result.landmarks[i] = th_project_from_roi(inCrop, region, frame.cols, frame.rows);
        const float depthInCrop = raw[3 * i + 2] / TH_LANDMARK_INPUT_SIZE / TH_LANDMARK_NORMALIZE_Z;
        result.depths[i] = th_project_depth_from_roi(depthInCrop, region);
    }
    return result;
}

}  // namespace theremin
