/// One unit in the effect chain (delay, filter, plugin, …), processing audio in place: mono, or a stereo pair for
/// an effect that puts out two channels.
///
/// Render contract for `process`: called on the audio thread; it must not allocate, lock, log, do I/O or grow
/// arrays. Buffers it needs are allocated in its initializer.
public protocol AudioEffect: AnyObject {
    /// Processes `count` samples in place (a stereo effect folds its two outputs to one).
    func process(_ samples: UnsafeMutablePointer<Float>, count: Int)
    /// Clears internal state (delay lines, filter memory), e.g. when a render restarts.
    func reset()
    /// Whether it puts out two channels: the chain is stereo from the first such effect on.
    var isStereo: Bool { get }
    /// Processes a stereo pair in place (stereo effects; the first one gets the mono voice on both channels).
    func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int)
    /// Frames by which it delays its sound (a plugin's reported latency); read on the audio thread.
    var latencyFrames: Int { get }
}

extension AudioEffect {
    public var isStereo: Bool { false }
    public var latencyFrames: Int { 0 }
    /// A mono effect given a pair: processes their mix and puts it on both (what one instance can do).
    public func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count { left[i] = 0.5 * (left[i] + right[i]) }
        process(left, count: count)
        right.update(from: left, count: count)
    }
}
