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

    /// Seconds held (the sum of the points' durations).
    public var duration: Double { durations.reduce(0, +) }
    /// The median offset in cents: where the player's ear put the note.
    public var medianOffset: Double { Statistics.median(offsets) }
}

/// Finds where the pitch rested: runs of sounding points that move slower than a glide, near one target note, for
/// at least the minimum hold.
public enum HoldFinder {
    /// The holds in `points`, in time order.
    /// - Parameter durations: how long each point lasted (see `PitchPoint.durations`).
    public static func holds(in points: [PitchPoint], durations: [Double], settings: IntonationSettings) -> [HeldNote] {
        let resting = restingFlags(points, settings: settings)
        var holds: [HeldNote] = []
        var current: HeldNote?
        func close() {
            if let hold = current, hold.duration >= settings.minHold - 1e-9 { holds.append(hold) }
            current = nil
        }
        for (index, point) in points.enumerated() {
            guard point.sounding, resting[index], point.frequency > 0 else {
                close()
                continue
            }
            let cents = point.cents
            let target = settings.target(forCents: cents)
            if current?.midi != target { close() }
            var hold = current ?? HeldNote(midi: target, name: Note.name(midi: target), start: point.t, end: point.t,
                                           offsets: [], durations: [])
            hold.end = point.t + durations[index]
            hold.offsets.append(cents - Double(target) * 100)
            hold.durations.append(durations[index])
            current = hold
        }
        close()
        return holds
    }

    /// Whether each point is resting: its pitch's speed across `speedWindow` either side (within its sounding
    /// run) is at most `restingSpeed`.
    static func restingFlags(_ points: [PitchPoint], settings: IntonationSettings) -> [Bool] {
        var flags = [Bool](repeating: false, count: points.count)
        var runStart = 0
        while runStart < points.count {
            guard points[runStart].sounding else {
                runStart += 1
                continue
            }
            var runEnd = runStart
            while runEnd + 1 < points.count, points[runEnd + 1].sounding { runEnd += 1 }
            let cents = points[runStart...runEnd].map(\.cents)
            var early = runStart, late = runStart
            for index in runStart...runEnd {
                let t = points[index].t
                while points[early].t < t - settings.speedWindow - 1e-9 { early += 1 }
                late = max(late, index)
                while late + 1 <= runEnd, points[late + 1].t <= t + settings.speedWindow + 1e-9 { late += 1 }
                let span = points[late].t - points[early].t
                let speed = span > 0 ? abs(cents[late - runStart] - cents[early - runStart]) / span : 0
                flags[index] = speed <= settings.restingSpeed
            }
            runStart = runEnd + 1
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
