// Turns a GraphFile into an XNNPACK subgraph, one Visit function per node kind, as TFLite's XNNPACK delegate does:
// each checks its node's operands and parameters and defines one XNNPACK node, or refuses with the node's index and
// the reason.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <xnnpack.h>

#include "Neural/GraphFile.hpp"

namespace theremin::neural {

struct SubgraphDeleter {
    void operator()(xnn_subgraph_t subgraph) const { xnn_delete_subgraph(subgraph); }
};
using SubgraphPtr = std::unique_ptr<xnn_subgraph, SubgraphDeleter>;

/// Builds the subgraph of one graph file. External value ids: the inputs first (in file order), then the external
/// outputs (in file order), so the runtime's caller binds `inputs.size() + outputs.size()` buffers.
class SubgraphBuilder {
public:
    explicit SubgraphBuilder(const GraphFile &graph) : graph_(graph) {}

    /// Defines every value and node; throws GraphFormatError naming the node at fault. XNNPACK must be initialized.
    SubgraphPtr build();

private:
    void defineValues(xnn_subgraph_t subgraph);
    void visit(xnn_subgraph_t subgraph, size_t index, const NodeDesc &node);

    void visitConv2D(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitDepthwiseConv2D(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitAdd(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitMaxPool2D(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitConstantPad(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitReshape(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitResizeBilinear(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitPReLU(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitSigmoid(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitFullyConnected(xnn_subgraph_t subgraph, const NodeDesc &node);
    void visitGlobalAveragePool(xnn_subgraph_t subgraph, const NodeDesc &node);

    const TensorDesc &tensor(uint32_t index) const { return graph_.tensors[index]; }
    uint32_t value(uint32_t tensor) const { return values_[tensor]; }

    const GraphFile &graph_;
    std::vector<uint32_t> values_;
};

}  // namespace theremin::neural
