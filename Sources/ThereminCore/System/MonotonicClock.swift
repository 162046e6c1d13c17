import Foundation

/// Seconds on CLOCK_MONOTONIC: the clock V4L2 stamps buffers with, so capture times and audio times compare.
/// Every module reads time for latencies, timeouts and pacing here. Cheap and lock-free, so the audio thread may.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> Double {
        SystemClock.monotonic.seconds()
    }
}
