import ThereminCore

/// `--report-audio`: the intonation figures checked against the sound itself. The performance is rendered (the
/// theremin alone, as `--replay --output` would) and the pitch estimator listens to the middle of every hold; the
/// largest difference from the hold's median pitch says whether the report can be trusted for this sound (a
/// waveform or effect that shifts the heard pitch would show here).
public struct AudioCrossCheck: Sendable, Equatable {
    /// Holds the estimator could measure.
    public var checked: Int
    /// The largest difference between heard and reported pitch, in cents.
    public var largestDifference: Double

    /// Renders `trace` with `sound` at `sampleRate` and listens to the middle of each of `report`'s holds.
    public init(trace: Trace, sound: SoundDescription, report: IntonationReport, sampleRate: Int = 48_000) {
        var described = sound
        described.backing = nil
        let render = RenderSetup.unmixedPerformance(of: trace, sound: described, sampleRate: sampleRate)
        let audio = render.renderedInMemory().left
        let low = (report.lowest ?? 100) / 1.5, high = (report.highest ?? 1_000) * 1.5
        let estimator = PitchEstimator(sampleRate: Double(sampleRate), minFrequency: low, maxFrequency: high)
        let window = estimator.preferredWindow
        let offset = render.plan.startTime
        var checked = 0
        var largest = 0.0
        for hold in report.holds {
            let middle = Int((((hold.start + hold.end) / 2 - offset) * Double(sampleRate)).rounded())
            let first = middle - window / 2
            guard first >= 0, first + window <= audio.count,
                  let heard = estimator.estimate(Array(audio[first..<(first + window)])) else { continue }
            let reported = Double(hold.midi) * 100 + hold.medianOffset
            largest = max(largest, abs(Note.midi(frequency: heard.frequency) * 100 - reported))
            checked += 1
        }
        self.checked = checked
        largestDifference = largest
    }

    /// One line for the report.
    public var summary: String {
        checked == 0 ? "sound check: no hold long enough to measure in the rendered sound"
            : String(format: "sound check: the rendered sound's pitch matches the report within %.1f¢ (%d holds measured)",
                     largestDifference, checked)
    }
}
