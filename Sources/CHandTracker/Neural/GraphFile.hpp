// A neural network as the converter writes it (models/README.md, "Graph file format"): tensors, weights, nodes and
// which tensors are the inputs and outputs. Reading it checks every count, index and the checksum, so that what the
// subgraph builder sees is consistent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace theremin::neural {

/// Node kinds, numbered as in the file (models/conversion/tflite_to_graph.py).
enum class NodeKind : uint32_t {
    conv2D = 1,
    depthwiseConv2D = 2,
    add = 3,
    maxPool2D = 4,
    constantPad = 5,
    reshape = 6,
    resizeBilinear = 7,
    prelu = 8,
    sigmoid = 9,
    fullyConnected = 10,
    globalAveragePool = 11,
};

/// A short name for messages, e.g. "depthwise convolution"; "unknown" for numbers outside the enum.
const char *nodeKindName(NodeKind kind);

/// Sampling of a bilinear resize (the node's one parameter).
enum class ResizeSampling : int32_t { halfPixel = 0, alignCorners = 1, tensorflowLegacy = 2 };

/// Marks a tensor without constant data.
constexpr uint32_t kNoWeights = 0xFFFFFFFFu;

struct TensorDesc {
    std::vector<size_t> dims;
    /// Index of the first float in GraphFile::weights, or kNoWeights for a value computed at run time.
    uint32_t weightOffset = kNoWeights;
    size_t elements() const;
    bool isConstant() const { return weightOffset != kNoWeights; }
};

struct NodeDesc {
    NodeKind kind{};
    std::vector<uint32_t> inputs;
    std::vector<uint32_t> outputs;
    /// Integers, and floats stored as their bit patterns (see floatParam()).
    std::vector<int32_t> params;
    /// Parameter `index` read as a float.
    float floatParam(size_t index) const;
};

struct NamedInput {
    uint32_t tensor = 0;
    std::string name;
};

/// One output buffer the caller reads, e.g. the palm detector's "Identity" (2016 x 18 floats).
struct OutputSlot {
    size_t elements = 0;
    std::string name;
};

/// A tensor the runtime writes into an output slot, at an element offset (several tensors may fill one slot).
struct ExternalOutput {
    uint32_t tensor = 0;
    uint32_t slot = 0;
    size_t offset = 0;
};

struct GraphFile {
    /// The model's name as the converter recorded it, e.g. "palm_detection_lite".
    std::string name;
    std::vector<TensorDesc> tensors;
    std::vector<NamedInput> inputs;
    std::vector<OutputSlot> slots;
    std::vector<ExternalOutput> outputs;
    std::vector<NodeDesc> nodes;
    /// All constant data; must outlive any runtime built from this graph.
    std::vector<float> weights;

    const float *weightsOf(const TensorDesc &tensor) const {
        return tensor.isConstant() ? weights.data() + tensor.weightOffset : nullptr;
    }
};

/// Why bytes are not a valid graph file: a short reason without the file name, e.g. "truncated at byte 1234".
class GraphFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Parses a whole graph file; throws GraphFormatError.
GraphFile parseGraphFile(const uint8_t *bytes, size_t size);

/// The checksum the format ends with: FNV-1a over little-endian 64-bit words, the tail zero-padded.
uint64_t graphChecksum(const uint8_t *bytes, size_t size);

}  // namespace theremin::neural
