import ThereminCore

/// The tracker as the session's hand-tracking port: every hand for two-hand play (`options.maxHands` 2), else the
/// one hand.
extension HandTracker: HandTracking {
    public func hands(in frame: Frame) throws -> HandsFrame {
        options.maxHands > 1 ? try processHands(frame) : HandsFrame(try process(frame))
    }

    public func forget() { reset() }
}
