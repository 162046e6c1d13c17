import ThereminCore

/// What the display shows, published by the tracking thread after each frame (read under a lock by the main
/// thread; the audio thread never touches it).
struct LiveSnapshot: Sendable {
    /// The newest frame (camera orientation, not mirrored), for the preview.
    var frame: Frame?
    /// The newest hand sample (mirrored view coordinates).
    var sample: HandSample?
    /// Every hand seen in the newest frame (two-hand play).
    var hands: HandsFrame?
    /// The control sent for it.
    var control: Control?
    /// The calibration in force.
    var calibration: Calibration = .identity
    /// Calibration progress, while calibrating.
    var calibrationStatus: GuidedCalibration.Status?
    /// Frames tracked so far and the tracker's recent rate.
    var trackedFrames = 0
    var trackerFPS = 0.0
    /// Set while the camera is away (unplugged) or stalled, with the reason to show.
    var sourceProblem: String?
    /// The first recording error (e.g. disk full), to show once.
    var recordingProblem: String?
    /// Per-frame (tracking, capture→tracked) seconds not yet collected by the statistics.
    var stageTimes: [(tracking: Double, captureToTracked: Double)] = []
}

/// Keys the player can press in the preview window or the terminal.
enum LiveKey: Sendable, Equatable {
    case quit
    case mute
    case cycleWaveform
    case pause
    case recalibrate
}
