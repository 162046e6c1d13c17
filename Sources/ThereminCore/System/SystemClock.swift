import Foundation

/// The kernel's clocks, read in one place (`clock_gettime`, a vDSO call: cheap and lock-free, so the audio thread
/// may read them).
enum SystemClock {
    /// `CLOCK_MONOTONIC`.
    case monotonic
    /// `CLOCK_REALTIME`: the wall clock, which can jump.
    case realtime

    @inline(__always)
    func seconds() -> Double {
        var ts = timespec()
        clock_gettime(self == .monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
