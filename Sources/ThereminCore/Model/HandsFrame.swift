/// Every hand seen in one frame: what two-hand play consumes. One-hand play uses `primary`, so a `HandsFrame`
/// holding a single `HandSample` behaves exactly like that sample.
public struct HandsFrame: Sendable, Equatable {
    /// Seconds: the frame's capture time or the trace's `t`.
    public var t: Double
    /// The hands in the order the tracker or trace gave them (absent entries allowed): the tracker's slots, so
    /// `hands[i]` is the same hand from frame to frame while it stays tracked.
    public var hands: [HandSample]

    public init(t: Double, hands: [HandSample]) {
        self.t = t
        self.hands = hands
    }

    /// A frame with one hand (or none, when the sample is absent).
    public init(_ sample: HandSample) {
        self.init(t: sample.t, hands: [sample])
    }

    /// The hands actually seen.
    public var present: [HandSample] { hands.filter(\.present) }

    /// The hand one-hand play follows: the first present one in slot order, else "no hand" at the frame's time.
    /// The one place that choice is made, so live play, offline tracking, the recording, the mapping and MIDI's
    /// slide all follow the same hand.
    public var primary: HandSample {
        hands.first(where: \.present) ?? .absent(at: t)
    }

    /// The hand in slot `index` (two-hand traces keep the slots), or "no hand" at the frame's time when the frame
    /// has fewer slots.
    public func slot(_ index: Int) -> HandSample {
        hands.indices.contains(index) ? hands[index] : .absent(at: t)
    }
}
