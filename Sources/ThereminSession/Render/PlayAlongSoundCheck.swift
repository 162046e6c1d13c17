import ThereminCore

/// `--report-audio` of a play-along: its figures checked against the sound itself, as the intonation report's sound
/// check does. The take is rendered (the theremin alone) and the pitch estimator listens: over each note's middle
/// half every 5 ms for its median, and from the note's start every millisecond for the first moment within ±25
/// cents. The largest differences from the score's own figures say how far the score can be trusted for this sound:
/// its cents (within a cent) and its timing (within 5 ms).
public struct PlayAlongSoundCheck: Sendable, Equatable {
    /// Notes whose median the estimator could measure, and notes whose arrival it could time.
    public var checkedPitch: Int
    public var checkedTiming: Int
    /// The largest difference between the heard and the scored median, in cents, and arrival, in seconds.
    public var largestCents: Double
    public var largestLateness: Double

    /// Renders `trace` with `sound` and listens to each note of `score`, whose first beat fell at `firstBeat`.
    public init(trace: Trace, sound: SoundDescription, score: PlayAlongScore, firstBeat: Double, sampleRate: Int = 48_000) {
        var described = sound
        described.backing = nil
        let render = RenderSetup.unmixedPerformance(of: trace, sound: described, sampleRate: sampleRate)
        let audio = render.renderedInMemory().left
        let notes = score.notes.map(\.note.midi)
        let low = Note.frequency(midi: Double(notes.min() ?? 57) - 3), high = Note.frequency(midi: Double(notes.max() ?? 69) + 3)
        let estimator = PitchEstimator(sampleRate: Double(sampleRate), minFrequency: low, maxFrequency: high)
        let window = estimator.preferredWindow
        let rate = Double(sampleRate), offset = render.plan.startTime
        /// The heard pitch (cents) of the window centred on trace time `t`.
        func heard(at t: Double) -> Double? {
            let first = Int(((t - offset) * rate).rounded()) - window / 2
            guard first >= 0, first + window <= audio.count,
                  let estimate = estimator.estimate(Array(audio[first..<(first + window)])) else { return nil }
            return Note.midi(frequency: estimate.frequency) * 100
        }
        var pitchChecks = 0, timingChecks = 0, largestCents = 0.0, largestLateness = 0.0
        for judged in score.notes {
            let start = firstBeat + judged.note.start, duration = judged.note.duration, target = judged.note.cents
            if let scored = judged.medianCents {
                let middle = stride(from: start + duration / 4, through: start + 3 * duration / 4, by: 0.005)
                    .compactMap { heard(at: $0) }.map { $0 - target }
                if !middle.isEmpty {
                    largestCents = max(largestCents, abs(Statistics.median(middle) - scored))
                    pitchChecks += 1
                }
            }
            if let scored = judged.lateness,
               let arrival = stride(from: start, to: start + duration, by: 0.001)
                .first(where: { heard(at: $0).map { abs($0 - target) <= PlayAlongScore.arrival } ?? false }) {
                largestLateness = max(largestLateness, abs(arrival - start - scored))
                timingChecks += 1
            }
        }
        checkedPitch = pitchChecks
        checkedTiming = timingChecks
        self.largestCents = largestCents
        self.largestLateness = largestLateness
    }

    /// One line for the report.
    public var summary: String {
        checkedPitch + checkedTiming == 0 ? "play-along sound check: no note long enough to measure in the rendered sound"
            : String(format: "play-along sound check: the rendered sound's pitch matches the scores within %.1f¢ (%d notes) "
                     + "and its arrivals within %.1f ms (%d notes)", largestCents, checkedPitch, largestLateness * 1000,
                     checkedTiming)
    }
}
