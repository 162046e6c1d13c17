/// Every hand seen in one frame: what two-hand play consumes. One-hand play uses the first present hand, so a
/// `HandsFrame` holding a single `HandSample` behaves exactly like that sample.
public struct HandsFrame: Sendable, Equatable {
    /// Seconds: the frame's capture time or the trace's `t`.
    public var t: Double
    /// The hands in the order the tracker or trace gave them (absent entries allowed).
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
}
