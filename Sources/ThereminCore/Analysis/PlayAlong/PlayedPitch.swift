/// The pitch the instrument sounded at any moment of a performance, between frames as well as at them, read from
/// the voice playing the performance every millisecond (its glide and its path between frames included). What the
/// play-along scoring samples, finer than the frames.
public struct PlayedPitch: Sendable {
    /// The voice's pitch (cents above MIDI note 0; NaN while its gate was closed) from each time (seconds, trace
    /// time) to the next, a millisecond apart.
    private let times: [Double]
    private let pitches: [Double]

    /// The performance of a replay plan as `voice` sounds it (`init(voice:…)`).
    public init(plan: ReplayPlan, voice: VoiceSettings) {
        self.init(voice: Voice(settings: voice, sampleRate: plan.sampleRate), sampleRate: plan.sampleRate,
                  schedule: plan.schedule, startTime: plan.startTime, frames: (plan.schedule.last?.sampleIndex ?? 0) + 1)
    }

    /// A live performance as `voice` sounds it: each frame's capture time and control, as the tracking loop sent
    /// them, scheduled at their times from the first.
    public init(times: [Double], controls: [Control], voice: VoiceSettings, sampleRate: Double) {
        let start = times.first ?? 0
        let schedule = zip(times, controls).map {
            TimedControl(sampleIndex: Int((($0.0 - start) * sampleRate).rounded()), control: $0.1)
        }
        self.init(voice: Voice(settings: voice, sampleRate: sampleRate), sampleRate: sampleRate, schedule: schedule,
                  startTime: start, frames: (schedule.last?.sampleIndex ?? 0) + Int(sampleRate / 30))
    }

    /// The pitch `voice` sounds playing `schedule`, read from the voice itself every millisecond: its glide and the
    /// path it follows between frames included, so the score judges what was heard.
    /// - Parameters:
    ///   - startTime: the time (seconds) of sample index 0.
    ///   - frames: how many samples to play (the schedule's last entry, or more).
    public init(voice: Voice, sampleRate: Double, schedule: [TimedControl], startTime: Double, frames: Int) {
        var voice = voice
        let step = max(1, Int((sampleRate / 1_000).rounded()))
        var scratch = [Float](repeating: 0, count: step)
        var times: [Double] = [], pitches: [Double] = []
        times.reserveCapacity(frames / step + 1)
        pitches.reserveCapacity(frames / step + 1)
        var next = 0
        var position = 0
        scratch.withUnsafeMutableBufferPointer { buffer in
            guard let output = buffer.baseAddress else { return }
            while position < frames {
                while next < schedule.count && schedule[next].sampleIndex <= position {
                    voice.apply(schedule[next].control)
                    next += 1
                }
                let chunk = min(step, frames - position, next < schedule.count ? schedule[next].sampleIndex - position : step)
                voice.render(into: output, count: max(1, chunk))
                position += max(1, chunk)
                // What sounds at the chunk's end, for the millisecond from there.
                times.append(startTime + Double(position) / sampleRate)
                let frequency = voice.currentFrequency
                pitches.append(voice.isGateOpen && frequency > 0 ? Note.midi(frequency: frequency) * 100 : .nan)
            }
        }
        self.times = times
        self.pitches = pitches
    }

    /// When the sound first came on (trace time), nil when it never did.
    public var firstSound: Double? {
        zip(times, pitches).first { !$0.1.isNaN }?.0
    }

    /// The pitch sounding at `time` in cents above MIDI note 0, nil while silent or outside the performance (up to
    /// a millisecond after its last reading).
    public func cents(at time: Double) -> Double? {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let index = low - 1
        guard !pitches[index].isNaN, index + 1 < times.count || time < times[index] + 0.001 else { return nil }
        return pitches[index]
    }
}
