/// A score for every note of a melody played along with, and one overall figure: the cents off over each note's
/// middle, how late the player arrived on it, whether it was held. Computed from the pitch as sounded
/// (`PlayedPitch`), sampled every millisecond for the arrival and every 5 ms for the rest, so timings are finer
/// than the camera's frames.
public struct PlayAlongScore: Sendable, Equatable {
    /// Cents from the note within which the player has arrived on it.
    public static let arrival = 25.0
    /// Cents from the note within which its centre must stay for it to be held (nearer it than its neighbours).
    public static let holding = 50.0
    /// Share of the time from the arrival to the note's end that must be held.
    public static let heldShare = 0.9
    /// The end of a note the player may spend leaving for the next: its last fifth, at most this many seconds.
    public static let leaving = 0.1
    /// Seconds between samples: arrival, and the middle's figures.
    static let arrivalStep = 0.001
    static let step = 0.005

    public var notes: [NoteScore]
    /// The mean of the notes' points, 0–100.
    public var overall: Double
    /// The title of the score played.
    public var title: String

    public var reached: Int { notes.filter(\.reached).count }
    public var held: Int { notes.filter(\.held).count }

    /// Scores `pitch` against `score`, whose first beat fell at `start` (trace seconds).
    public init(score: Score, pitch: PlayedPitch, start: Double) {
        title = score.title
        notes = score.notes.map { PlayAlongScore.judge($0, pitch: pitch, offset: start) }
        overall = notes.isEmpty ? 0 : notes.reduce(0) { $0 + $1.points } / Double(notes.count)
    }

    /// A note's points: up to 50 for its pitch (none from 50 cents off), 30 for arriving on time (none from a
    /// quarter of a second late), 20 for holding it; nothing for a note never reached.
    public static func points(medianCents: Double?, lateness: Double?, held: Bool) -> Double {
        guard let lateness else { return 0 }
        let pitch = medianCents.map { 50 * max(0, 1 - abs($0) / 50) } ?? 0
        return pitch + 30 * max(0, 1 - lateness / 0.25) + (held ? 20 : 0)
    }

    private static func judge(_ note: ScoreNote, pitch: PlayedPitch, offset: Double) -> NoteScore {
        let start = note.start + offset, end = note.end + offset
        let target = note.cents
        var lateness: Double?
        var t = start
        while t < end {
            if let cents = pitch.cents(at: t), abs(cents - target) <= arrival {
                lateness = t - start
                break
            }
            t = start + Double(Int(((t - start) / arrivalStep).rounded()) + 1) * arrivalStep
        }
        let middle = samples(pitch, from: start + note.duration / 4, to: end - note.duration / 4).compactMap { $0 }
            .map { $0 - target }
        let medianCents = middle.isEmpty ? nil : Statistics.median(middle)
        let spreadCents = middle.isEmpty ? nil : Statistics.standardDeviation(middle)
        var held = false
        if let lateness {
            let until = end - min(leaving, note.duration / 5)
            let stretch = samples(pitch, from: start + lateness, to: until)
            // A stretch of one sample (an arrival at the very end) is not a hold.
            if stretch.count > 1, stretch.allSatisfy({ $0 != nil }) {
                let cents = stretch.compactMap { $0 }
                let times = cents.indices.map { Double($0) * step }
                let centres = VibratoCentre.centres(cents, times: times, range: 0...(cents.count - 1))
                let on = centres.filter { abs($0 - target) <= holding }.count
                held = Double(on) >= heldShare * Double(centres.count)
            }
        }
        return NoteScore(note: note, medianCents: medianCents, spreadCents: spreadCents, lateness: lateness, held: held,
                         points: points(medianCents: medianCents, lateness: lateness, held: held))
    }

    /// The pitch every `step` seconds from `from` up to `to` (nil where silent).
    private static func samples(_ pitch: PlayedPitch, from: Double, to: Double) -> [Double?] {
        guard to > from else { return [] }
        let count = Int(((to - from) / step).rounded(.down)) + 1
        return (0..<count).map { pitch.cents(at: from + Double($0) * step) }
    }
}
