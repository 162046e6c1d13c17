/// Which hand plays pitch and which plays volume in two-hand mode, as on a real theremin: a right-handed player
/// plays pitch with the right hand and volume with the left; `leftHanded` swaps them.
public struct HandRoles: Sendable, Equatable {
    public var pitch: HandSample?
    public var volume: HandSample?

    public init(pitch: HandSample?, volume: HandSample?) {
        self.pitch = pitch
        self.volume = volume
    }

    /// Assigns the present hands of a frame to their roles.
    ///
    /// The landmark model's handedness decides when it names two different hands (or, for a single hand, when it
    /// names it at all). Otherwise position decides: in the mirrored view the player's right hand is the one further
    /// right, and a lone hand of unknown side belongs to the half of the image it is in. With more than two hands
    /// the two most confident are used.
    public static func assign(_ hands: [HandSample], leftHanded: Bool) -> HandRoles {
        var seen = hands.filter(\.present)
        if seen.count > 2 {
            seen = Array(seen.enumerated().sorted {
                $0.element.confidence != $1.element.confidence ? $0.element.confidence > $1.element.confidence
                                                               : $0.offset < $1.offset
            }.prefix(2).map(\.element))
        }
        var right: HandSample?
        var left: HandSample?
        switch seen.count {
        case 1:
            let hand = seen[0]
            if (hand.handedness ?? (hand.x >= 0.5 ? .right : .left)) == .right { right = hand } else { left = hand }
        case 2:
            let (a, b) = (seen[0], seen[1])
            if let ha = a.handedness, let hb = b.handedness, ha != hb {
                (right, left) = ha == .right ? (a, b) : (b, a)
            } else {
                (right, left) = a.x >= b.x ? (a, b) : (b, a)
            }
        default:
            break
        }
        return leftHanded ? HandRoles(pitch: left, volume: right) : HandRoles(pitch: right, volume: left)
    }
}
