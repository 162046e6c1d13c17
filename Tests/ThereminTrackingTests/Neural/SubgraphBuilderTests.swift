import CHandTracker
import Foundation
import XCTest

/// The subgraph builder on small graphs whose outputs are worked out by hand, run by XNNPACK through the same code
/// that runs the tracker's models.
final class SubgraphBuilderTests: XCTestCase {
    private typealias W = GraphFileWriter

    private func run(_ graph: GraphFileWriter, _ input: [Float]) throws -> [[Float]] {
        let url = try Fixtures.temporaryDirectory(for: self).appendingPathComponent("graph.xnng")
        try graph.write(to: url)
        return try GraphRunner(path: url.path).run(input)
    }

    private func assertEqual(_ got: [Float], _ expected: [Float], accuracy: Float = 1e-5,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, expected.count, "\(got)", file: file, line: line)
        for (a, b) in zip(got, expected) {
            XCTAssertEqual(a, b, accuracy: accuracy, "\(got) vs \(expected)", file: file, line: line)
        }
    }

    func testConvolutionWithBiasAndClamp() throws {
        // 3x3 single-channel input, two 2x2 filters, no padding, stride 1: a 2x2x2 output, clamped to [0, 20].
        var g = W()
        let x = g.tensor([1, 3, 3, 1])
        let filter = g.tensor([2, 2, 2, 1], [1, 0, 0, 1,  // out 0: top-left + bottom-right
                                             1, 1, 1, 1]) // out 1: the 2x2 sum
        let bias = g.tensor([2], [0.5, -1])
        let y = g.tensor([1, 2, 2, 2])
        g.node(.conv2D, [x, filter, bias], [y], [0, 0, 0, 0, 2, 2, 1, 1, 1, 1, W.bits(0), W.bits(20)])
        g.ends(input: x, outputs: [y])
        let input: [Float] = [1, 2, 3,
                              4, 5, 6,
                              7, 8, 9]
        // Per window: out0 = top-left + bottom-right + 0.5; out1 = the sum - 1, clamped at 20.
        assertEqual(try run(g, input)[0], [6.5, 11, 8.5, 15, 12.5, 20, 14.5, 20])
    }

    func testDepthwiseConvolutionWithUnevenPadding() throws {
        // TensorFlow's SAME padding for a 3x3 window, stride 2, over 4 values: one padded row and column, after.
        var g = W()
        let x = g.tensor([1, 4, 4, 1])
        let filter = g.tensor([1, 3, 3, 1], [Float](repeating: 1, count: 9))
        let bias = g.tensor([1], [0.5])
        let y = g.tensor([1, 2, 2, 1])
        g.node(.depthwiseConv2D, [x, filter, bias], [y], [0, 1, 1, 0, 3, 3, 2, 2, 1, 1, 1] + W.unbounded)
        g.ends(input: x, outputs: [y])
        let input = (1...16).map(Float.init)
        // Windows: rows 0-2 x cols 0-2 = 54; rows 0-2 x cols 2-3 = 45; rows 2-3 x cols 0-2 = 72; rows 2-3 x cols 2-3
        // = 54; each + 0.5.
        assertEqual(try run(g, input)[0], [54.5, 45.5, 72.5, 54.5])
    }

    func testPReLUScalesNegativesPerChannel() throws {
        var g = W()
        let x = g.tensor([1, 1, 2, 2])
        let slope = g.tensor([2], [0.5, 0.25])
        let y = g.tensor([1, 1, 2, 2])
        g.node(.prelu, [x, slope], [y])
        g.ends(input: x, outputs: [y])
        assertEqual(try run(g, [-2, 3, 4, -1])[0], [-1, 3, 4, -0.25])
    }

    func testBilinearResizeSamplings() throws {
        // f(row, col) = 2 row + col on a 2x2 grid, doubled to 4x4: bilinear sampling reproduces the plane at the
        // sampled coordinates, clamped to the grid.
        func resized(_ sampling: Int32) throws -> [Float] {
            var g = W()
            let x = g.tensor([1, 2, 2, 1])
            let y = g.tensor([1, 4, 4, 1])
            g.node(.resizeBilinear, [x], [y], [sampling])
            g.ends(input: x, outputs: [y])
            return try run(g, [0, 1, 2, 3])[0]
        }
        func plane(_ at: [Float]) -> [Float] { at.flatMap { r in at.map { c in 2 * r + c } } }
        // Half-pixel centres: source = (destination + 0.5) / 2 - 0.5, clamped: 0, 0.25, 0.75, 1.
        assertEqual(try resized(0), plane([0, 0.25, 0.75, 1]))
        // Align corners: source = destination x (2 - 1) / (4 - 1).
        assertEqual(try resized(1), plane([0, 1.0 / 3, 2.0 / 3, 1]))
        // TensorFlow's legacy sampling (what the palm detector uses): source = destination / 2, clamped.
        assertEqual(try resized(2), plane([0, 0.5, 1, 1]))
    }

    func testTwoTensorsFillOneOutputAtTheirOffsets() throws {
        // The palm detector's concatenation as XNNPACK-free output offsets: sigmoid(x) then x reshaped, in one slot.
        var g = W()
        let x = g.tensor([1, 2])
        let s = g.tensor([1, 2])
        let r = g.tensor([2])
        g.node(.sigmoid, [x], [s])
        g.node(.reshape, [x], [r])
        g.inputs = [(x, "input")]
        g.slots = [(4, "joined")]
        g.outputs = [(s, 0, 0), (r, 0, 2)]
        let out = try run(g, [0, 2])
        assertEqual(out[0], [0.5, 1 / (1 + exp(-2)), 0, 2])
    }

    func testPoolingPaddingFullyConnectedAndAverage() throws {
        // max pool 2x2/2 -> pad one channel of zeros -> add to itself -> global average -> fully connected.
        var g = W()
        let x = g.tensor([1, 2, 2, 1])
        let pooled = g.tensor([1, 1, 1, 1])
        let padded = g.tensor([1, 1, 1, 2])
        let doubled = g.tensor([1, 1, 1, 2])
        let mean = g.tensor([1, 1, 1, 2])
        let weights = g.tensor([1, 2], [3, 5])
        let bias = g.tensor([1], [1])
        let y = g.tensor([1, 1])
        g.node(.maxPool2D, [x], [pooled], [0, 0, 0, 0, 2, 2, 2, 2] + W.unbounded)
        g.node(.constantPad, [pooled], [padded], [0, 0, 0, 0, 0, 0, 0, 1, W.bits(7)])
        g.node(.add, [padded, padded], [doubled], W.unbounded)
        g.node(.globalAveragePool, [doubled], [mean])
        g.node(.fullyConnected, [mean, weights, bias], [y], W.unbounded)
        g.ends(input: x, outputs: [padded, y])
        let out = try run(g, [1, 4, 2, 3])
        assertEqual(out[0], [4, 7])          // max 4, then the padding value
        assertEqual(out[1], [3 * 8 + 5 * 14 + 1])
    }

    func testInconsistentNodeIsRefusedWithItsIndex() throws {
        var g = W()
        let x = g.tensor([1, 3, 3, 1])
        let filter = g.tensor([1, 2, 2, 1], [1, 1, 1, 1])
        let y = g.tensor([1, 3, 3, 1])  // a 2x2 valid window gives 2x2, not 3x3
        let z = g.tensor([1, 3, 3, 1])
        g.node(.sigmoid, [x], [z])
        g.node(.conv2D, [z, filter], [y], [0, 0, 0, 0, 2, 2, 1, 1, 1, 1] + W.unbounded)
        g.ends(input: x, outputs: [y])
        XCTAssertThrowsError(try run(g, [Float](repeating: 0, count: 9))) { error in
            let text = "\(error)"
            XCTAssertEqual((error as? GraphRunner.Failure)?.status, TH_ERROR_MODEL_INVALID, text)
            XCTAssertTrue(text.contains("node 1 (convolution) output is [1x3x3x1], expected [1x2x2x1]"), text)
        }
    }

    func testDamagedTruncatedAndFutureFilesAreRefused() throws {
        var g = W()
        let x = g.tensor([1, 2])
        let y = g.tensor([1, 2])
        g.node(.sigmoid, [x], [y])
        g.ends(input: x, outputs: [y])
        let folder = try Fixtures.temporaryDirectory(for: self)
        func refusal(_ bytes: [UInt8]) -> String {
            let url = folder.appendingPathComponent("bad.xnng")
            do {
                try Data(bytes).write(to: url)
                _ = try GraphRunner(path: url.path)
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        var damaged = g.bytes()
        damaged[damaged.count / 2] ^= 0x40
        XCTAssertTrue(refusal(damaged).contains("checksum mismatch"), refusal(damaged))
        XCTAssertTrue(refusal(Array(g.bytes().prefix(30))).contains("truncated"), refusal(Array(g.bytes().prefix(30))))
        XCTAssertTrue(refusal(Array("PK\u{3}\u{4} a zip".utf8)).contains("no THXG header"))
        var future = g
        future.version = 2
        XCTAssertTrue(refusal(future.bytes()).contains("version 2"), refusal(future.bytes()))
        XCTAssertEqual(refusal(g.bytes()), "loaded")
    }
}
