import CHandTracker
import Foundation

/// Milliseconds of each of `runs` runs of `graph` (after a warm-up) on one fixed pseudo-random input in [0, 1), as
/// the tracker feeds its crops; outputs are read into buffers made once. Exits with the reason if a run fails.
/// With `pause` (seconds) between runs, the network is timed as a camera paces it: back to back, it finds its
/// weights and buffers in the caches, which between a camera's frames the rest of the machine takes back.
func timeRuns(_ graph: OpaquePointer, runs: Int, pause: Double? = nil) -> [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let input = (0..<th_graph_input_size(graph, 0)).map { _ -> Float in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(state >> 40) / Float(1 << 24)
    }
    let slots = Int(th_graph_output_count(graph))
    let buffers = (0..<slots).map { UnsafeMutablePointer<Float>.allocate(capacity: th_graph_output_size(graph, Int32($0))) }
    defer { buffers.forEach { $0.deallocate() } }
    var outputPointers: [UnsafeMutablePointer<Float>?] = buffers
    var message = [CChar](repeating: 0, count: 512)
    var times: [Double] = []
    input.withUnsafeBufferPointer { input in
        var inputPointers: [UnsafePointer<Float>?] = [input.baseAddress]
        for run in 0..<(30 + runs) {
            if let pause, run > 0 { Thread.sleep(forTimeInterval: pause) }
            let start = DispatchTime.now().uptimeNanoseconds
            guard th_graph_run(graph, &inputPointers, 1, &outputPointers, Int32(slots), &message, message.count) == TH_OK else {
                fail(messageText(message))
            }
            if run >= 30 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
    }
    return times
}

/// The `fraction` percentile of `values` (nearest rank).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}
