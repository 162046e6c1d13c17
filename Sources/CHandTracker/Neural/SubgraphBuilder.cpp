#include "Neural/SubgraphBuilder.hpp"

#include <limits>

namespace theremin::neural {

namespace {

/// Why one node cannot be built; visit() adds the node's index and kind.
struct Refusal {
    std::string reason;
};

[[noreturn]] void refuse(const std::string &reason) { throw Refusal{reason}; }

std::string describe(const std::vector<size_t> &dims) {
    std::string text = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        text += (i ? "x" : "") + std::to_string(dims[i]);
    }
    return text + "]";
}

void expectOperands(const NodeDesc &node, size_t minInputs, size_t maxInputs, size_t params) {
    if (node.inputs.size() < minInputs || node.inputs.size() > maxInputs || node.outputs.size() != 1 ||
        node.params.size() != params) {
        refuse("has " + std::to_string(node.inputs.size()) + " inputs, " + std::to_string(node.outputs.size()) +
               " outputs and " + std::to_string(node.params.size()) + " parameters");
    }
}

void expectDims(const TensorDesc &tensor, const std::vector<size_t> &dims, const char *what) {
    if (tensor.dims != dims) {
        refuse(std::string(what) + " is " + describe(tensor.dims) + ", expected " + describe(dims));
    }
}

void expectRank(const TensorDesc &tensor, size_t rank, const char *what) {
    if (tensor.dims.size() != rank) {
        refuse(std::string(what) + " is " + describe(tensor.dims) + ", expected " + std::to_string(rank) + "-D");
    }
}

void expectConstant(const TensorDesc &tensor, const char *what) {
    if (!tensor.isConstant()) {
        refuse(std::string(what) + " has no weights in the file");
    }
}

uint32_t positive(int32_t value, const char *what) {
    if (value < 1) {
        refuse(std::string(what) + " " + std::to_string(value));
    }
    return static_cast<uint32_t>(value);
}

uint32_t nonNegative(int32_t value, const char *what) {
    if (value < 0) {
        refuse(std::string(what) + " " + std::to_string(value));
    }
    return static_cast<uint32_t>(value);
}

/// The output length of a window sliding over `size` padded values.
size_t windowOutput(size_t size, uint32_t before, uint32_t after, uint32_t kernel, uint32_t stride, uint32_t dilation) {
    const size_t padded = size + before + after;
    const size_t extent = static_cast<size_t>(dilation) * (kernel - 1) + 1;
    if (padded < extent) {
        refuse("a " + std::to_string(kernel) + "-wide window does not fit " + std::to_string(padded) + " values");
    }
    return (padded - extent) / stride + 1;
}

void check(xnn_status status) {
    if (status != xnn_status_success) {
        refuse("XNNPACK refused it (status " + std::to_string(static_cast<int>(status)) + ")");
    }
}

/// The 2-D window of a convolution or pooling node: padding top, right, bottom, left, kernel, stride, dilation.
struct Window {
    uint32_t top, right, bottom, left, kernelH, kernelW, strideH, strideW, dilationH, dilationW;

    static Window read(const NodeDesc &node, bool dilated) {
        Window w{};
        w.top = nonNegative(node.params[0], "padding");
        w.right = nonNegative(node.params[1], "padding");
        w.bottom = nonNegative(node.params[2], "padding");
        w.left = nonNegative(node.params[3], "padding");
        w.kernelH = positive(node.params[4], "kernel height");
        w.kernelW = positive(node.params[5], "kernel width");
        w.strideH = positive(node.params[6], "stride");
        w.strideW = positive(node.params[7], "stride");
        w.dilationH = dilated ? positive(node.params[8], "dilation") : 1;
        w.dilationW = dilated ? positive(node.params[9], "dilation") : 1;
        return w;
    }

    std::vector<size_t> output(const TensorDesc &input, size_t channels) const {
        return {input.dims[0], windowOutput(input.dims[1], top, bottom, kernelH, strideH, dilationH),
                windowOutput(input.dims[2], left, right, kernelW, strideW, dilationW), channels};
    }
};

}  // namespace

