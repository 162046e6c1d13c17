/// How much sound the audio thread keeps queued ahead of the speaker when the player gave no period: the smallest
/// depth this machine sustains, judged while playing.
///
/// The buffer holds three periods. Shallow, the thread wakes when one period is left queued and writes the next: a
/// control reaches the speaker a period (2.7 ms at 128 frames) sooner than with two queued. A machine that delays
/// the thread (a hypervisor taking the CPU, a busy kernel) would then run the device dry, so every wake-up is
/// checked: one more than half a period late, or an underrun, makes it deep (two periods queued, the slack a loaded
/// machine needs); only after `calm` seconds of wake-ups all on time does it go shallow again. On a quiet machine
/// it stays shallow; under load it stays deep rather than trade underruns for latency. Plain values: the audio
/// thread runs it with no allocation or lock.
public struct QueueDepth: Sendable, Equatable {
    public let periodFrames: Int
    public let bufferFrames: Int
    /// Seconds of punctual wake-ups before going shallow (again).
    public let calm: Double
    public private(set) var isShallow = false
    private var punctualSince: Double

    /// Starts deep at `now` (seconds on the monotonic clock): start-up is the busiest time.
    public init(periodFrames: Int, bufferFrames: Int, calm: Double = 5, now: Double) {
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
        self.calm = calm
        punctualSince = now
    }

    /// Whether the buffer has room for a shallow depth at all (at least three periods).
    public var canBeShallow: Bool { bufferFrames >= 3 * periodFrames }

    /// Free frames the device must have before the thread writes the next period: one period deep, two shallow
    /// (the thread sleeps the difference; the device's own `avail_min` stays at a period).
    public var wakeThreshold: Int { isShallow ? bufferFrames - periodFrames : periodFrames }

    /// Frames queued when a punctual wake-up finds the device.
    public var queuedAtWake: Int { bufferFrames - wakeThreshold }

    /// The thread woke at `now` and found `queued` frames still queued. Returns whether `wakeThreshold` changed.
    public mutating func woke(queued: Int, at now: Double) -> Bool {
        if queuedAtWake - queued > periodFrames / 2 {
            return deepen(at: now)
        }
        guard !isShallow, canBeShallow, now - punctualSince >= calm else { return false }
        isShallow = true
        return true
    }

    /// The device ran dry at `now`. Returns whether `wakeThreshold` changed.
    public mutating func underran(at now: Double) -> Bool { deepen(at: now) }

    private mutating func deepen(at now: Double) -> Bool {
        punctualSince = now
        guard isShallow else { return false }
        isShallow = false
        return true
    }
}
