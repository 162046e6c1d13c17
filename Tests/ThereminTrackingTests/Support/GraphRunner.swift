import CHandTracker
import Foundation

/// The text of a C message buffer, up to its terminating zero.
func messageText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A graph file run through CHandTrackerGraph.h, the tracker's own XNNPACK runtime.
final class GraphRunner {
    struct Failure: Error, CustomStringConvertible {
        let status: th_status
        let description: String
    }

    private let handle: OpaquePointer

    init(path: String, threads: Int32 = 1) throws {
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        let status = th_graph_load(path, threads, &handle, &message, message.count)
        guard status == TH_OK, let handle else {
            throw Failure(status: status, description: messageText(message))
        }
        self.handle = handle
    }

    deinit { th_graph_destroy(handle) }

    var outputNames: [String] {
        (0..<th_graph_output_count(handle)).map { String(cString: th_graph_output_name(handle, $0)) }
    }

    /// Runs the graph on one input and returns every output slot.
    func run(_ input: [Float]) throws -> [[Float]] {
        var message = [CChar](repeating: 0, count: 512)
        let count = Int(th_graph_output_count(handle))
        var outputs = (0..<count).map { [Float](repeating: .nan, count: th_graph_output_size(handle, Int32($0))) }
        let status = input.withUnsafeBufferPointer { inputBuffer -> th_status in
            var inputs: [UnsafePointer<Float>?] = [inputBuffer.baseAddress]
            let buffers = outputs.map { UnsafeMutableBufferPointer<Float>.allocate(capacity: $0.count) }
            defer { buffers.forEach { $0.deallocate() } }
            var pointers: [UnsafeMutablePointer<Float>?] = buffers.map(\.baseAddress)
            let status = th_graph_run(handle, &inputs, 1, &pointers, Int32(count), &message, message.count)
            for index in outputs.indices { outputs[index] = Array(buffers[index]) }
            return status
        }
        guard status == TH_OK else { throw Failure(status: status, description: messageText(message)) }
        return outputs
    }
}
