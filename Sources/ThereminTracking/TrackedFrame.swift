import ThereminCore

/// One frame through the tracker: every hand as the session's `HandsFrame` (each converted from the C result once,
/// with its landmarks, region, confidence, handedness and whether it was acquired on this frame), and what the
/// tracker did to find them, for the benchmark and the tests.
public struct TrackedFrame: Sendable, Equatable {
    /// Every hand slot (`options.maxHands`), absent ones included, at the frame's capture time.
    public var hands: HandsFrame
    /// Whether the coordinates are in the mirrored selfie view (`TrackerOptions.mirrored`, as the tracker applied it).
    public var mirrored: Bool
    /// How many times the palm detector (the expensive step) ran on this frame: 0 while tracking, 1 for the whole
    /// frame, more while searching tiles for a far player.
    public var detectorPasses: Int

    public init(hands: HandsFrame, mirrored: Bool, detectorPasses: Int) {
        self.hands = hands
        self.mirrored = mirrored
        self.detectorPasses = detectorPasses
    }

    /// Whether the palm detector ran on this frame.
    public var detectorRan: Bool { detectorPasses > 0 }
    /// The hand one-hand play follows (`HandsFrame.primary`).
    public var primary: HandSample { hands.primary }
}
