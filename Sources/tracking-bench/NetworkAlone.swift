import Foundation

/// The landmark network's own cost, beside MediaPipe's whole tracking frame: `model-check --time` (built beside this
/// benchmark) runs the graph on one thread with nothing around it. A frame can never cost less than this, so its
/// ratio to MediaPipe's frame is the floor of the per-frame ratio on XNNPACK's float kernels.
func reportNetworkAlone(landmarkGraph: String, reference: Reference?) {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("model-check")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
        print("  (landmark network alone: \(tool.path) not built; `make bench-tracking` builds it)")
        return
    }
    let process = Process()
    let pipe = Pipe()
    process.executableURL = tool
    process.arguments = ["--time", landmarkGraph, "500"]
    process.standardOutput = pipe
    do {
        try process.run()
    } catch {
        print("  (landmark network alone: cannot run \(tool.path): \(error))")
        return
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let figures = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard process.terminationStatus == 0, figures.count == 2 else {
        print("  (landmark network alone: model-check failed: \(output))")
        return
    }
    row("  landmark network alone / MediaPipe frame", format(figures[0], 2), format(reference?.trackingMsOneCore, 2),
        ratio(figures[0], reference?.trackingMsOneCore), "floor of the frame's ratio")
    row("  landmark network alone / same in TFLite", format(figures[0], 2), format(reference?.landmarkNetworkMs, 2),
        ratio(figures[0], reference?.landmarkNetworkMs), "")
    print("  ours: model-check --time, XNNPACK (Debian's) float, 1 thread, p90 \(format(figures[1], 2)) ms over 500 runs; "
        + "theirs: MediaPipe's hand_landmark_lite.tflite in tflite-runtime 2.14 (XNNPACK delegate), 1 thread")
}
