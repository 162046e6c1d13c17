import ThereminCore

/// Offline `--input` (with `--record` or `--output`): every frame of a file tracked in order, as fast as the machine
/// allows, times rebased to start at 0 (`TraceClock`, as live takes are), then the trace written and the sound
/// rendered through the one render set-up, so the file sounds exactly as `--replay` of its trace. The tracker is a
/// port, as in `TrackingLoop`, so this runs without a model or a command line; the command line opens the
/// files, shows progress and prints the summary.
public struct OfflineInput {
    private let source: FrameSource
    private let name: String
    private let tracker: any HandTracking
    private let forgetsBetweenFrames: Bool
    private let playerLock: PlayerLock?

    /// - Parameters:
    ///   - source: a video file or images; read to its end (not closed).
    ///   - name: how messages name the input (the path the player gave).
    ///   - tracker: finds the hands in a frame (one-hand play uses `HandsFrame.primary`).
    ///   - forgetsBetweenFrames: for unrelated pictures (a folder of images): the tracker forgets the hand before
    ///     each frame, so nothing leaks from one picture into the next.
    ///   - playerLock: only the player's hands play, chosen as live play chooses them; nil: every hand tracked.
    public init(source: FrameSource, name: String, tracker: any HandTracking, forgetsBetweenFrames: Bool = false,
                playerLock: PlayerLock? = nil) {
        self.source = source
        self.name = name
        self.tracker = tracker
        self.forgetsBetweenFrames = forgetsBetweenFrames
        self.playerLock = playerLock
    }

    /// Tracks every frame of the source.
    /// - Parameter progress: called after each frame with the number tracked so far.
    /// - Returns: the frames of hands, times rebased to start at 0.
    /// - Throws: the source's and the tracker's errors; `NoFramesToTrack` for a source without frames.
    public func track(progress: (Int) -> Void = { _ in }) throws -> [HandsFrame] {
        var frames: [HandsFrame] = []
        var clock = TraceClock()
        var lock = playerLock
        if let search = lock?.initialSearch { tracker.search(search) }
        while let frame = try source.nextFrame() {
            if forgetsBetweenFrames { tracker.forget() }
            var hands = clock.rebase(try tracker.hands(in: frame))
            if let decision = lock?.choose(hands) {
                tracker.search(decision.search)
                hands = decision.played
            }
            frames.append(hands)
            progress(frames.count)
        }
        guard !frames.isEmpty else { throw NoFramesToTrack(input: name) }
        return frames
    }

    /// Writes tracked frames as a trace and finishes it (moved into place).
    /// - Throws: `TraceError` when writing fails.
    public static func record(_ frames: [HandsFrame], into writer: TraceWriter) throws {
        for frame in frames { try writer.write(frame) }
        try writer.finish()
    }

    /// The performance of tracked frames as a trace, as its recording holds it: the primary hand (as live play
    /// follows), or for two-hand play (`hands` 2) the first two slots.
    public static func trace(of frames: [HandsFrame], metadata: TraceMetadata, hands: Int) -> Trace {
        guard hands > 1 else { return Trace(metadata: metadata, samples: frames.map(\.primary)) }
        return Trace(metadata: metadata, samples: frames.map { $0.slot(0) }, secondHand: frames.map { $0.slot(1) })
    }
}

/// An input that opened but gave no frame to track: a usage error (exit 2), as a bad `--input` is.
public struct NoFramesToTrack: ReportableError, Equatable {
    public let input: String
    public init(input: String) { self.input = input }
    public var failureKind: FailureKind { .usage }
    public var description: String { "input \(input) has no frames to track" }
}
