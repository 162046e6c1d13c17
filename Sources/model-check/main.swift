// model-check: runs a graph file through the tracker's XNNPACK runtime on raw inputs, for models/convert.sh's check
// against the TFLite interpreter (offline tool; the product never runs it).
//
//   model-check GRAPH INPUTS.f32 OUTPUTS.f32
//   model-check --time GRAPH [RUNS] [--pause MS]
//
// INPUTS.f32 holds any number of inputs back to back (float32, NHWC, the graph's one input size each); OUTPUTS.f32
// receives, per input, every output slot in the graph's order. Slot names and sizes are printed on stdout.
// With --time, the graph runs RUNS times (default 300, after 30 to warm up) on one thread on a fixed pseudo-random
// input, and `median_ms p90_ms` of one run is printed: the network's own cost, without the tracker's crop and
// decoding (`make bench-tracking` sets it beside MediaPipe's whole frame). With --pause, MS milliseconds pass
// between runs, as between a camera's frames (scripts/measure-live: the networks alone at the camera's pace).
import CHandTracker
import Foundation

/// The text of a C message buffer, up to its terminating zero.
func messageText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("model-check: \(message)\n".utf8))
    exit(2)
}

let usage = "usage: model-check GRAPH INPUTS.f32 OUTPUTS.f32 | model-check --time GRAPH [RUNS] [--pause MS]"
let arguments = CommandLine.arguments
var message = [CChar](repeating: 0, count: 512)

/// The graph at `path`, built for one thread, or the reason on stderr and exit 2.
func loadGraph(_ path: String) -> OpaquePointer {
    var graph: OpaquePointer?
    var message = [CChar](repeating: 0, count: 512)
    guard th_graph_load(path, 1, &graph, &message, message.count) == TH_OK, let graph else { fail(messageText(message)) }
    return graph
}

if arguments.count >= 3, arguments[1] == "--time" {
    var rest = Array(arguments.dropFirst(3))
    var pause: Double?
    if let flag = rest.firstIndex(of: "--pause") {
        guard flag + 1 < rest.count, let ms = Double(rest[flag + 1]), ms >= 0, ms <= 10_000 else { fail(usage) }
        pause = ms / 1000
        rest.removeSubrange(flag...(flag + 1))
    }
    guard rest.count <= 1, let runs = rest.first.map({ Int($0) }) ?? 300, runs > 0 else { fail(usage) }
    let graph = loadGraph(arguments[2])
    let times = timeRuns(graph, runs: runs, pause: pause)
    th_graph_destroy(graph)
    print(String(format: "%.3f %.3f", percentile(times, 0.5), percentile(times, 0.9)))
    exit(0)
}
guard arguments.count == 4 else { fail(usage) }
let graph = loadGraph(arguments[1])
defer { th_graph_destroy(graph) }
guard th_graph_input_count(graph) == 1 else { fail("\(arguments[1]) has \(th_graph_input_count(graph)) inputs") }
let inputSize = th_graph_input_size(graph, 0)
guard let data = FileManager.default.contents(atPath: arguments[2]),
      data.count % (inputSize * 4) == 0 else { fail("\(arguments[2]) is not a whole number of \(inputSize)-float inputs") }
let inputs: [Float] = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
let slots = Int(th_graph_output_count(graph))
var outputs = (0..<slots).map { [Float](repeating: 0, count: th_graph_output_size(graph, Int32($0))) }
var written = Data()
for start in stride(from: 0, to: inputs.count, by: inputSize) {
    let status = inputs[start..<(start + inputSize)].withUnsafeBufferPointer { input -> th_status in
        var inputPointers: [UnsafePointer<Float>?] = [input.baseAddress]
        var outputPointers: [UnsafeMutablePointer<Float>?] = []
        let buffers = outputs.indices.map { i in UnsafeMutableBufferPointer<Float>.allocate(capacity: outputs[i].count) }
        defer { buffers.forEach { $0.deallocate() } }
        outputPointers = buffers.map { $0.baseAddress }
        let status = th_graph_run(graph, &inputPointers, 1, &outputPointers, Int32(slots), &message, message.count)
        for i in outputs.indices { outputs[i] = Array(buffers[i]) }
        return status
    }
    guard status == TH_OK else { fail(messageText(message)) }
    for output in outputs { output.withUnsafeBytes { written.append(contentsOf: $0) } }
}
// Written in place (not to a temporary name and renamed): the output may be a device such as /dev/null.
guard let file = fopen(arguments[3], "wb") else { fail("cannot write \(arguments[3]): \(String(cString: strerror(errno)))") }
let complete = written.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == written.count
guard fclose(file) == 0, complete else { fail("cannot write \(arguments[3]): \(String(cString: strerror(errno)))") }
for slot in 0..<slots {
    print("\(String(cString: th_graph_output_name(graph, Int32(slot)))) \(th_graph_output_size(graph, Int32(slot)))")
}
