/// Where a play-along stands at a moment, for the displays: the count-in's beat, the note due now and the next,
/// and how far the pitch sounding is from the note due. The preview's lanes and the terminal line both read it.
public struct PlayAlongGuide: Sendable, Equatable {
    /// Cents either side of the note due within which it is shown as in tune.
    public static let inTune = 15.0
    /// Seconds after the last note's end at which the play-along is over.
    public static let ending = 1.0

    public let score: Score
    /// The first beat on the clock the displays read (the count-in starts one bar before it).
    public let firstBeat: Double

    public init(score: Score, firstBeat: Double) {
        self.score = score
        self.firstBeat = firstBeat
    }

    public struct Moment: Sendable, Equatable {
        /// Seconds from the first beat (negative during the count-in).
        public var elapsed: Double
        /// The count-in's beat (1 … beats in the bar), nil once the score has begun.
        public var countIn: Int?
        /// The note due now, and the next to come (indexes into the score's notes).
        public var current: Int?
        public var next: Int?
        /// The sounding pitch's cents off the note due, nil when no note is due or nothing sounds.
        public var cents: Double?
        /// Over: a moment past the last note's end.
        public var finished: Bool

        /// Within ±`PlayAlongGuide.inTune` cents of the note due.
        public var inTune: Bool { cents.map { abs($0) <= PlayAlongGuide.inTune } ?? false }
    }

    /// The moment at `time` (the displays' clock), with `frequency` sounding (nil: silent).
    public func moment(at time: Double, frequency: Double?) -> Moment {
        let elapsed = time - firstBeat
        var countIn: Int?
        if elapsed < 0, elapsed >= -score.countIn {
            countIn = min(score.beatsPerBar, Int(((elapsed + score.countIn) / score.beat).rounded(.down)) + 1)
        }
        let current = elapsed >= 0 ? score.noteIndex(at: elapsed) : nil
        let next = score.nextIndex(after: current.map { score.notes[$0].start + 1e-9 } ?? elapsed)
        var cents: Double?
        if let current, let frequency, frequency > 0 {
            cents = Note.midi(frequency: frequency) * 100 - score.notes[current].cents
        }
        return Moment(elapsed: elapsed, countIn: countIn, current: current, next: next, cents: cents,
                      finished: elapsed > score.duration + PlayAlongGuide.ending)
    }
}
