/// What the player lock asks of the tracker for the next frame: how many hands to look for, how often the palm
/// detector looks while fewer are tracked, and which tracked hands (slots) to let go. Play needs the player's hands
/// only; while a bystander's hand is tracked and the player's is not, one slot more is looked for on every frame, so
/// the player's hand is found the moment it comes back.
public struct HandSearch: Sendable, Equatable {
    /// Hands to look for (the tracker clamps it to its slots).
    public var hands: Int
    /// While fewer hands are tracked: run the palm detector on every `detectorInterval`-th frame (1: every frame).
    public var detectorInterval: Int
    /// Slots whose hands the tracker stops following.
    public var release: [Int]
    /// Where each search also looks closely: the player's area, so a hand the whole-picture search misses is found
    /// there the frame it comes back. Nil: nowhere in particular.
    public var focus: Focus?

    /// A square of the picture: its centre (normalized, mirrored view, as hands are reported) and its side as a
    /// fraction of the picture's width.
    public struct Focus: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var side: Double

        public init(x: Double, y: Double, side: Double) {
            self.x = x
            self.y = y
            self.side = side
        }
    }

    public init(hands: Int, detectorInterval: Int, release: [Int] = [], focus: Focus? = nil) {
        self.hands = hands
        self.detectorInterval = detectorInterval
        self.release = release
        self.focus = focus
    }
}
