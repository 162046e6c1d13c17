import ThereminCore

/// What follows a live performance besides the sound (MIDI out, OSC out), plugged in by the command line: each
/// frame's hands and control on the tracking thread, then finishing once the loop has stopped.
public struct LiveFollowers {
    /// Wraps the tracking, to see each frame's hands before its control is sent (MPE's slide).
    public var tracking: (any HandTracking) -> any HandTracking = { $0 }
    /// Every control sent to the audio thread.
    public var onControl: ((Control) -> Void)?
    /// The same control and the hands it came from.
    public var onFrame: ((Control, HandsFrame) -> Void)?
    /// After the loop has stopped, however the run ended: end sounding notes, send what is queued.
    public var finish: () -> Void = {}
    /// After a run that did not fail: the followers' problems and figures.
    public var report: () -> Void = {}

    public init() {}
}
