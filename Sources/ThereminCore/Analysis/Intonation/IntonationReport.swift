/// How in tune a performance was: the notes the player held, how far each sat from its note, the share of held time
/// close to pitch, the worst notes and the range used. Built from what the instrument played (the trace through
/// the mapping), so it judges the sound, not the hand.
public struct IntonationReport: Sendable, Equatable {
    /// One note visited, over all its holds.
    public struct NoteFigures: Sendable, Equatable {
        public var midi: Int
        public var name: String
        public var holds: Int
        /// Seconds held in all.
        public var heldTime: Double
        /// Median offset of the vibrato's centre from the note in cents (positive: sharp).
        public var medianCents: Double
        /// Standard deviation of the offsets in cents: how steady the note was (vibrato counts).
        public var spreadCents: Double
        /// The vibrato of its longest hold that has one; nil when none swung.
        public var vibrato: VibratoFigures?
    }

    /// Seconds from the first to the last frame.
    public var duration: Double
    /// Seconds the sound was on.
    public var soundingTime: Double
    /// Seconds the pitch rested on a note.
    public var heldTime: Double
    /// Shares of the held time within ±10 and ±25 cents of the note (0 when nothing was held).
    public var shareWithin10: Double
    public var shareWithin25: Double
    /// Notes visited, lowest first.
    public var notes: [NoteFigures]
    /// Every hold, in time order (the plot colours them).
    public var holds: [HeldNote]
    /// Lowest and highest pitch sounded (Hz), nil when nothing sounded.
    public var lowest: Double?
    public var highest: Double?
    /// The scale and root the notes were judged against.
    public var scale: String
    public var root: String

    /// Analyses a performance.
    public init(points: [PitchPoint], settings: IntonationSettings) {
        let durations = PitchPoint.durations(points)
        holds = HoldFinder.holds(in: points, durations: durations, settings: settings)
        duration = (points.last?.t ?? 0) - (points.first?.t ?? 0)
        soundingTime = zip(points, durations).reduce(0) { $0 + ($1.0.sounding ? $1.1 : 0) }
        var within10 = 0.0, within25 = 0.0, held = 0.0
        for hold in holds {
            for (offset, weight) in zip(hold.offsets, hold.durations) {
                held += weight
                if abs(offset) <= 10 { within10 += weight }
                if abs(offset) <= 25 { within25 += weight }
            }
        }
        heldTime = held
        shareWithin10 = held > 0 ? within10 / held : 0
        shareWithin25 = held > 0 ? within25 / held : 0
        let byNote = Dictionary(grouping: holds, by: \.midi)
        notes = byNote.keys.sorted().compactMap { midi in
            guard let group = byNote[midi], let first = group.first else { return nil }
            let offsets = group.flatMap(\.offsets)
            let centres = group.flatMap { $0.centres.isEmpty ? $0.offsets : $0.centres }
            let vibrato = group.sorted { $0.duration > $1.duration }.lazy.compactMap(\.vibrato).first
            return NoteFigures(midi: midi, name: first.name, holds: group.count,
                               heldTime: group.reduce(0) { $0 + $1.duration },
                               medianCents: Statistics.median(centres), spreadCents: Statistics.standardDeviation(offsets),
                               vibrato: vibrato)
        }
        let sounded = points.filter { $0.sounding && $0.frequency > 0 }.map(\.frequency)
        lowest = sounded.min()
        highest = sounded.max()
        scale = settings.scale.name
        root = Note.names[((settings.root % 12) + 12) % 12]
    }

    /// The notes furthest from pitch (by median), worst first, at most `count`.
    public func worstNotes(_ count: Int = 3) -> [NoteFigures] {
        Array(notes.sorted { abs($0.medianCents) > abs($1.medianCents) }.prefix(count))
    }
}
