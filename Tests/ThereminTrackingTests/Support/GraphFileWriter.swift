import Foundation

/// Writes small graph files (models/README.md, "Graph file format") for tests of the reader and the subgraph builder:
/// the same bytes models/conversion/tflite_to_graph.py writes for the real models.
struct GraphFileWriter {
    enum Kind: UInt32 {
        case conv2D = 1, depthwiseConv2D, add, maxPool2D, constantPad, reshape, resizeBilinear, prelu, sigmoid,
             fullyConnected, globalAveragePool
    }

    struct Tensor {
        var dims: [Int]
        var weights: [Float]?
    }

    struct Node {
        var kind: Kind
        var inputs: [Int]
        var outputs: [Int]
        var params: [Int32]
    }

    var name = "test"
    var version: UInt32 = 1
    var tensors: [Tensor] = []
    var inputs: [(tensor: Int, name: String)] = []
    var slots: [(elements: Int, name: String)] = []
    var outputs: [(tensor: Int, slot: Int, offset: Int)] = []
    var nodes: [Node] = []

    /// Adds a tensor (constant when `weights` is given) and returns its index.
    mutating func tensor(_ dims: [Int], _ weights: [Float]? = nil) -> Int {
        tensors.append(Tensor(dims: dims, weights: weights))
        return tensors.count - 1
    }

    mutating func node(_ kind: Kind, _ inputs: [Int], _ outputs: [Int], _ params: [Int32] = []) {
        nodes.append(Node(kind: kind, inputs: inputs, outputs: outputs, params: params))
    }

    /// A one-input graph whose every output tensor fills a slot of its own, in order.
    mutating func ends(input: Int, outputs results: [Int]) {
        inputs = [(input, "input")]
        for (index, tensor) in results.enumerated() {
            slots.append((tensors[tensor].dims.reduce(1, *), "out\(index)"))
            outputs.append((tensor, index, 0))
        }
    }

    /// A float parameter as the format stores it (its bit pattern).
    static func bits(_ value: Float) -> Int32 { Int32(bitPattern: value.bitPattern) }
    static let unbounded = [bits(-.infinity), bits(.infinity)]

    func bytes() -> [UInt8] {
        var out: [UInt8] = Array("THXG".utf8)
        func u32(_ values: Int...) { for v in values { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { out += $0 } } }
        func text(_ s: String) {
            u32(s.utf8.count)
            out += Array(s.utf8) + [UInt8](repeating: 0, count: (4 - s.utf8.count % 4) % 4)
        }
        u32(Int(version))
        text(name)
        u32(tensors.count)
        var weights: [Float] = []
        for tensor in tensors {
            u32(tensor.dims.count)
            for d in 0..<4 { u32(d < tensor.dims.count ? tensor.dims[d] : 0) }
            if let data = tensor.weights {
                u32(weights.count)
                weights += data
            } else {
                u32(0xFFFF_FFFF)
            }
        }
        u32(inputs.count)
        for input in inputs { u32(input.tensor); text(input.name) }
        u32(slots.count)
        for slot in slots { u32(slot.elements); text(slot.name) }
        u32(outputs.count)
        for output in outputs { u32(output.tensor, output.slot, output.offset) }
        u32(nodes.count)
        for node in nodes {
            u32(Int(node.kind.rawValue), node.inputs.count, node.outputs.count, node.params.count)
            for i in node.inputs { u32(i) }
            for o in node.outputs { u32(o) }
            for p in node.params { u32(Int(UInt32(bitPattern: p))) }
        }
        u32(weights.count)
        out += [UInt8](repeating: 0, count: (16 - out.count % 16) % 16)
        for w in weights { withUnsafeBytes(of: w.bitPattern.littleEndian) { out += $0 } }
        withUnsafeBytes(of: Self.checksum(out).littleEndian) { out += $0 }
        return out
    }

    /// FNV-1a over little-endian 64-bit words, the last one zero-padded.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for start in stride(from: 0, to: bytes.count, by: 8) {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(shift))
            }
            hash = (hash ^ word) &* 0x100_0000_01B3
        }
        return hash
    }

    func write(to url: URL) throws {
        try Data(bytes()).write(to: url)
    }
}
