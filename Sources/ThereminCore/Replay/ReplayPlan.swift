/// Turns a trace into a schedule of controls at exact sample positions, through the same smoothing and mapping as
/// live play, plus the tail needed for the last fade and the echoes to die away.
public struct ReplayPlan: Sendable {
    public let schedule: [TimedControl]
    /// The sound's changes the player asked for (the waveform), at the sample of the row they apply from.
    public let changes: [TimedChange]
    public let totalFrames: Int
    public let sampleRate: Double
    /// Trace time of sample index 0 (the first sample's `t`).
    public let startTime: Double

    /// - Parameters:
    ///   - trace: the samples to play.
    ///   - mapper: smoothing and mapping (a fresh copy is used; the argument is not changed).
    ///   - sampleRate: output rate.
    ///   - tail: seconds rendered after the last sample, for the fade and the effect tail.
    ///   - presets: the presets the take may switch to (`# sound: NAME`), by name: sound `i + 1` of the switch is
    ///     `presets[i]`; a preset not among them is not switched to.
    public init(trace: Trace, mapper: ControlMapper, sampleRate: Double, tail: Double,
                presets: [(name: String, mapper: ControlMapper)] = []) {
        var mapper = mapper
        let start = trace.samples.first?.t ?? 0
        var schedule: [TimedControl] = []
        schedule.reserveCapacity(trace.samples.count + 1)
        var changes: [TimedChange] = []
        var muted = false
        var actions = trace.actions[...]
        var sounds = trace.soundChanges[...]
        for (row, frame) in trace.frames.enumerated() {
            let index = Int(((frame.t - start) * sampleRate).rounded())
            while let next = sounds.first, next.row <= row {
                sounds = sounds.dropFirst()
                guard let preset = presets.firstIndex(where: { $0.name == next.preset }) else { continue }
                mapper.takeSound(of: presets[preset].mapper)
                changes.append(TimedChange(sampleIndex: index, change: .sound(preset + 1)))
            }
            // The player's actions before this row, as live play did them at this frame.
            while let next = actions.first, next.row <= row {
                actions = actions.dropFirst()
                mapper.apply(next.action)
                switch next.action {
                case .mute: muted.toggle()
                case .nextWaveform: changes.append(TimedChange(sampleIndex: index, change: .nextWaveform))
                default: break
                }
            }
            var control = mapper.control(for: frame)
            if muted { control.gate = false }
            schedule.append(TimedControl(sampleIndex: index, control: control))
        }
        self.changes = changes
        let lastIndex = schedule.last?.sampleIndex ?? 0
        let frameInterval = ReplayPlan.typicalInterval(trace.samples)
        let endIndex = lastIndex + Int((frameInterval * sampleRate).rounded())
        if let last = schedule.last?.control {
            schedule.append(TimedControl(sampleIndex: endIndex,
                                         control: Control(frequency: last.frequency, amplitude: 0, gate: false,
                                                          sourceTime: start + Double(endIndex) / sampleRate)))
        }
        self.schedule = schedule
        self.totalFrames = endIndex + Int((tail * sampleRate).rounded())
        self.sampleRate = sampleRate
        self.startTime = start
    }

    /// The control in force at a sample position (for displays).
    public func control(at frame: Int) -> Control? {
        var lo = 0, hi = schedule.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if schedule[mid].sampleIndex <= frame { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : schedule[lo - 1].control
    }

    /// Median time between samples, or 1/30 s for traces too short to tell.
    static func typicalInterval(_ samples: [HandSample]) -> Double {
        guard samples.count > 2 else { return 1.0 / 30 }
        var gaps: [Double] = []
        gaps.reserveCapacity(samples.count - 1)
        for i in 1..<samples.count { gaps.append(samples[i].t - samples[i - 1].t) }
        gaps.sort()
        let median = gaps[gaps.count / 2]
        return median > 0 ? median : 1.0 / 30
    }

    /// Seconds to render after the end so that the fade and the echoes finish.
    public static func tail(voice: VoiceSettings, delay: DelaySettings?) -> Double {
        var seconds = voice.fade / 1000 + 0.05
        if let delay, delay.mix > 0 {
            // Echoes fall below -60 dB after log(0.001)/log(feedback) repeats.
            let repeats = delay.feedback > 0.001 ? min(20, (log(0.001) / log(delay.feedback)).rounded(.up)) : 1
            seconds += delay.time / 1000 * max(1, repeats)
        }
        return min(seconds, 30)
    }
}

import Foundation
