import ThereminCapture
import ThereminCore

/// "No camera found", with the way to hear the instrument anyway: a newcomer without a webcam should not end at a
/// wall (issues 14 and 46). Live play without `--camera` plays the demo instead (`demoInstead`); the error remains
/// for a camera the player named, and for the runs the demo cannot stand in for.
struct NoCameraFound: ReportableError {
    let underlying: V4L2Error

    /// The error to report for `error`: this one when no camera was found at all, else `error` itself.
    static func wrapping(_ error: V4L2Error) -> any Error {
        error.kind == .noCamera ? NoCameraFound(underlying: error) : error
    }

    /// The settings of the demo to play instead of live play that found no camera, or nil where the failure stands:
    /// a camera named with `--camera` (the player asked for that one), a take asked for with `--record` (a take of
    /// the demo is not the player's), calibration (there is no reach to fit).
    static func demoInstead(of settings: Settings, after error: V4L2Error, calibrating: Bool) -> Settings? {
        guard error.kind == .noCamera, settings.camera == nil, settings.record == nil, !calibrating else { return nil }
        var demo = settings
        demo.mode = Settings.Mode(.demo)
        return demo
    }

    /// The line said when the demo plays instead, naming the piece (`Ode to Joy, 30 s`).
    static func playingTheDemo(_ piece: String) -> String {
        "no camera found: playing the demo (\(piece)); plug in a webcam and run `\(InvokedName.current)`"
    }

    var description: String { "\(underlying); or hear theremin without one: `\(InvokedName.current) --demo`" }
    var failureKind: FailureKind { underlying.failureKind }
}
