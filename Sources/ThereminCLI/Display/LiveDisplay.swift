import ThereminCore
import ThereminSession

/// What the live display needs beyond the tracking snapshot.
struct LiveStatus: Sendable {
    var muted = false
    var paused = false
    var waveform = Waveform.sine
    var mapping = Mapping()
    /// The scale whose notes are drawn (every semitone when chromatic), its root and the octave shift.
    var scale = Scale.chromatic
    var root = 0
    var octave = 0
    /// Median capture→sound latency so far, in seconds.
    var latency: Double?
    /// Output level after glide and gate (0…1).
    var level = 0.0
    var frequency: Double?
    var calibrating = false
    var message: String?
}

/// A live display: the preview window or the terminal line. `show` is called about 30 times a second from the main
/// thread and returns the keys pressed since the last call.
protocol LiveDisplay: AnyObject {
    func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey]
    func close()
}