SubgraphPtr SubgraphBuilder::build() {
    xnn_subgraph_t raw = nullptr;
    const uint32_t externals = static_cast<uint32_t>(graph_.inputs.size() + graph_.outputs.size());
    if (xnn_create_subgraph(externals, 0, &raw) != xnn_status_success) {
        throw GraphFormatError("XNNPACK could not create a subgraph");
    }
    SubgraphPtr subgraph(raw);
    defineValues(raw);
    for (size_t i = 0; i < graph_.nodes.size(); ++i) {
        visit(raw, i, graph_.nodes[i]);
    }
    return subgraph;
}

void SubgraphBuilder::defineValues(xnn_subgraph_t subgraph) {
    std::vector<uint32_t> externalId(graph_.tensors.size(), XNN_INVALID_VALUE_ID);
    std::vector<uint32_t> flags(graph_.tensors.size(), 0);
    uint32_t next = 0;
    for (const NamedInput &input : graph_.inputs) {
        externalId[input.tensor] = next++;
        flags[input.tensor] = XNN_VALUE_FLAG_EXTERNAL_INPUT;
    }
    for (const ExternalOutput &output : graph_.outputs) {
        if (externalId[output.tensor] != XNN_INVALID_VALUE_ID) {
            throw GraphFormatError("tensor " + std::to_string(output.tensor) + " is bound twice as input or output");
        }
        externalId[output.tensor] = next++;
        flags[output.tensor] = XNN_VALUE_FLAG_EXTERNAL_OUTPUT;
    }
    values_.assign(graph_.tensors.size(), XNN_INVALID_VALUE_ID);
    for (size_t i = 0; i < graph_.tensors.size(); ++i) {
        const TensorDesc &t = graph_.tensors[i];
        if (t.isConstant() && flags[i] != 0) {
            throw GraphFormatError("tensor " + std::to_string(i) + " is both constant and an input or output");
        }
        if (xnn_define_tensor_value(subgraph, xnn_datatype_fp32, t.dims.size(), t.dims.data(), graph_.weightsOf(t),
                                    externalId[i], flags[i], &values_[i]) != xnn_status_success) {
            throw GraphFormatError("XNNPACK refused tensor " + std::to_string(i) + " " + describe(t.dims));
        }
    }
}

void SubgraphBuilder::visit(xnn_subgraph_t subgraph, size_t index, const NodeDesc &node) {
    try {
        switch (node.kind) {
        case NodeKind::conv2D: return visitConv2D(subgraph, node);
        case NodeKind::depthwiseConv2D: return visitDepthwiseConv2D(subgraph, node);
        case NodeKind::add: return visitAdd(subgraph, node);
        case NodeKind::maxPool2D: return visitMaxPool2D(subgraph, node);
        case NodeKind::constantPad: return visitConstantPad(subgraph, node);
        case NodeKind::reshape: return visitReshape(subgraph, node);
        case NodeKind::resizeBilinear: return visitResizeBilinear(subgraph, node);
        case NodeKind::prelu: return visitPReLU(subgraph, node);
        case NodeKind::sigmoid: return visitSigmoid(subgraph, node);
        case NodeKind::fullyConnected: return visitFullyConnected(subgraph, node);
        case NodeKind::globalAveragePool: return visitGlobalAveragePool(subgraph, node);
        }
        refuse("is of unknown kind " + std::to_string(static_cast<uint32_t>(node.kind)));
    } catch (const Refusal &refusal) {
        throw GraphFormatError("node " + std::to_string(index) + " (" + nodeKindName(node.kind) + ") " +
                               refusal.reason);
    }
}

// Params: padding top, right, bottom, left; kernel h, w; stride h, w; dilation h, w; output min, max.
// Inputs: input [N,H,W,I], filter [O,kh,kw,I], optional bias [O].
void SubgraphBuilder::visitConv2D(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 2, 3, 12);
    const Window w = Window::read(node, true);
    const TensorDesc &input = tensor(node.inputs[0]);
    const TensorDesc &filter = tensor(node.inputs[1]);
    expectRank(input, 4, "input");
    expectRank(filter, 4, "filter");
    expectConstant(filter, "filter");
    const size_t out = filter.dims[0];
    expectDims(filter, {out, w.kernelH, w.kernelW, input.dims[3]}, "filter");
    const uint32_t bias = node.inputs.size() == 3 ? value(node.inputs[2]) : XNN_INVALID_VALUE_ID;
    if (node.inputs.size() == 3) {
        expectDims(tensor(node.inputs[2]), {out}, "bias");
        expectConstant(tensor(node.inputs[2]), "bias");
    }
    expectDims(tensor(node.outputs[0]), w.output(input, out), "output");
    check(xnn_define_convolution_2d(subgraph, w.top, w.right, w.bottom, w.left, w.kernelH, w.kernelW, w.strideH,
                                    w.strideW, w.dilationH, w.dilationW, 1, input.dims[3], out,
                                    node.floatParam(10), node.floatParam(11), value(node.inputs[0]),
                                    value(node.inputs[1]), bias, value(node.outputs[0]), 0));
}

