import ThereminCore

/// Draws tracked hands on frames, for the live preview.
public enum HandOverlay {
    /// Draws a hand sample as the tracker gave it (fingertip, landmarks, region) onto `frame` (BGR).
    /// - Parameter mirrored: whether the sample's coordinates are in the mirrored selfie view (they are for every
    ///   source theremin plays from).
    /// - Throws: `TrackerError` (`.invalidFrame`) for a malformed frame.
    public static func draw(_ hand: HandSample, mirrored: Bool = true, on frame: inout Frame,
                            frameIsMirrored: Bool) throws(TrackerError) {
        guard hand.present else { return }
        guard frame.pixels.count >= frame.bytesPerRow * frame.height else {
            throw TrackerError(kind: .invalidFrame,
                               problem: "frame \(frame.sequence) is smaller than \(frame.bytesPerRow) x \(frame.height)",
                               remedy: "the frame source delivered a malformed frame; please report this")
        }
        try TrackerCalls.draw(hand, mirrored: mirrored, on: &frame, frameIsMirrored: frameIsMirrored)
    }
}
