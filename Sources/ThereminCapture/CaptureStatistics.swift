/// Counters of a live capture, for the status line and for checking that a slow consumer drops rather than lags.
public struct CaptureStatistics: Sendable, Equatable {
    /// Frames taken from the driver.
    public var framesCaptured = 0
    /// Frames handed to `nextFrame()` callers.
    public var framesDelivered = 0
    /// Frames replaced by a newer one before anyone took them (the consumer was slower than the camera).
    public var framesDropped = 0
    /// Frames the driver flagged as damaged or delivered short, or whose JPEG would not decode; re-queued unused.
    public var framesDamaged = 0

    public init() {}
}
