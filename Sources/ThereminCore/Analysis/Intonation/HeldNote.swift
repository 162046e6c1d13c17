/// One stretch of a performance where the pitch rested near one note long enough to count as playing it.
public struct HeldNote: Sendable, Equatable {
    /// The target note (MIDI number) it rested nearest to.
    public var midi: Int
    public var name: String
    /// Seconds from the start of the trace.
    public var start: Double
    public var end: Double
    /// How far off the note each point of the hold was, in cents, in time order, with each point's duration.
    public var offsets: [Double]
    public var durations: [Double]
    /// Each point's vibrato centre, in cents off the note (the point's own offset where the centre was not used).
    public var centres: [Double] = []

    /// Seconds held (the sum of the points' durations).
    public var duration: Double { durations.reduce(0, +) }
    /// The median offset of the vibrato's centre in cents: where the player's ear put the note.
    public var medianOffset: Double { Statistics.median(centres.isEmpty ? offsets : centres) }
}

/// Finds where the pitch rested: runs of sounding points whose vibrato's centre moves slower than a glide, near one
/// target note, for at least the minimum hold. The note is the one the centre is nearest (`VibratoCentre`), so a note
/// held 30 cents sharp with a ±25-cent vibrato is one note, not two; where the centre cannot be trusted (within half
/// a cycle of a glide) a point still rests when its own pitch does, as a still hand's does.
public enum HoldFinder {
    /// Cents from the note a point resting on its own pitch may be and still continue the hold before it.
    static let continuing = 75.0

    /// The holds in `points`, in time order.
    /// - Parameter durations: how long each point lasted (see `PitchPoint.durations`).
    public static func holds(in points: [PitchPoint], durations: [Double], settings: IntonationSettings) -> [HeldNote] {
        let cents = points.map(\.cents)
        let times = points.map(\.t)
        var holds: [HeldNote] = []
        var current: HeldNote?
        func close() {
            if let hold = current, hold.duration >= settings.minHold - 1e-9 { holds.append(hold) }
            current = nil
        }
        for run in soundingRuns(points) {
            let centres = VibratoCentre.centres(cents, times: times, range: run)
            let plain = restingFlags(cents, times: times, range: run, settings: settings)
            let steady = restingFlags(centres, times: Array(times[run]), range: 0...(run.count - 1), settings: settings)
            for index in run {
                let local = index - run.lowerBound
                let centre: Double
                let target: Int
                if steady[local] {
                    centre = centres[local]
                    target = settings.target(forCents: centre)
                } else if plain[local] {
                    centre = cents[index]
                    if let held = current?.midi, abs(centre - Double(held) * 100) <= continuing {
                        target = held
                    } else {
                        target = settings.target(forCents: centre)
                    }
                } else {
                    close()
                    continue
                }
                if current?.midi != target { close() }
                let point = points[index]
                var hold = current ?? HeldNote(midi: target, name: Note.name(midi: target), start: point.t, end: point.t,
                                               offsets: [], durations: [])
                hold.end = point.t + durations[index]
                hold.offsets.append(cents[index] - Double(target) * 100)
                hold.centres.append(centre - Double(target) * 100)
                hold.durations.append(durations[index])
                current = hold
            }
            close()
        }
        close()
        return holds
    }

    /// The index ranges of the runs of sounding points with a pitch.
    static func soundingRuns(_ points: [PitchPoint]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for (index, point) in points.enumerated() {
            let sounding = point.sounding && point.frequency > 0
            if sounding, start == nil { start = index }
            if !sounding, let first = start {
                runs.append(first...(index - 1))
                start = nil
            }
        }
        if let first = start { runs.append(first...(points.count - 1)) }
        return runs
    }

    /// Whether each value of `range` (in cents, at `times`) is resting: its speed across `speedWindow` either side,
    /// within the range, is at most `restingSpeed`. The flags are indexed from the range's start.
    static func restingFlags(_ values: [Double], times: [Double], range: ClosedRange<Int>,
                             settings: IntonationSettings) -> [Bool] {
        var flags = [Bool](repeating: false, count: range.count)
        var early = range.lowerBound, late = range.lowerBound
        for index in range {
            let t = times[index]
            while times[early] < t - settings.speedWindow - 1e-9 { early += 1 }
            late = max(late, index)
            while late + 1 <= range.upperBound, times[late + 1] <= t + settings.speedWindow + 1e-9 { late += 1 }
            let span = times[late] - times[early]
            let speed = span > 0 ? abs(values[late] - values[early]) / span : 0
            flags[index - range.lowerBound] = speed <= settings.restingSpeed
        }
        return flags
    }
}

extension PitchPoint {
    /// How long each point lasted: until the next one, at most `longest` (a gap in the trace is not held time);
    /// the last lasts the typical interval.
    public static func durations(_ points: [PitchPoint], longest: Double = 0.1) -> [Double] {
        guard points.count > 1 else { return points.map { _ in 1.0 / 30 } }
        var gaps = (1..<points.count).map { points[$0].t - points[$0 - 1].t }
        let typical = min(longest, max(0, Statistics.median(gaps)))
        gaps = gaps.map { min(longest, max(0, $0)) }
        return gaps + [typical]
    }
}
