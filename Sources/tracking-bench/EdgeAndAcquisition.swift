import Foundation
import ThereminTracking

/// Continuity at the picture's edge (the selfie clip letterboxed into 640x480, where the hand reaches the black bar,
/// beside MediaPipe on the same frames) and the cost of a re-acquisition frame (palm detector + landmark model, still-
/// image mode, one thread).
func reportEdgeAndAcquisition(_ measures: inout Measures, clip: URL, reference: Reference?) throws {
    // Continuity at the picture's edge: the clip letterboxed into 640x480 (the hand reaches the black bar).
    let boxed = try measures.speed(clip: clip, resizedTo: (width: 640, height: 480), letterbox: true)
    let oursBoxed = boxed.tips.map { $0 != nil }
    if let theirs = reference?.letterboxedHands, theirs.count == oursBoxed.count {
        let theirsCount = theirs.filter { $0 }.count
        let kept = zip(oursBoxed, theirs).filter { $0.0 && $0.1 }.count
        let share = theirsCount > 0 ? Double(kept) / Double(theirsCount) : 1
        row("hand kept, clip letterboxed to 640x480", "\(oursBoxed.filter { $0 }.count)/\(oursBoxed.count)",
            "\(theirsCount)/\(theirs.count)", "",
            "\(format(share * 100, 1)) % of MediaPipe's frames " + (share >= 0.95 ? "(>= 95 %: met)" : "(>= 95 %: NOT met)"))
        print("  ours:      " + String(oursBoxed.map { $0 ? "x" : "." }))
        print("  MediaPipe: " + String(theirs.map { $0 ? "x" : "." }))
    } else {
        row("hand kept, clip letterboxed to 640x480", "\(oursBoxed.filter { $0 }.count)/\(oursBoxed.count)", "-", "",
            "no MediaPipe figure (MEDIAPIPE=1 recomputes them)")
    }

    // Re-acquisition: the palm detector and the landmark model on every frame (still-image mode), one thread.
    HandTracker.setThreadCount(1)
    measures.threads = 1
    let acquisition = try measures.speed(clip: clip, resizedTo: nil, mode: .stillImages)
    let acquisitionMedian = Statistics.median(acquisition.milliseconds)
    row("ms/frame re-acquisition (detector + landmarks), 1 thread", format(acquisitionMedian, 2), "", "",
        acquisitionMedian.map { $0 <= 16.7 ? "<= 16.7 ms: met" : "<= 16.7 ms: NOT met" } ?? "")
    print("  p90 \(format(Statistics.percentile(acquisition.milliseconds, 0.9), 2)) ms over \(acquisition.frames) frames")
}
