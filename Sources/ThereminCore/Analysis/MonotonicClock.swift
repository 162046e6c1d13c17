import Foundation

/// Seconds on CLOCK_MONOTONIC: the clock V4L2 stamps buffers with, so capture times and audio times compare.
/// Cheap and lock-free (a vDSO call), so the audio thread may read it.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
