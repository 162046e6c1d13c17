/// The clock frames are stamped with (CLOCK_MONOTONIC), so latency is `MonotonicClock.now() - frame.captureTime`.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot); never jumps with wall-clock changes.
    public static func now() -> Double { monotonicSeconds() }
}
