import ThereminCore

/// The ALSA capture device as the session's sound input port: the rate and period it granted.
extension AudioInput: SoundInput {
    public var sampleRate: Int { format.sampleRate }
    public var periodFrames: Int { format.periodFrames }
}
