import Foundation

/// Wall-clock time for OSC time tags, which are absolute: a monotonic capture time is placed on the wall clock by
/// its distance from now on the monotonic clock.
public enum WallClock {
    /// Seconds since the Unix epoch.
    public static func now() -> Double {
        SystemClock.realtime.seconds()
    }

    /// The wall-clock time of a monotonic instant (a frame's capture time).
    public static func time(ofMonotonic instant: Double) -> Double {
        now() - (MonotonicClock.now() - instant)
    }
}
