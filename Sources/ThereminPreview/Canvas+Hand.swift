import ThereminCore

extension Canvas {
    /// Draws a tracked hand straight from the session's hand type: the region the tracker examined and the skeleton
    /// (when the hand has its 21 landmarks), then a ring and a dot on the fingertip. Nothing for an absent hand.
    /// - Parameter flipped: whether the hand's coordinates are mirrored relative to the picture (a hand in the selfie
    ///   view on a picture in the camera's view). The preview's picture is mirrored like every hand, so by default
    ///   they are not.
    public mutating func hand(_ hand: HandSample, flipped: Bool = false) {
        guard hand.present else { return }
        draw(.hand(hand, flipped: flipped))
    }
}
