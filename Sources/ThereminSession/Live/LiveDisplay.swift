import ThereminCore

/// What the live display needs beyond the tracking snapshot.
public struct LiveStatus: Sendable {
    public var muted = false
    public var paused = false
    public var waveform = Waveform.sine
    public var mapping = Mapping()
    /// The scale whose notes are drawn (every semitone when chromatic), its root and the octave shift.
    public var scale = Scale.chromatic
    public var root = 0
    public var octave = 0
    /// Median capture→sound latency so far, in seconds.
    public var latency: Double?
    /// Output level after glide and gate (0…1).
    public var level = 0.0
    public var frequency: Double?
    public var calibrating = false
    public var message: String?
    /// The phrase looper's state and position (nil when the session has no looper).
    public var loop: LoopStatus?
    /// Advice shown while no hand has been seen for a few seconds (`AbsentHandNotice`), nil otherwise.
    public var handNotice: String?
    /// The score played along with (`--play-along`), and where it stands now.
    public var playAlong: PlayAlongGuide?
    public var playAlongMoment: PlayAlongGuide.Moment?
    /// The fingertip's recent heights during a play-along, oldest first, for the trace beside the note lanes.
    public var fingertipTrail: [TrailPoint] = []

    public init() {}
}

/// One point of the fingertip's trail: seconds from the play-along's first beat, and its height in the picture
/// (normalized, 0 = top), nil where the hand was out of sight.
public struct TrailPoint: Sendable, Equatable {
    public var elapsed: Double
    public var y: Double?

    public init(elapsed: Double, y: Double?) {
        self.elapsed = elapsed
        self.y = y
    }

    /// Seconds of trail kept.
    public static let kept = 3.0
}

/// A live display: the preview window or the terminal line. `show` is called about 30 times a second from the main
/// thread and returns the keys pressed since the last call.
public protocol LiveDisplay: AnyObject {
    func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey]
    func close()
}
