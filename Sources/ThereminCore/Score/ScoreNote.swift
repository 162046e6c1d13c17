/// One note of a melody to play along with: which note, and when, in seconds from the score's first beat.
public struct ScoreNote: Sendable, Equatable {
    /// MIDI note number.
    public var midi: Int
    /// Seconds from the score's first beat (after the count-in).
    public var start: Double
    public var duration: Double

    public init(midi: Int, start: Double, duration: Double) {
        self.midi = midi
        self.start = start
        self.duration = duration
    }

    public var end: Double { start + duration }
    public var name: String { Note.name(midi: midi) }
    /// The note's pitch in cents above MIDI note 0 (as `PitchPoint.cents`).
    public var cents: Double { Double(midi) * 100 }
}
