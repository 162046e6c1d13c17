import ThereminCore

/// Trace time (docs/decisions.md): seconds from the first frame, its capture time minus the first one's. One clock
/// for a live recording and for a file tracked offline, so both write the same times.
public struct TraceClock: Sendable {
    private var first: Double?

    public init() {}

    /// The trace time of a frame captured at `captureTime`: 0 for the first, never negative.
    public mutating func time(ofCapture captureTime: Double) -> Double {
        let start = first ?? captureTime
        first = start
        return max(0, captureTime - start)
    }

    /// `frame` (stamped with its capture time) and each of its hands, stamped with trace time instead.
    public mutating func rebase(_ frame: HandsFrame) -> HandsFrame {
        var rebased = frame
        rebased.t = time(ofCapture: frame.t)
        for index in rebased.hands.indices { rebased.hands[index].t = rebased.t }
        return rebased
    }
}
