import Foundation

/// Collects per-frame latencies of the live pipeline and reports medians and 95th percentiles, the way `--stats`
/// prints them. Values are seconds; the report is in milliseconds. Each stage is a `LatencyHistogram`, so a
/// performance of any length takes the same memory.
public struct LatencyStats: Sendable {
    /// The stages, in pipeline order.
    public enum Stage: String, Sendable, CaseIterable {
        /// Frame captured → tracker result (waiting for the tracker plus tracking itself).
        case captureToTracked = "capture→tracked"
        /// Time inside the tracker alone.
        case tracking = "tracking"
        /// Tracker result → control applied in the audio thread.
        case trackedToApplied = "tracked→applied"
        /// Control applied → its first sample reaches the device output.
        case appliedToAudible = "applied→audible"
        /// Frame captured → sound out: the whole latency.
        case total = "total"
    }

    private var values: [Stage: LatencyHistogram] = [:]
    /// Frames the capture dropped because tracking was busy (newest frame wins), from the first frame tracked on.
    public var droppedFrames = 0
    /// Frames the camera sent before the first was tracked (while the program was starting).
    public var droppedWhileStarting = 0
    /// Frames the tracker processed.
    public var trackedFrames = 0
    /// ALSA underruns recovered.
    public var underruns = 0
    /// Wall-clock seconds the run lasted (for tracker fps).
    public var duration = 0.0
    /// Of the dropped frames, those that arrived damaged (broken MJPEG frames): not good frames lost.
    public var damagedFrames = 0
    /// Of the dropped frames, those the tracker skipped because they had waited longer than a frame interval.
    public var staleFrames = 0
    /// The tracking rate chosen and why ("rate: …"), printed under the tracker's line.
    public var rateLine: String?
    /// What the tracker's networks took beside the whole process ("networks: …"), printed last.
    public var networkLine: String?

    public init() {}

    public mutating func add(_ stage: Stage, _ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        values[stage, default: LatencyHistogram()].add(seconds)
    }

    /// Number of values recorded for a stage.
    public func count(_ stage: Stage) -> Int { values[stage]?.count ?? 0 }

    /// Median and 95th percentile of a stage in seconds, or nil when nothing was recorded.
    public func summary(_ stage: Stage) -> (median: Double, p95: Double)? {
        guard let histogram = values[stage], let median = histogram.percentile(0.5),
              let p95 = histogram.percentile(0.95) else { return nil }
        return (median, p95)
    }

    /// Nearest-rank percentile of sorted values.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The multi-line report printed by `--stats`.
    public func report() -> String {
        var lines = ["latency (ms)        median    p95    frames"]
        for stage in Stage.allCases {
            let name = "  " + stage.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)
            if let s = summary(stage) {
                lines.append(name + String(format: " %6.1f %6.1f %7d", s.median * 1000, s.p95 * 1000, count(stage)))
            } else {
                lines.append(name + "    n/a    n/a       0")
            }
        }
        let fps = duration > 0 ? Double(trackedFrames) / duration : 0
        var line = String(format: "tracker %.1f fps, %d frames tracked, %d dropped, %d underrun(s), %.1f s",
                          fps, trackedFrames, droppedFrames, underruns, duration)
        if droppedWhileStarting > 0 { line += " (and \(droppedWhileStarting) frames sent while starting)" }
        if damagedFrames > 0 { line += "; \(damagedFrames) of the dropped damaged" }
        if staleFrames > 0 { line += "; \(staleFrames) of the dropped skipped as stale" }
        lines.append(line)
        if let rateLine { lines.append(rateLine) }
        if let networkLine { lines.append(networkLine) }
        return lines.joined(separator: "\n")
    }
}
