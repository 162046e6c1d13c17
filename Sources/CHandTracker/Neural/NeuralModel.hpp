// One neural network ready to run: its graph file read and checked, built once as an XNNPACK runtime whose input and
// output buffers are bound once, so that a frame costs one xnn_invoke_runtime and no allocation.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <pthreadpool.h>
#include <xnnpack.h>

#include "Neural/GraphFile.hpp"

namespace theremin {

/// How often a network ran and the CPU its runs took on the calling thread (pool threads' work not included).
struct NetworkUse {
    long runs = 0;
    double cpuSeconds = 0;
};

/// A graph file run by XNNPACK. Not thread-safe: one frame at a time (the tracker handle serializes calls).
class NeuralModel {
public:
    /// Reads, checks and builds the graph at `path`; `role` names it in messages ("palm detector model"). With
    /// `threads` > 1 XNNPACK splits each node over that many threads of its own pool; 0 or 1 runs on the caller's
    /// thread. Throws TrackerFailure: missing or unreadable file, not a valid graph, or one XNNPACK refuses.
    NeuralModel(const std::string &path, const std::string &role, int threads);
    ~NeuralModel();
    NeuralModel(const NeuralModel &) = delete;
    NeuralModel &operator=(const NeuralModel &) = delete;

    /// The name the converter gave the graph, e.g. "palm_detection_lite".
    const std::string &graphName() const { return graph_.name; }
    size_t inputCount() const { return inputs_.size(); }
    /// Shape of input `index` (NHWC for images).
    const std::vector<size_t> &inputDims(size_t index) const;
    /// Where to write input `index` before run(); inputDims' product floats.
    float *input(size_t index) { return inputs_[index].data(); }
    size_t outputCount() const { return outputs_.size(); }
    const std::string &outputName(size_t slot) const { return graph_.slots[slot].name; }
    size_t outputSize(size_t slot) const { return graph_.slots[slot].elements; }
    /// Output `slot` after run(); valid until the next run().
    const float *output(size_t slot) const { return outputs_[slot].data(); }

    /// Runs the network on the current inputs; throws TrackerFailure(TH_ERROR_PROCESSING) if XNNPACK fails.
    void run();
    /// Every run() so far: the tracker's share of the process's CPU is judged against it (`--stats`).
    const NetworkUse &use() const { return use_; }

    /// Throws TrackerFailure(model invalid) with `expectation` unless `condition` holds; for shape checks.
    void require(bool condition, const std::string &expectation) const;

    const std::string &path() const { return path_; }

private:
    void bind();

    std::string path_;
    std::string role_;
    neural::GraphFile graph_;
    std::vector<std::vector<float>> inputs_;
    std::vector<std::vector<float>> outputs_;
    pthreadpool_t pool_ = nullptr;
    xnn_runtime_t runtime_ = nullptr;
    NetworkUse use_;
};

}  // namespace theremin
