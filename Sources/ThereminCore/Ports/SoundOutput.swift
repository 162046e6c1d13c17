/// The sound output port: where the live mix and `--replay` are played. ThereminAudio's `AudioOutput` (an ALSA
/// device and its audio thread) conforms; tests play into memory, so the pipeline runs without a sound card.
public protocol SoundOutput: AnyObject {
    /// The rate the mix must render at: what the device granted.
    var sampleRate: Int { get }
    /// Frames rendered at a time.
    var periodFrames: Int { get }
    /// Frames the device buffers in all (how long a fade must be kept playing after it is asked for).
    var bufferFrames: Int { get }
    /// Underruns recovered so far.
    var underruns: Int { get }
    /// Frames queued after the last write: how long until new sound is heard.
    var deviceDelayFrames: Int { get }
    /// True once playing has ended (the mix finished, stopped, or failed).
    var isFinished: Bool { get }
    /// What the output's thread got when it asked for real-time scheduling (nil before `start`, or none asked).
    var scheduling: ThreadScheduling? { get }
    /// Starts playing `mix` on the output's own thread.
    func start(_ mix: BlockRenderer)
    /// Fades the mix out, plays `frames` more frames, then stops and waits.
    /// - Throws: the error that stopped the output early, if any.
    func stop(afterFrames frames: Int) throws
    /// Waits until the mix has played to its end.
    /// - Throws: the error that stopped the output early, if any.
    func wait() throws
}
