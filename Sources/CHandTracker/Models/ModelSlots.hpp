// Finding a model's outputs by name once, at load time, so frames index them directly.
#pragma once

#include <string>

#include "Neural/NeuralModel.hpp"

namespace theremin {

/// The slot of output `name` holding `elements` floats; throws TrackerFailure (model invalid) if there is none.
inline size_t requireSlot(const NeuralModel &model, const std::string &name, size_t elements) {
    for (size_t slot = 0; slot < model.outputCount(); ++slot) {
        if (model.outputName(slot) == name && model.outputSize(slot) == elements) {
            return slot;
        }
    }
    model.require(false, "an output " + name + " of " + std::to_string(elements) + " values");
    return 0;
}

}  // namespace theremin
