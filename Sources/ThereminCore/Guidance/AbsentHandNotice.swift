/// Tells the player, after a few seconds without a hand, what to do about it. A player standing far from the camera
/// is the usual cause (their hand is small in the picture), so the advice is to come closer or to calibrate, which
/// also works at a distance.
///
/// Feed it every tracked frame; it answers the message to show while the hand has been missing for `delay` seconds
/// or more, and nil otherwise (at once when a hand is seen again).
public struct AbsentHandNotice: Sendable, Equatable {
    /// Seconds without a hand before the notice appears.
    public let delay: Double
    private var missingSince: Double?

    /// The notice's text, for the terminal line and the preview.
    public static let message = "no hand seen: come closer to the camera, or calibrate where you stand "
        + "(theremin --calibrate)"

    public init(delay: Double = 3) {
        self.delay = delay
    }

    /// Notes one frame at `time` (seconds, any monotonic clock) and returns the notice to show, if any.
    public mutating func update(handPresent: Bool, at time: Double) -> String? {
        guard !handPresent else {
            missingSince = nil
            return nil
        }
        let since = missingSince ?? time
        missingSince = since
        return time - since >= delay ? Self.message : nil
    }
}
