import ThereminCore

/// What the display shows, published by the tracking thread after each frame (read under a lock by the main
/// thread; the audio thread never touches it).
public struct LiveSnapshot: Sendable {
    /// The newest frame (camera orientation, not mirrored), for the preview.
    public var frame: Frame?
    /// The newest hand sample (mirrored view coordinates).
    public var sample: HandSample?
    /// Every hand seen in the newest frame (two-hand play).
    public var hands: HandsFrame?
    /// The hands seen that the player lock keeps from playing, and why (drawn dimmed; `-v` says why).
    public var ignoredHands: [PlayerLock.IgnoredHand] = []
    /// The control sent for it.
    public var control: Control?
    /// The calibration in force.
    public var calibration: Calibration = .identity
    /// Calibration progress, while calibrating.
    public var calibrationStatus: GuidedCalibration.Status?
    /// Frames tracked so far and the tracker's recent rate.
    public var trackedFrames = 0
    public var trackerFPS = 0.0
    /// Set while the camera is away (unplugged) or stalled, with the reason to show.
    public var sourceProblem: String?
    /// The first recording error (e.g. disk full), to show once.
    public var recordingProblem: String?
    /// The first tracker error (the frame counts as handless; the player is told once, not misled by silence).
    public var trackerProblem: String?
    /// Per-frame (tracking, capture→tracked) seconds not yet collected by the statistics.
    public var stageTimes: [(tracking: Double, captureToTracked: Double)] = []

    public init() {}
}
