import ThereminCore

/// The tracker as the session's hand-tracking port: every hand slot (two for two-hand play, `options.maxHands` 2;
/// else the one hand).
extension HandTracker: HandTracking {
    public func hands(in frame: Frame) throws -> HandsFrame {
        try track(frame).hands
    }

    public func forget() { reset() }
}
