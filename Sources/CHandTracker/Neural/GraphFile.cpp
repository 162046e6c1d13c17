#include "Neural/GraphFile.hpp"

#include <cstring>

namespace theremin::neural {

namespace {

constexpr char kMagic[4] = {'T', 'H', 'X', 'G'};
constexpr uint32_t kVersion = 1;
/// Far above what a hand model needs; stops a corrupt count from asking for gigabytes.
constexpr uint32_t kMaxCount = 1u << 20;
constexpr uint32_t kMaxRank = 4;

/// Reads little-endian words with bounds checks; every read past the end is "truncated".
class Cursor {
public:
    Cursor(const uint8_t *bytes, size_t size) : bytes_(bytes), size_(size) {}

    uint32_t word() {
        need(4);
        uint32_t value;
        std::memcpy(&value, bytes_ + position_, 4);
        position_ += 4;
        return value;
    }

    uint32_t count(const char *what) {
        const uint32_t value = word();
        if (value > kMaxCount) {
            throw GraphFormatError(std::string("implausible ") + what + " count " + std::to_string(value));
        }
        return value;
    }

    std::string text() {
        const uint32_t length = count("name length");
        need(length);
        std::string value(reinterpret_cast<const char *>(bytes_ + position_), length);
        position_ += length + ((4 - length % 4) % 4);
        return value;
    }

    void align(size_t multiple) { position_ += (multiple - position_ % multiple) % multiple; }

    void copy(void *destination, size_t length) {
        need(length);
        std::memcpy(destination, bytes_ + position_, length);
        position_ += length;
    }

    size_t position() const { return position_; }

private:
    void need(size_t length) const {
        if (position_ > size_ || size_ - position_ < length) {
            throw GraphFormatError("truncated at byte " + std::to_string(size_));
        }
    }

