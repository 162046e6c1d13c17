import Foundation
import ThereminTracking

/// Continuity at the picture's edge: the selfie clip letterboxed into 640x480, where the hand reaches the black bar,
/// beside MediaPipe on the same frames.
func reportEdge(_ boxed: Measures.Speed, reference: Reference?) {
    let ours = boxed.tips.map { $0 != nil }
    let oursText = "\(ours.filter { $0 }.count)/\(ours.count)"
    guard let theirs = reference?.letterboxedHands, theirs.count == ours.count else {
        row("hand kept, clip letterboxed to 640x480", oursText, "-", "", "no MediaPipe figure (MEDIAPIPE=1 recomputes them)")
        return
    }
    let theirsCount = theirs.filter { $0 }.count
    let kept = zip(ours, theirs).filter { $0.0 && $0.1 }.count
    let share = theirsCount > 0 ? Double(kept) / Double(theirsCount) : 1
    row("hand kept, clip letterboxed to 640x480", oursText, "\(theirsCount)/\(theirs.count)", "",
        "\(format(share * 100, 1)) % of MediaPipe's frames " + (share >= 0.95 ? "(>= 95 %: met)" : "(>= 95 %: NOT met)"))
    print("  ours:      " + String(ours.map { $0 ? "x" : "." }))
    print("  MediaPipe: " + String(theirs.map { $0 ? "x" : "." }))
}

/// A re-acquisition frame's cost: the palm detector and the landmark model on every frame (still-image mode).
func reportAcquisition(_ acquisition: Measures.Speed) {
    let median = Statistics.median(acquisition.milliseconds)
    let verdict = median.map { $0 <= 16.7 ? "<= 16.7 ms: met" : "<= 16.7 ms: NOT met" } ?? ""
    row("ms/frame re-acquisition (detector + landmarks), 1 thread", format(median, 2), "", "", verdict)
    print("  p90 \(format(Statistics.percentile(acquisition.milliseconds, 0.9), 2)) ms over \(acquisition.frames) frames")
}
