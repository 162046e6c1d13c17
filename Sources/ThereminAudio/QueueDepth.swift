/// How much sound the audio thread keeps queued ahead of the speaker when the player gave no period: the smallest
/// depth this machine sustains, judged while playing.
///
/// Counted in periods still queued when the thread wakes to write the next one. Normally two. Shallow, one: a
/// control reaches the speaker a period sooner; only a real-time thread tries it, after `calm` seconds of wake-ups
/// all within half a period of when they were due and `relax` seconds without an underrun, and a late wake-up or an
/// underrun ends it at once. Three after an underrun, until `relax` seconds pass without another: a machine that
/// stalled will stall again, and one period more roughly halves its clicks for a period's latency. Why one and not
/// more, and the figures: docs/decisions.md (Audio output).
/// Plain values: the audio thread runs it with no allocation or lock.
public struct QueueDepth: Sendable, Equatable {
    /// The buffer an adapting output asks for, in periods: room for `maximumPeriods` queued and one written.
    public static let bufferPeriods = 4
    /// The depth most of the time: two periods queued at a wake-up.
    public static let normalPeriods = 2

    public let periodFrames: Int
    public let bufferFrames: Int
    /// Seconds of punctual wake-ups before going shallow (again).
    public let calm: Double
    /// Seconds without an underrun before a period added by one is taken back, or the queue may go shallow.
    public let relax: Double
    /// Whether the thread may go shallow: only a real-time thread is woken punctually enough.
    public let mayBeShallow: Bool
    /// Periods queued when a punctual wake-up finds the device.
    public private(set) var periods = QueueDepth.normalPeriods
    private var punctualSince: Double
    private var lastUnderrun: Double

    /// Starts at the normal depth at `now` (seconds on the monotonic clock): start-up is the busiest time.
    public init(periodFrames: Int, bufferFrames: Int, calm: Double = 5, relax: Double = 30, mayBeShallow: Bool = true,
                now: Double) {
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
        self.calm = calm
        self.relax = relax
        self.mayBeShallow = mayBeShallow
        punctualSince = now
        lastUnderrun = -.infinity
    }

    /// The deepest queue the buffer allows with a period's room to write: three periods in an adapting output's buffer.
    public var maximumPeriods: Int {
        max(Self.normalPeriods, min(Self.bufferPeriods, bufferFrames / periodFrames) - 1)
    }

    /// Whether the buffer has room for a shallow depth at all (at least three periods).
    public var canBeShallow: Bool { mayBeShallow && bufferFrames >= 3 * periodFrames }

    public var isShallow: Bool { periods == 1 }

    /// Free frames the device must have before the thread writes the next period (the thread sleeps the difference
    /// past a period; the device's own `avail_min` stays at a period).
    public var wakeThreshold: Int { max(periodFrames, bufferFrames - periods * periodFrames) }

    /// Frames queued when a punctual wake-up finds the device.
    public var queuedAtWake: Int { bufferFrames - wakeThreshold }

    /// The thread woke at `now` and found `queued` frames still queued. Returns whether `wakeThreshold` changed.
    public mutating func woke(queued: Int, at now: Double) -> Bool {
        if queuedAtWake - queued > periodFrames / 2 {
            punctualSince = now
            return set(max(periods, Self.normalPeriods))
        }
        if periods > Self.normalPeriods && now - lastUnderrun >= relax {
            lastUnderrun = now  // the next period back after another `relax`
            return set(periods - 1)
        }
        guard periods == Self.normalPeriods, canBeShallow, now - punctualSince >= calm, now - lastUnderrun >= relax
        else { return false }
        return set(1)
    }

    /// The device ran dry at `now`. Returns whether `wakeThreshold` changed.
    public mutating func underran(at now: Double) -> Bool {
        punctualSince = now
        lastUnderrun = now
        return set(isShallow ? Self.normalPeriods : min(maximumPeriods, periods + 1))
    }

    private mutating func set(_ newPeriods: Int) -> Bool {
        guard newPeriods != periods else { return false }
        periods = newPeriods
        return true
    }
}