    const uint8_t *bytes_;
    size_t size_;
    size_t position_ = 0;
};

uint32_t tensorIndex(uint32_t value, const GraphFile &graph, const char *what) {
    if (value >= graph.tensors.size()) {
        throw GraphFormatError(std::string(what) + " names tensor " + std::to_string(value) + " of " +
                               std::to_string(graph.tensors.size()));
    }
    return value;
}

void readTensors(Cursor &cursor, GraphFile &graph) {
    graph.tensors.resize(cursor.count("tensor"));
    for (TensorDesc &tensor : graph.tensors) {
        const uint32_t rank = cursor.word();
        if (rank > kMaxRank) {
            throw GraphFormatError("a tensor of rank " + std::to_string(rank));
        }
        uint32_t dims[kMaxRank];
        for (uint32_t &dim : dims) {
            dim = cursor.word();
        }
        for (uint32_t d = 0; d < rank; ++d) {
            if (dims[d] == 0 || dims[d] > kMaxCount) {
                throw GraphFormatError("a tensor dimension of " + std::to_string(dims[d]));
            }
            tensor.dims.push_back(dims[d]);
        }
        tensor.weightOffset = cursor.word();
    }
}

void readEnds(Cursor &cursor, GraphFile &graph) {
    graph.inputs.resize(cursor.count("input"));
    for (NamedInput &input : graph.inputs) {
        input.tensor = tensorIndex(cursor.word(), graph, "an input");
        input.name = cursor.text();
    }
    graph.slots.resize(cursor.count("output slot"));
    for (OutputSlot &slot : graph.slots) {
        slot.elements = cursor.count("output element");
        slot.name = cursor.text();
    }
    graph.outputs.resize(cursor.count("output"));
    for (ExternalOutput &output : graph.outputs) {
        output.tensor = tensorIndex(cursor.word(), graph, "an output");
        output.slot = cursor.word();
        output.offset = cursor.word();
        if (output.slot >= graph.slots.size()) {
            throw GraphFormatError("an output writes to slot " + std::to_string(output.slot) + " of " +
                                   std::to_string(graph.slots.size()));
        }
        const size_t elements = graph.tensors[output.tensor].elements();
        if (output.offset > graph.slots[output.slot].elements ||
            graph.slots[output.slot].elements - output.offset < elements) {
            throw GraphFormatError("output tensor " + std::to_string(output.tensor) + " does not fit in slot " +
                                   graph.slots[output.slot].name);
        }
    }
}

void readNodes(Cursor &cursor, GraphFile &graph) {
    graph.nodes.resize(cursor.count("node"));
    for (NodeDesc &node : graph.nodes) {
        node.kind = static_cast<NodeKind>(cursor.word());
        node.inputs.resize(cursor.count("node input"));
        node.outputs.resize(cursor.count("node output"));
        node.params.resize(cursor.count("node parameter"));
        for (uint32_t &input : node.inputs) {
            input = tensorIndex(cursor.word(), graph, "a node input");
        }
        for (uint32_t &output : node.outputs) {
            output = tensorIndex(cursor.word(), graph, "a node output");
        }
        for (int32_t &param : node.params) {
            param = static_cast<int32_t>(cursor.word());
        }
    }
}

}  // namespace

const char *nodeKindName(NodeKind kind) {
    switch (kind) {
    case NodeKind::conv2D: return "convolution";
    case NodeKind::depthwiseConv2D: return "depthwise convolution";
    case NodeKind::add: return "add";
    case NodeKind::maxPool2D: return "max pooling";
    case NodeKind::constantPad: return "constant pad";
    case NodeKind::reshape: return "reshape";
    case NodeKind::resizeBilinear: return "bilinear resize";
    case NodeKind::prelu: return "PReLU";
    case NodeKind::sigmoid: return "sigmoid";
    case NodeKind::fullyConnected: return "fully connected";
    case NodeKind::globalAveragePool: return "global average pooling";
    }
    return "unknown";
}

size_t TensorDesc::elements() const {
    size_t total = 1;
    for (size_t dim : dims) {
        total *= dim;
    }
    return total;
}

float NodeDesc::floatParam(size_t index) const {
    float value;
    std::memcpy(&value, &params.at(index), sizeof value);
    return value;
}

uint64_t graphChecksum(const uint8_t *bytes, size_t size) {
    uint64_t hash = 0xCBF29CE484222325ull;
    for (size_t at = 0; at < size; at += 8) {
        uint64_t word = 0;
        std::memcpy(&word, bytes + at, size - at < 8 ? size - at : 8);
        hash = (hash ^ word) * 0x100000001B3ull;
    }
    return hash;
}

GraphFile parseGraphFile(const uint8_t *bytes, size_t size) {
    if (size < sizeof kMagic || std::memcmp(bytes, kMagic, sizeof kMagic) != 0) {
        throw GraphFormatError("not a theremin graph file (no THXG header)");
    }
    if (size < sizeof kMagic + 4 + 8) {
        throw GraphFormatError("truncated at byte " + std::to_string(size));
    }
    Cursor cursor(bytes + sizeof kMagic, size - sizeof kMagic - 8);
    const uint32_t version = cursor.word();
    if (version != kVersion) {
        throw GraphFormatError("graph format version " + std::to_string(version) + ", this build reads version " +
                               std::to_string(kVersion));
    }
    GraphFile graph;
    graph.name = cursor.text();
    readTensors(cursor, graph);
    readEnds(cursor, graph);
    readNodes(cursor, graph);
    // The weights start 16-byte aligned from the start of the file; the cursor counts from after the magic.
    const uint32_t weightCount = cursor.word();
    const size_t weightsAt = sizeof kMagic + cursor.position();
    const size_t start = weightsAt + (16 - weightsAt % 16) % 16;
    if (start > size - 8 || (size - 8 - start) / sizeof(float) < weightCount) {
        throw GraphFormatError("truncated at byte " + std::to_string(size));
    }
    if (size - 8 - start != sizeof(float) * static_cast<size_t>(weightCount)) {
        throw GraphFormatError(std::to_string(size - 8 - start - sizeof(float) * weightCount) +
                               " unexpected bytes after the weights");
    }
    uint64_t stored;
    std::memcpy(&stored, bytes + size - 8, 8);
    if (stored != graphChecksum(bytes, size - 8)) {
        throw GraphFormatError("checksum mismatch (the file is damaged)");
    }
    Cursor weights(bytes + start, size - 8 - start);
    graph.weights.resize(weightCount);
    weights.copy(graph.weights.data(), sizeof(float) * weightCount);
    for (const TensorDesc &tensor : graph.tensors) {
        if (tensor.isConstant() &&
            (tensor.weightOffset > weightCount || weightCount - tensor.weightOffset < tensor.elements())) {
            throw GraphFormatError("a tensor's weights lie outside the file's " + std::to_string(weightCount));
        }
    }
    return graph;
}

}  // namespace theremin::neural
