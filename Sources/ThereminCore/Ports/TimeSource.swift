/// The clock port: monotonic seconds, the clock cameras stamp frames with. The session runs on the system's
/// (`SystemTimeSource`); a test may give its own.
public protocol TimeSource: Sendable {
    func now() -> Double
}

/// The kernel's monotonic clock (`MonotonicClock`) as a `TimeSource`.
public struct SystemTimeSource: TimeSource {
    public init() {}
    public func now() -> Double { MonotonicClock.now() }
}
