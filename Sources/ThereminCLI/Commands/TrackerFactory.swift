import ThereminCore
import ThereminSession
import ThereminTracking

/// Builds the hand tracker the settings ask for.
enum TrackerFactory {
    /// - Parameters:
    ///   - stillImages: true for a folder of unrelated pictures (each frame tracked from scratch).
    ///   - frameRate: the camera's (or the paced file's) frame rate, when frames come live.
    static func make(_ settings: Settings, stillImages: Bool = false, frameRate: Double? = nil) throws -> HandTracker {
        var options = TrackerOptions(mirrored: true, mode: stillImages ? .stillImages : .video)
        options.frameRate = frameRate
        options.maxHands = settings.lockSettings(stillImages: stillImages)?.trackerSlots ?? settings.music.handCount
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

extension Settings {
    /// The player lock for this run: nil with `--player-lock off`, for the classical tracker (one hand, nothing to
    /// choose among) and for still images (nothing carries from one picture to the next). The tracker gets two slots
    /// beyond the player's hands, so it can follow two bystanders and still look for the player.
    func lockSettings(stillImages: Bool) -> PlayerLock.Settings? {
        guard playerLock == .on, tracker == .neural, !stillImages else { return nil }
        let hands = music.handCount
        return PlayerLock.Settings(hands: hands, trackerSlots: min(hands + 2, TrackerOptions.maxHandsRange.upperBound),
                                   detectorInterval: TrackerOptions().detectorInterval)
    }
}
