/// What the instrument played at one moment of a performance: the pitch and level the mapping gave for one trace
/// frame. The intonation report reads these, never the hand coordinates, so it judges what was heard.
public struct PitchPoint: Sendable, Equatable {
    /// Seconds from the start of the trace.
    public var t: Double
    public var frequency: Double
    /// Loudness in [0,1] (0 while silent).
    public var level: Double
    /// True while the gate was open (a hand present, the sound playing).
    public var sounding: Bool

    public init(t: Double, frequency: Double, level: Double, sounding: Bool) {
        self.t = t
        self.frequency = frequency
        self.level = level
        self.sounding = sounding
    }

    /// Pitch in cents above MIDI note 0 (A4 = 6900): a scale in which a cent is the same everywhere.
    public var cents: Double { Note.midi(frequency: frequency) * 100 }
}

extension ReplayPlan {
    /// The performance as the instrument played it, one point per trace frame, through the same smoothing and
    /// mapping as the sound (the closing fade-out the plan appends is left out).
    public var pitchPoints: [PitchPoint] {
        let frames = schedule.count > 1 ? schedule.dropLast() : schedule[...]
        return frames.map { timed in
            PitchPoint(t: Double(timed.sampleIndex) / sampleRate, frequency: timed.control.frequency,
                       level: timed.control.gate ? timed.control.amplitude : 0, sounding: timed.control.gate)
        }
    }
}
