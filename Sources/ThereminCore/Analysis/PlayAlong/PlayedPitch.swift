/// The pitch the instrument sounded at any moment of a performance, between frames as well as at them: each
/// frame's control holds until the next, its pitch moving along the path the control carries (`Control.advanced`),
/// as the audio thread plays it. What the play-along scoring samples, finer than the frames.
public struct PlayedPitch: Sendable {
    /// Each frame's time (seconds, trace time) and control, in time order.
    private let times: [Double]
    private let controls: [Control]
    /// How long the last frame lasts.
    private let lastLength: Double

    /// The performance as a replay plan schedules it (the closing fade-out left out).
    public init(plan: ReplayPlan) {
        let frames = plan.schedule.count > 1 ? plan.schedule.dropLast() : plan.schedule[...]
        times = frames.map { plan.startTime + Double($0.sampleIndex) / plan.sampleRate }
        controls = frames.map(\.control)
        lastLength = ReplayPlan.typicalInterval(ofTimes: times)
    }

    /// A performance known only at its points (each holds its pitch until the next).
    public init(points: [PitchPoint]) {
        times = points.map(\.t)
        controls = points.map { Control(frequency: $0.frequency, amplitude: $0.level, gate: $0.sounding) }
        lastLength = ReplayPlan.typicalInterval(ofTimes: times)
    }

    /// A performance as live play sent it: each frame's capture time and control.
    public init(times: [Double], controls: [Control]) {
        self.times = times
        self.controls = controls
        lastLength = ReplayPlan.typicalInterval(ofTimes: times)
    }

    /// When the sound first came on (trace time), nil when it never did.
    public var firstSound: Double? {
        zip(times, controls).first { $0.1.gate && $0.1.frequency > 0 }?.0
    }

    /// Seconds from the first frame to the end of the last.
    public var end: Double { (times.last ?? 0) + lastLength }

    /// The pitch sounding at `time` in cents above MIDI note 0, nil while silent or outside the performance.
    public func cents(at time: Double) -> Double? {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let index = low - 1
        let control = controls[index]
        guard control.gate, control.frequency > 0, index + 1 < times.count || time < times[index] + lastLength else {
            return nil
        }
        return Note.midi(frequency: control.advanced(by: time - times[index]).frequency) * 100
    }
}
