/// Whether a hand seen now carries on the hand seen before or starts a new note. The tracker reports a hand it had to
/// find afresh (`HandSample.acquired`) after a leap too fast for it to follow, or after a frame or two it missed: that
/// hand is still the player's, moving, and the sound goes where it went as if it had been followed all along. Only a
/// hand that was gone longer than `memory`, or turns up beyond a leap's `reach` of where it was, starts smoothing
/// afresh. Live play, offline tracking and replay all map through `ControlMapper`, so they follow the same rule.
public struct HandContinuity: Sendable, Equatable {
    /// How long a hand may go unseen and still carry on (seconds): longer than the voice's fade (40 ms by default),
    /// after which the note has ended anyway.
    public static let memory = 0.1
    /// How far a hand can leap between two sightings and still be the same hand (normalized picture units): a fifth of
    /// the picture between two frames is a leap a player makes; the other side of it is another hand.
    public static let reach = 0.4

    private struct Sighting: Sendable, Equatable {
        var t, x, y: Double
    }
    private var last: Sighting?

    public init() {}

    /// Takes a present hand; returns true when it carries on the last one seen, false when it starts afresh.
    public mutating func carriesOn(_ sample: HandSample) -> Bool {
        defer { last = Sighting(t: sample.t, x: sample.x, y: sample.y) }
        guard let last else { return false }
        let gap = sample.t - last.t
        let dx = sample.x - last.x, dy = sample.y - last.y
        return gap >= 0 && gap <= Self.memory && dx * dx + dy * dy <= Self.reach * Self.reach
    }

    /// Forgets the hand (a reset between pictures, or one that is not this hand's role any more).
    public mutating func forget() { last = nil }
}
