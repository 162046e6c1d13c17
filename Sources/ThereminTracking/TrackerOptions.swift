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

    public init(mirrored: Bool = true, mode: Mode = .video, minDetectionConfidence: Double = 0.5,
                minPresenceConfidence: Double = 0.5) {
        self.mirrored = mirrored
        self.mode = mode
        self.minDetectionConfidence = minDetectionConfidence
        self.minPresenceConfidence = minPresenceConfidence
    }
}
