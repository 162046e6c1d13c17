import ThereminCore
import ThereminTracking

/// Builds the hand tracker the settings ask for.
enum TrackerFactory {
    /// - Parameter stillImages: true for a folder of unrelated pictures (each frame tracked from scratch).
    static func make(_ settings: Settings, stillImages: Bool = false) throws -> HandTracker {
        let options = TrackerOptions(mirrored: true, mode: stillImages ? .stillImages : .video)
        switch settings.tracker {
        case .neural:
            return try HandTracker(options: options)
        case .classic:
            return try HandTracker(classicWithFaceCascade: HandTracker.defaultFaceCascadeIfInstalled(), options: options)
        }
    }
}
