import ThereminCore
import ThereminSession
import ThereminTracking

/// Builds the hand tracker the settings ask for.
enum TrackerFactory {
    /// - Parameter stillImages: true for a folder of unrelated pictures (each frame tracked from scratch).
    static func make(_ settings: Settings, stillImages: Bool = false) throws -> HandTracker {
        var options = TrackerOptions(mirrored: true, mode: stillImages ? .stillImages : .video)
        options.maxHands = settings.music.handCount
        options.threads = settings.trackerThreads
        switch settings.tracker {
        case .neural:
            return try HandTracker(options: options)
        case .classic:
            if settings.music.handCount > 1 {
                throw UsageError("--hands 2 needs the neural tracker; the classic tracker finds one hand")
            }
            return try HandTracker(classicWithFaceCascade: HandTracker.defaultFaceCascadeIfInstalled(), options: options)
        }
    }

    /// The per-frame tracking function for live play: every hand when playing with two, else the one hand.
    static func liveFunction(_ tracker: HandTracker, settings: Settings) -> TrackingLoop.Tracker {
        if settings.music.handCount > 1 {
            return { try tracker.processHands($0) }
        }
        return { HandsFrame(try tracker.process($0)) }
    }
}
