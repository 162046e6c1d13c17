import Foundation

/// Seconds on CLOCK_MONOTONIC: the clock V4L2 stamps buffers with, so capture times and audio times compare.
/// Every module reads time for latencies, timeouts and pacing here. Cheap and lock-free, so the audio thread may.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> Double {
        SystemClock.monotonic.seconds()
    }

    /// Sleeps `seconds` on the monotonic clock, all of them: a signal that interrupts the sleep does not cut it
    /// short, and the wall clock set back or forward does not stretch it. No allocation or lock, so the audio
    /// thread may.
    public static func sleep(_ seconds: Double) {
        SystemClock.monotonic.sleep(until: now() + max(seconds, 0))
    }
}
