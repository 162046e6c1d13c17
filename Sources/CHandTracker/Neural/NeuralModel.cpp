#include "Neural/NeuralModel.hpp"

#include <ctime>
#include <fstream>
#include <vector>
#include <mutex>

#include "Neural/SubgraphBuilder.hpp"
#include "Support/FileChecks.hpp"
#include "Support/TrackerFailure.hpp"

namespace theremin {

namespace {

/// XNNPACK keeps process-wide kernel tables; initialize them once (it is safe to call from any thread).
void initializeXnnpack() {
    static std::once_flag once;
    static xnn_status status = xnn_status_uninitialized;
    std::call_once(once, [] { status = xnn_initialize(nullptr); });
    if (status != xnn_status_success) {
        throw TrackerFailure(TH_ERROR_PROCESSING, "XNNPACK cannot run on this processor (status " +
                                                      std::to_string(static_cast<int>(status)) +
                                                      "): it needs x86-64 with SSE2 or ARM64");
    }
}

std::vector<uint8_t> readWhole(const std::string &path, const std::string &role) {
    std::ifstream stream(path, std::ios::binary);
    // In blocks: an istreambuf_iterator reads a byte at a time, 23 ms of start-up for the two models.
    std::vector<uint8_t> bytes;
    std::vector<char> block(1 << 20);
    while (stream) {
        stream.read(block.data(), static_cast<std::streamsize>(block.size()));
        bytes.insert(bytes.end(), block.data(), block.data() + stream.gcount());
    }
    if (stream.bad()) {
        throw TrackerFailure(TH_ERROR_FILE_UNREADABLE, role + " " + path + " could not be read to the end");
    }
    return bytes;
}

/// Room for XNNPACK's vector loads past the last element.
constexpr size_t kSlack = (XNN_EXTRA_BYTES + sizeof(float) - 1) / sizeof(float);

}  // namespace

NeuralModel::NeuralModel(const std::string &path, const std::string &role, int threads) : path_(path), role_(role) {
    requireReadableFile(path, role);
    const std::vector<uint8_t> bytes = readWhole(path, role);
    neural::SubgraphPtr subgraph;
    try {
        graph_ = neural::parseGraphFile(bytes.data(), bytes.size());
        initializeXnnpack();
        subgraph = neural::SubgraphBuilder(graph_).build();
    } catch (const neural::GraphFormatError &error) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role + " " + path + " is not a valid model graph: " +
                                                         error.what());
    }
    if (threads > 1) {
        pool_ = pthreadpool_create(static_cast<size_t>(threads));
        if (pool_ == nullptr) {
            throw TrackerFailure(TH_ERROR_OUT_OF_MEMORY, "could not start " + std::to_string(threads) +
                                                             " tracker threads");
        }
    }
    const xnn_status status = xnn_create_runtime_v2(subgraph.get(), pool_, 0, &runtime_);
    if (status != xnn_status_success) {
        if (pool_ != nullptr) {
            pthreadpool_destroy(pool_);
        }
        throw TrackerFailure(status == xnn_status_out_of_memory ? TH_ERROR_OUT_OF_MEMORY : TH_ERROR_MODEL_INVALID,
                             role + " " + path + " cannot be run by XNNPACK (status " +
                                 std::to_string(static_cast<int>(status)) + ")");
    }
    bind();
}

NeuralModel::~NeuralModel() {
    if (runtime_ != nullptr) {
        xnn_delete_runtime(runtime_);
    }
    if (pool_ != nullptr) {
        pthreadpool_destroy(pool_);
    }
}

void NeuralModel::bind() {
    std::vector<xnn_external_value> externals;
    uint32_t id = 0;
    inputs_.reserve(graph_.inputs.size());
    outputs_.reserve(graph_.slots.size());
    for (const neural::NamedInput &input : graph_.inputs) {
        inputs_.emplace_back(graph_.tensors[input.tensor].elements() + kSlack, 0.0f);
        externals.push_back({id++, inputs_.back().data()});
    }
    for (const neural::OutputSlot &slot : graph_.slots) {
        outputs_.emplace_back(slot.elements + kSlack, 0.0f);
    }
    for (const neural::ExternalOutput &output : graph_.outputs) {
        externals.push_back({id++, outputs_[output.slot].data() + output.offset});
    }
    const xnn_status status = xnn_setup_runtime(runtime_, externals.size(), externals.data());
    if (status != xnn_status_success) {
        xnn_delete_runtime(runtime_);
        runtime_ = nullptr;
        if (pool_ != nullptr) {
            pthreadpool_destroy(pool_);
            pool_ = nullptr;
        }
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role_ + " " + path_ + " cannot be set up by XNNPACK (status " +
                                                         std::to_string(static_cast<int>(status)) + ")");
    }
}

const std::vector<size_t> &NeuralModel::inputDims(size_t index) const {
    return graph_.tensors[graph_.inputs[index].tensor].dims;
}

namespace {

/// This thread's CPU time in seconds (a vDSO call: well under a microsecond against a run's milliseconds).
double threadCPUSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

}  // namespace

void NeuralModel::run() {
    const double start = threadCPUSeconds();
    const xnn_status status = xnn_invoke_runtime(runtime_);
    use_.runs += 1;
    use_.cpuSeconds += threadCPUSeconds() - start;
    if (status != xnn_status_success) {
        throw TrackerFailure(TH_ERROR_PROCESSING, role_ + " " + path_ + " failed to run in XNNPACK (status " +
                                                      std::to_string(static_cast<int>(status)) + ")");
    }
}

void NeuralModel::require(bool condition, const std::string &expectation) const {
    if (!condition) {
        throw TrackerFailure(TH_ERROR_MODEL_INVALID, role_ + " " + path_ + " is not the expected model: " +
                                                         expectation);
    }
}

}  // namespace theremin
