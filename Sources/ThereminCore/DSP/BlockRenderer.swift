/// Something the audio output pulls mono blocks from: a live performance or a scheduled replay.
///
/// Render contract for `render`: called on the audio thread; no allocation, locks, I/O or logging.
public protocol BlockRenderer: AnyObject {
    var sampleRate: Double { get }
    /// Renders `frames` mono samples into `output`.
    func render(into output: UnsafeMutablePointer<Float>, frames: Int)
    /// True once there is nothing more to play (a replay that has ended); live renderers never finish.
    var isFinished: Bool { get }
    /// Asks for a fade to silence from the next block on (stopping, Ctrl-C); safe from any thread.
    func fadeOut()
    /// Renders `frames` stereo frames into two channel buffers. The default renders mono into `left` and copies it
    /// to `right` (the theremin centred); `StereoMixer` adds the backing track and cues. Same render contract.
    func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int)
    /// Called by the output after each block reaches the device, with the frames now queued ahead of the speaker
    /// (`snd_pcm_delay`), so a renderer can tell when its controls become audible. Render contract applies.
    func didWrite(delayFrames: Int)
}

extension BlockRenderer {
    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        render(into: left, frames: frames)
        right.update(from: left, count: frames)
    }

    public func didWrite(delayFrames: Int) {}
}