// Params: as a convolution, then the depth multiplier before output min, max.
// Inputs: input [N,H,W,C], filter [1,kh,kw,C*multiplier], optional bias [C*multiplier].
void SubgraphBuilder::visitDepthwiseConv2D(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 2, 3, 13);
    const Window w = Window::read(node, true);
    const uint32_t multiplier = positive(node.params[10], "depth multiplier");
    const TensorDesc &input = tensor(node.inputs[0]);
    expectRank(input, 4, "input");
    const size_t channels = input.dims[3] * multiplier;
    expectDims(tensor(node.inputs[1]), {1, w.kernelH, w.kernelW, channels}, "filter");
    expectConstant(tensor(node.inputs[1]), "filter");
    const uint32_t bias = node.inputs.size() == 3 ? value(node.inputs[2]) : XNN_INVALID_VALUE_ID;
    if (node.inputs.size() == 3) {
        expectDims(tensor(node.inputs[2]), {channels}, "bias");
        expectConstant(tensor(node.inputs[2]), "bias");
    }
    expectDims(tensor(node.outputs[0]), w.output(input, channels), "output");
    check(xnn_define_depthwise_convolution_2d(subgraph, w.top, w.right, w.bottom, w.left, w.kernelH, w.kernelW,
                                              w.strideH, w.strideW, w.dilationH, w.dilationW, multiplier,
                                              input.dims[3], node.floatParam(11), node.floatParam(12),
                                              value(node.inputs[0]), value(node.inputs[1]), bias,
                                              value(node.outputs[0]), 0));
}

// Params: output min, max. Inputs of the same shape (the models add residuals of equal shape).
void SubgraphBuilder::visitAdd(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 2, 2, 2);
    expectDims(tensor(node.inputs[1]), tensor(node.inputs[0]).dims, "second operand");
    expectDims(tensor(node.outputs[0]), tensor(node.inputs[0]).dims, "output");
    check(xnn_define_add2(subgraph, node.floatParam(0), node.floatParam(1), value(node.inputs[0]),
                          value(node.inputs[1]), value(node.outputs[0]), 0));
}

// Params: padding top, right, bottom, left; pool h, w; stride h, w; output min, max.
void SubgraphBuilder::visitMaxPool2D(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 10);
    const Window w = Window::read(node, false);
    const TensorDesc &input = tensor(node.inputs[0]);
    expectRank(input, 4, "input");
    expectDims(tensor(node.outputs[0]), w.output(input, input.dims[3]), "output");
    check(xnn_define_max_pooling_2d(subgraph, w.top, w.right, w.bottom, w.left, w.kernelH, w.kernelW, w.strideH,
                                    w.strideW, 1, 1, node.floatParam(8), node.floatParam(9), value(node.inputs[0]),
                                    value(node.outputs[0]), 0));
}

// Params: 4 paddings before, 4 after (one per dimension, unused ones 0), the padding value.
void SubgraphBuilder::visitConstantPad(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 9);
    const TensorDesc &input = tensor(node.inputs[0]);
    size_t before[4], after[4];
    std::vector<size_t> padded;
    for (size_t d = 0; d < 4; ++d) {
        before[d] = nonNegative(node.params[d], "padding");
        after[d] = nonNegative(node.params[4 + d], "padding");
        if (d >= input.dims.size() && (before[d] || after[d])) {
            refuse("pads dimension " + std::to_string(d) + " of a " + std::to_string(input.dims.size()) +
                   "-D input");
        }
        if (d < input.dims.size()) {
            padded.push_back(input.dims[d] + before[d] + after[d]);
        }
    }
    expectDims(tensor(node.outputs[0]), padded, "output");
    check(xnn_define_static_constant_pad(subgraph, before, after, node.floatParam(8), value(node.inputs[0]),
                                         value(node.outputs[0]), 0));
}

