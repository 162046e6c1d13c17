import ThereminCore

/// The ALSA device as the session's sound output port: the rate, period and buffer it granted.
extension AudioOutput: SoundOutput {
    public var sampleRate: Int { format.sampleRate }
    public var periodFrames: Int { format.periodFrames }
    public var bufferFrames: Int { format.bufferFrames }
}
