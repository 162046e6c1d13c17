import ThereminCore
import ThereminTracking

/// Builds the hand tracker the settings ask for.
enum TrackerFactory {
    /// - Parameters:
    ///   - stillImages: true for a folder of unrelated pictures (each frame tracked from scratch).
    ///   - frameRate: the camera's (or the paced file's) frame rate, when frames come live.
    static func make(_ settings: Settings, stillImages: Bool = false, frameRate: Double? = nil) throws -> HandTracker {
        var options = TrackerOptions(mirrored: true, mode: stillImages ? .stillImages : .video)
        options.frameRate = frameRate
        options.maxHands = settings.music.handCount
        options.threads = settings.trackerThreads
        switch settings.tracker {
        case .neural:
            return try HandTracker(options: options)
        case .classic:
            if settings.music.handCount > 1 {
                throw UsageError("--hands 2 needs the neural tracker; the classic tracker finds one hand", options: ["--hands"])
            }
            return try HandTracker(classicWithFaceCascade: HandTracker.defaultFaceCascadeIfInstalled(), options: options)
        }
    }
}