// No params: the output tensor's shape is the new shape.
void SubgraphBuilder::visitReshape(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 0);
    const TensorDesc &output = tensor(node.outputs[0]);
    if (output.elements() != tensor(node.inputs[0]).elements()) {
        refuse("turns " + describe(tensor(node.inputs[0]).dims) + " into " + describe(output.dims));
    }
    check(xnn_define_static_reshape(subgraph, output.dims.size(), output.dims.data(), value(node.inputs[0]),
                                    value(node.outputs[0]), 0));
}

// Params: the sampling (ResizeSampling). The output tensor's height and width are the new size.
void SubgraphBuilder::visitResizeBilinear(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 1);
    const TensorDesc &input = tensor(node.inputs[0]);
    const TensorDesc &output = tensor(node.outputs[0]);
    expectRank(input, 4, "input");
    expectRank(output, 4, "output");
    expectDims(output, {input.dims[0], output.dims[1], output.dims[2], input.dims[3]}, "output");
    uint32_t flags = 0;
    switch (static_cast<ResizeSampling>(node.params[0])) {
    case ResizeSampling::halfPixel: break;
    case ResizeSampling::alignCorners: flags = XNN_FLAG_ALIGN_CORNERS; break;
    case ResizeSampling::tensorflowLegacy: flags = XNN_FLAG_TENSORFLOW_LEGACY_MODE; break;
    default: refuse("has unknown sampling " + std::to_string(node.params[0]));
    }
    check(xnn_define_static_resize_bilinear_2d(subgraph, output.dims[1], output.dims[2], value(node.inputs[0]),
                                               value(node.outputs[0]), flags));
}

// Inputs: input [N,H,W,C], slope [C].
void SubgraphBuilder::visitPReLU(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 2, 2, 0);
    const TensorDesc &input = tensor(node.inputs[0]);
    expectRank(input, 4, "input");
    expectDims(tensor(node.inputs[1]), {input.dims[3]}, "slope");
    expectConstant(tensor(node.inputs[1]), "slope");
    expectDims(tensor(node.outputs[0]), input.dims, "output");
    check(xnn_define_prelu(subgraph, value(node.inputs[0]), value(node.inputs[1]), value(node.outputs[0]), 0));
}

void SubgraphBuilder::visitSigmoid(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 0);
    expectDims(tensor(node.outputs[0]), tensor(node.inputs[0]).dims, "output");
    check(xnn_define_sigmoid(subgraph, value(node.inputs[0]), value(node.outputs[0]), 0));
}

// Params: output min, max. Inputs: input (flattened to rows of I), filter [O, I], optional bias [O].
void SubgraphBuilder::visitFullyConnected(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 2, 3, 2);
    const TensorDesc &input = tensor(node.inputs[0]);
    const TensorDesc &filter = tensor(node.inputs[1]);
    expectRank(filter, 2, "filter");
    expectConstant(filter, "filter");
    const size_t out = filter.dims[0], in = filter.dims[1];
    if (input.elements() % in != 0) {
        refuse("input " + describe(input.dims) + " is not made of rows of " + std::to_string(in));
    }
    const uint32_t bias = node.inputs.size() == 3 ? value(node.inputs[2]) : XNN_INVALID_VALUE_ID;
    if (node.inputs.size() == 3) {
        expectDims(tensor(node.inputs[2]), {out}, "bias");
        expectConstant(tensor(node.inputs[2]), "bias");
    }
    expectDims(tensor(node.outputs[0]), {input.elements() / in, out}, "output");
    check(xnn_define_fully_connected(subgraph, node.floatParam(0), node.floatParam(1), value(node.inputs[0]),
                                     value(node.inputs[1]), bias, value(node.outputs[0]),
                                     XNN_FLAG_TENSORFLOW_RESHAPE_2D));
}

// Mean over height and width: [N,H,W,C] -> [N,1,1,C].
void SubgraphBuilder::visitGlobalAveragePool(xnn_subgraph_t subgraph, const NodeDesc &node) {
    expectOperands(node, 1, 1, 0);
    const TensorDesc &input = tensor(node.inputs[0]);
    expectRank(input, 4, "input");
    expectDims(tensor(node.outputs[0]), {input.dims[0], 1, 1, input.dims[3]}, "output");
    const float infinity = std::numeric_limits<float>::infinity();
    check(xnn_define_global_average_pooling_2d(subgraph, -infinity, infinity, value(node.inputs[0]),
                                               value(node.outputs[0]), 0));
}

}  // namespace theremin::neural
