
/// How a HandTracker reports and how hard it looks.
public struct TrackerOptions: Sendable, Equatable {
    /// Whether frames form a continuous video or are unrelated pictures.
    public enum Mode: String, Sendable, Equatable {
        /// Continuous video: the region follows the hand from frame to frame and the palm detector runs only to
        /// (re-)acquire it; this is what makes tracking cheap.
        case video
        /// Unrelated pictures: the palm detector runs on every frame.
        case stillImages
    }

    /// Coordinates in the mirrored selfie view the player sees (x' = 1 - x); the project's convention, so default.
    public var mirrored: Bool
    public var mode: Mode
    /// Minimum palm detector score to accept a palm (MediaPipe's default 0.5).
    public var minDetectionConfidence: Double
    /// Minimum landmark-model presence score to report a hand and keep tracking it (MediaPipe's default 0.5).
    public var minPresenceConfidence: Double
    /// How many hands to follow: 1 (one-hand play; never looks for a second hand), 2 (two-hand play, as on a real
    /// theremin), or one more than play needs, so the player lock can keep a bystander's hand in a slot of its own
    /// while it looks for the player's (`HandTracker.search`). The classical tracker follows one hand whatever this
    /// says.
    public var maxHands: Int
    /// With `maxHands` 2 in video mode, while only one hand is tracked: the palm detector looks for the other on
    /// every `detectorInterval`-th frame (1 = every frame), so that one visible hand costs about what one-hand
    /// tracking costs, and a second hand is picked up within that many frames.
    public var detectorInterval: Int
    /// Threads each neural network uses. One (the default) runs the models on the tracking thread: on a 2-core laptop
    /// a second thread saves a third of a frame's time only while the other core is idle, and stalls frames by
    /// hundreds of milliseconds when another program keeps it busy (docs/performance.md, Hand tracker: time per frame).
    public var threads: Int
    /// While no hand is tracked, also search zoomed tiles of the frame for hands too small for the whole-frame palm
    /// detector (a player two or three metres away); one tile a frame in video mode, all of them for still images.
    public var farSearch: Bool
    /// The camera's frame rate, when known: above 40 fps a searching frame runs the whole-frame detector or a tile in
    /// turn instead of both (~20 ms together here), so looking for a hand does not make the camera drop frames.
    public var frameRate: Double?

    /// The hands a tracker can follow at most.
    public static let maxHandsRange = 1...TrackerCalls.maxHands
    /// The threads a network may use.
    public static let threadsRange = 1...TrackerCalls.maxThreads

    public init(mirrored: Bool = true, mode: Mode = .video, minDetectionConfidence: Double = 0.5,
                minPresenceConfidence: Double = 0.5, maxHands: Int = 1, detectorInterval: Int = 5, threads: Int = 1,
                farSearch: Bool = true) {
        self.mirrored = mirrored
        self.mode = mode
        self.minDetectionConfidence = minDetectionConfidence
        self.minPresenceConfidence = minPresenceConfidence
        self.maxHands = maxHands
        self.detectorInterval = detectorInterval
        self.threads = threads
        self.farSearch = farSearch
    }

    /// Checks the values the C library would refuse, with a message naming them.
    /// - Throws: `TrackerError` (`.invalidOptions`).
    func validate() throws(TrackerError) {
        guard Self.maxHandsRange.contains(maxHands) else {
            let range = Self.maxHandsRange
            throw TrackerError(kind: .invalidOptions, problem: "\(maxHands) hands asked for",
                               remedy: "follow \(range.lowerBound) to \(range.upperBound) hands")
        }
        guard detectorInterval >= 1 else {
            throw TrackerError(kind: .invalidOptions, problem: "detector interval \(detectorInterval) frames",
                               remedy: "use 1 frame (look for a second hand on every frame) or more")
        }
        if let frameRate, !(frameRate > 0.1 && frameRate <= 1000) {
            throw TrackerError(kind: .invalidOptions, problem: "a frame rate of \(frameRate) fps",
                               remedy: "give the camera's rate, from 0.1 to 1000 fps")
        }
        guard Self.threadsRange.contains(threads) else {
            let range = Self.threadsRange
            throw TrackerError(kind: .invalidOptions, problem: "\(threads) tracker threads asked for",
                               remedy: "use \(range.lowerBound) to \(range.upperBound) threads")
        }
    }
}
