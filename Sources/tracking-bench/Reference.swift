import Foundation

/// MediaPipe's own figures on the corpus, as printed by the models' tools/mediapipe_reference.py.
struct Reference {
    var detectedWebcam: Int?
    var totalWebcam: Int?
    var detectedAll: Int?
    var totalAll: Int?
    var falsePositiveImages: Int?
    var falsePositiveClipFrames: Int?
    var medianTipError: Double?
    var matchedHands: Int?
    var trackingMsAllCores: Double?
    var trackingMsOneCore: Double?
    /// MediaPipe's landmark network alone in the TFLite interpreter (XNNPACK delegate, one thread), median ms.
    var landmarkNetworkMs: Double?
    /// The same with `max_num_hands=2` (MediaPipe then runs its palm detector on every frame with one hand visible).
    var twoHandTrackingMsAllCores: Double?
    var twoHandTrackingMsOneCore: Double?
    /// MediaPipe's index tip (normalized, camera view) on each frame of the tracking clip, nil where it found no hand.
    var trackingTips: [(x: Double, y: Double)?]?
    /// Whether MediaPipe had the hand on each frame of the clip letterboxed into 640x480 (one hand, one core).
    var letterboxedHands: [Bool]?
    /// On the far-player scenes: MediaPipe lite's hands found per size ("half", "third") and false positives, and
    /// MediaPipe full's index tip and palm size in pixels per scene.
    var farLiteFound: [String: Int] = [:]
    var farLiteFalsePositives = 0
    var farFullTips: [String: (x: Double, y: Double, palm: Double)] = [:]
    var source: String

    /// Reads the figures JSON (stdout of tools/mediapipe_reference.sh).
    init(contentsOf url: URL) throws {
        source = url.path
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw BenchError("\(url.path) is not a JSON object of MediaPipe figures")
        }
        func dig(_ path: String...) -> Any? {
            var value: Any? = object
            for key in path { value = (value as? [String: Any])?[key] }
            return value
        }
        detectedWebcam = dig("detection", "webcam", "detected") as? Int
        totalWebcam = dig("detection", "webcam", "total") as? Int
        detectedAll = dig("detection", "all", "detected") as? Int
        totalAll = dig("detection", "all", "total") as? Int
        falsePositiveImages = dig("negatives", "images", "false_positives") as? Int
        falsePositiveClipFrames = dig("negatives", "clip_frames", "false_positives") as? Int
        medianTipError = dig("tip_error", "median_palm_units") as? Double
        matchedHands = dig("tip_error", "matched_hands") as? Int
        trackingMsAllCores = dig("tracking", "max_num_hands_1", "all_cores", "ms_per_frame_median") as? Double
        trackingMsOneCore = dig("tracking", "max_num_hands_1", "one_core", "ms_per_frame_median") as? Double
        landmarkNetworkMs = dig("tracking", "landmark_network_one_core", "ms_median") as? Double
        twoHandTrackingMsAllCores = dig("tracking", "max_num_hands_2", "all_cores", "ms_per_frame_median") as? Double
        twoHandTrackingMsOneCore = dig("tracking", "max_num_hands_2", "one_core", "ms_per_frame_median") as? Double
        letterboxedHands = dig("tracking", "letterboxed_640x480", "hand_per_frame") as? [Bool]
        farLiteFound = dig("far_players", "lite_found") as? [String: Int] ?? [:]
        farLiteFalsePositives = dig("far_players", "lite_false_positives") as? Int ?? 0
        for (scene, value) in dig("far_players", "full_tips") as? [String: [String: Any]] ?? [:] {
            if let tip = value["tip_px"] as? [Double], tip.count == 2, let palm = value["palm_px"] as? Double {
                farFullTips[scene] = (x: tip[0], y: tip[1], palm: palm)
            }
        }
        if let details = dig("details_file") as? String, let clip = dig("tracking", "clip") as? String,
           let data = try? Data(contentsOf: URL(fileURLWithPath: details)),
           let perFrame = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let tips = perFrame["tracking/all_cores_1/\(URL(fileURLWithPath: clip).lastPathComponent)"] as? [Any] {
            trackingTips = tips.map { tip in
                guard let xy = tip as? [Double], xy.count == 2 else { return nil }
                return (x: xy[0], y: xy[1])
            }
        }
    }

    /// Runs the reference tool (it builds its own throwaway venv) and reads what it prints.
    static func run(tool: URL, corpus: URL, output: URL, farPlayers: URL? = nil) throws -> Reference {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--corpus", corpus.path,
                             "--details", output.deletingLastPathComponent().appendingPathComponent("mediapipe-details.json").path]
            + (farPlayers.map { ["--far-players", $0.path] } ?? [])
        guard FileManager.default.createFile(atPath: output.path + ".part", contents: nil) else {
            throw BenchError("cannot write \(output.path).part")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".part"))
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(tool.path) failed with status \(process.terminationStatus)")
        }
        _ = try? FileManager.default.removeItem(at: output)
        try FileManager.default.moveItem(atPath: output.path + ".part", toPath: output.path)
        return try Reference(contentsOf: output)
    }
}
