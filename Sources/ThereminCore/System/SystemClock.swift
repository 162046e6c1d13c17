import Foundation

/// The kernel's clocks, read in one place (`clock_gettime`, a vDSO call: cheap and lock-free, so the audio thread
/// may read them).
enum SystemClock {
    /// `CLOCK_MONOTONIC`.
    case monotonic
    /// `CLOCK_REALTIME`: the wall clock, which can jump.
    case realtime

    /// Sleeps until the clock reads `deadline` (an absolute `clock_nanosleep`, so a signal's interruption resumes
    /// towards the same instant).
    func sleep(until deadline: Double) {
        let whole = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: min(Int((deadline - whole) * 1e9), 999_999_999))
        while clock_nanosleep(self == .monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, TIMER_ABSTIME, &time, nil) == EINTR {}
    }

    @inline(__always)
    func seconds() -> Double {
        var ts = timespec()
        clock_gettime(self == .monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
