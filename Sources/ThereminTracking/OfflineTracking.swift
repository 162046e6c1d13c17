import ThereminCore

/// Tracking a whole file at once: every frame, in order, as fast as the machine allows (`--input` with `--record` or
/// `--output`).
public enum OfflineTracking {
    /// Reads every frame of `source` and tracks the hand in each.
    ///
    /// - Parameters:
    ///   - source: a video file or images; read to its end (it is not closed).
    ///   - tracker: the tracker to use; for a video it should be in `.video` mode so that the palm detector runs only
    ///     to acquire the hand.
    ///   - framesAreIndependent: true for a folder of unrelated pictures: the tracker forgets the hand between
    ///     frames, so nothing leaks from one picture into the next.
    ///   - onSample: called after each frame with its index and sample (progress display); may be nil.
    /// - Returns: one sample per frame, `t` from the source's frame times.
    /// - Throws: the source's errors (unreadable frame) and `TrackerError`.
    public static func track(_ source: FrameSource, with tracker: HandTracker, framesAreIndependent: Bool = false,
                             onSample: ((Int, HandSample) -> Void)? = nil) throws -> [HandSample] {
        var samples: [HandSample] = []
        while let frame = try source.nextFrame() {
            if framesAreIndependent {
                tracker.reset()
            }
            let sample = try tracker.process(frame)
            onSample?(samples.count, sample)
            samples.append(sample)
        }
        return samples
    }

    /// Reads every frame of `source` and tracks every hand in each, for two-hand play (`tracker.options.maxHands`
    /// hands per frame, in slot order); otherwise as `track`.
    /// - Returns: one frame of hands per frame read, `t` from the source's frame times.
    /// - Throws: the source's errors (unreadable frame) and `TrackerError`.
    public static func trackHands(_ source: FrameSource, with tracker: HandTracker, framesAreIndependent: Bool = false,
                                  onFrame: ((Int, HandsFrame) -> Void)? = nil) throws -> [HandsFrame] {
        var frames: [HandsFrame] = []
        while let frame = try source.nextFrame() {
            if framesAreIndependent {
                tracker.reset()
            }
            let hands = try tracker.processHands(frame)
            onFrame?(frames.count, hands)
            frames.append(hands)
        }
        return frames
    }
}
