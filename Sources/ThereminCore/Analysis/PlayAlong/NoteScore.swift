/// How one note of the score was played.
public struct NoteScore: Sendable, Equatable {
    /// The note, at the time it was due (seconds from the score's first beat, as paced).
    public var note: ScoreNote
    /// The cents off over the note's middle half: median, and standard deviation (a vibrato counts); nil when
    /// nothing sounded there.
    public var medianCents: Double?
    public var spreadCents: Double?
    /// Seconds from the note's start to the first moment within ±`PlayAlongScore.arrival` cents of it; nil when the
    /// pitch never came that close while the note lasted.
    public var lateness: Double?
    /// Whether, once arrived, the sound stayed on and the pitch's centre stayed on the note to its end.
    public var held: Bool
    /// The note's points, 0–100 (`PlayAlongScore.points`).
    public var points: Double

    public var reached: Bool { lateness != nil }
}
