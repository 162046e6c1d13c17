import ThereminCore

/// The player lock: in play, the instrument belongs to the player's hands and to no one else's (a band, a teacher, a
/// museum crowd in the picture).
///
/// The tracker reports every hand it follows, each in a slot it keeps while the hand stays tracked; the lock only
/// chooses which of them play. Its rule, in order:
/// - a hand that holds a player's seat keeps it for as long as its slot follows it, whatever else comes near;
/// - a hand ignored once stays ignored for as long as its slot follows it;
/// - a hand found afresh takes a free seat when the seat's hand was lost a moment ago within a leap's reach of it (a
///   leap the tracker had to find again, wherever it lands), when it is inside the player's area (`PlayerArea`: the
///   calibrated box and the player's recent path, with a margin), or when that area is not known yet (the first hands, or after the
///   picture held no hand for `releaseAfter` seconds, or after `takeBack()`), biggest (nearest) first;
/// - anything else is ignored, with the reason the preview and `-v` give.
///
/// It is pure and deterministic: frames in, the playing hands out, so live play and offline tracking run the same
/// rule, and a recording holds the hands it chose (a replay needs no lock). It also says how the tracker should look
/// next (`HandSearch`): while every seat is held, for nothing new (a bystander's hand is let go, which costs nothing);
/// while a seat is free and a bystander's hand is tracked, for one more hand on every frame, looking closely at the
/// player's area, so the player's returning hand is found the frame it is back.
public struct PlayerLock: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        /// The player's hands play takes: 1, or 2 for two-hand play.
        public var hands: Int
        /// The tracker's slots (`TrackerOptions.maxHands`): the player's hands and room for others.
        public var trackerSlots: Int
        /// The tracker's own interval for looking for a missing hand (two-hand play with one hand in view).
        public var detectorInterval: Int
        /// Seconds of the player's path that make their area.
        public var memory: Double
        /// Seconds with no hand anywhere in the picture after which the area is forgotten and the next hand found
        /// plays: the stage is empty, so whoever comes next is the player (a museum's next visitor).
        public var releaseAfter: Double

        public init(hands: Int = 1, trackerSlots: Int = 2, detectorInterval: Int = 5, memory: Double = 10,
                    releaseAfter: Double = 10) {
            self.hands = hands
            self.trackerSlots = trackerSlots
            self.detectorInterval = detectorInterval
            self.memory = memory
            self.releaseAfter = releaseAfter
        }
    }

    /// Why a hand does not play.
    public enum Reason: String, Sendable, Equatable, CaseIterable {
        /// Found outside the player's area while the player's hand was away.
        case outsideArea
        /// Found while the player's hands were all playing.
        case playerPlaying
        /// Found together with the player's, beyond the hands play takes (a smaller hand at the start).
        case notChosen

        /// The words `-v` and the preview use.
        public var words: String {
            switch self {
            case .outsideArea: "it came in outside the player's area"
            case .playerPlaying: "the player's hand is playing"
            case .notChosen: "the player's hand was chosen (the nearer one)"
            }
        }
    }

    /// A hand seen that does not play, and why.
    public struct IgnoredHand: Sendable, Equatable {
        public var slot: Int
        public var hand: HandSample
        public var reason: Reason

        public init(slot: Int, hand: HandSample, reason: Reason) {
            self.slot = slot
            self.hand = hand
            self.reason = reason
        }

        /// What `-v` says of it, in one line.
        public var line: String {
            let at = "x \(Int((hand.x * 100).rounded())) %, y \(Int((hand.y * 100).rounded())) %"
            return "player lock: the hand at \(at) is not playing: \(reason.words); t takes the instrument back there"
        }
    }

    /// What one frame decided.
    public struct Decision: Sendable, Equatable {
        /// The playing hands, one per seat in seat order (absent where a seat is free): what the mapping plays and
        /// the recording holds.
        public var played: HandsFrame
        /// The hands seen that do not play.
        public var ignored: [IgnoredHand]
        /// How the tracker should look from the next frame on.
        public var search: HandSearch
    }

    private enum Role: Sendable, Equatable {
        case seat(Int)
        case ignored(Reason)
    }

    /// A detector interval that never comes round: with every seat held, the palm detector runs only on a frame
    /// where a held hand is lost (then looking for the seat's hand and one more at once).
    static let never = 1_000_000

    public let settings: Settings
    /// Where the player plays.
    public private(set) var area: PlayerArea
    /// The role of the hand in each tracker slot, while the slot follows it.
    private var roles: [Int: Role] = [:]
    /// Where each seat's hand was last seen playing.
    private var lastPlayed: [HandSample?]
    /// How long after a seat's hand was lost a hand found within a leap's reach of it still carries on in that seat:
    /// a leap too fast to follow is found again within a frame or two.
    public static let leapMemory = 0.25
    /// When any hand was last seen (trace time).
    private var lastHandSeen: Double?
    private var takingBack = false

    public init(settings: Settings = Settings(), calibration: Calibration = .identity) {
        self.settings = settings
        area = PlayerArea(memory: settings.memory, calibration: calibration)
        lastPlayed = Array(repeating: nil, count: settings.hands)
    }

    /// The search the tracker starts with: the player's hands and one more, so the first frame sees a bystander too.
    public var initialSearch: HandSearch {
        HandSearch(hands: min(settings.trackerSlots, settings.hands + 1), detectorInterval: settings.detectorInterval)
    }

    /// While a guided calibration runs, the player's area is what it measures: the player reaches for its far
    /// corners, so a hand found afresh anywhere takes a free seat (the calibrated box is the area afterwards).
    public var calibrating = false

    /// The player takes the instrument back where they are now: the area is forgotten, and the hands in the picture
    /// on the next frame are judged afresh, the biggest (nearest) first.
    public mutating func takeBack() { takingBack = true }

    /// A new calibration sets the area's box.
    public mutating func calibrated(_ calibration: Calibration) {
        area.calibrated = PlayerArea.box(of: calibration)
    }

    /// Chooses the playing hands of one frame.
    public mutating func choose(_ frame: HandsFrame) -> Decision {
        let seen = frame.hands.indices.filter { frame.hands[$0].present }
        // A slot that lost its hand, or holds a hand found afresh, no longer holds the hand its role was for.
        roles = roles.filter { slot, _ in
            frame.hands.indices.contains(slot) && frame.hands[slot].present && !frame.hands[slot].acquired
        }
        if seen.isEmpty, let last = lastHandSeen, frame.t - last >= settings.releaseAfter {
            area.forgetPath()
            lastHandSeen = nil
        }
        if !seen.isEmpty {
            lastHandSeen = frame.t
            if takingBack {
                takingBack = false
                roles.removeAll()
                area.forgetPath()
                lastPlayed = Array(repeating: nil, count: settings.hands)
            }
        }
        judgeNewHands(seen.filter { roles[$0] == nil }, in: frame)

        var played = HandsFrame(t: frame.t, hands: Array(repeating: .absent(at: frame.t), count: settings.hands))
        var ignored: [IgnoredHand] = []
        for slot in seen {
            switch roles[slot] {
            case .seat(let seat)?:
                played.hands[seat] = frame.hands[slot]
                lastPlayed[seat] = frame.hands[slot]
                area.note(frame.hands[slot])
            case .ignored(let reason)?:
                ignored.append(IgnoredHand(slot: slot, hand: frame.hands[slot], reason: reason))
            case nil:
                break
            }
        }
        return Decision(played: played, ignored: ignored, search: search())
    }

    /// Gives each hand found afresh a free seat or a reason to be ignored.
    private mutating func judgeNewHands(_ slots: [Int], in frame: HandsFrame) {
        let held = Set(roles.values.compactMap { role -> Int? in if case .seat(let seat) = role { seat } else { nil } })
        var free = (0..<settings.hands).filter { !held.contains($0) }
        let known = area.isKnown && !calibrating
        // The biggest (nearest the camera) first; slot order on a tie, so the choice is deterministic.
        let ordered = slots.sorted {
            let a = frame.hands[$0].handSize, b = frame.hands[$1].handSize
            return a != b ? a > b : $0 < $1
        }
        var waiting = ordered
        // First the hands that carry on a seat's hand lost a moment ago (a leap found again), nearest first.
        for seat in free {
            guard let last = lastPlayed[seat], frame.t - last.t <= Self.leapMemory,
                  let nearest = waiting.min(by: { Self.distance(frame.hands[$0], last) < Self.distance(frame.hands[$1], last) }),
                  Self.distance(frame.hands[nearest], last) <= HandContinuity.reach else { continue }
            roles[nearest] = .seat(seat)
            free.removeAll { $0 == seat }
            waiting.removeAll { $0 == nearest }
        }
        for slot in waiting {
            if free.isEmpty {
                roles[slot] = .ignored(held.isEmpty ? .notChosen : .playerPlaying)
            } else if !known || area.contains(frame.hands[slot]) {
                roles[slot] = .seat(free.removeFirst())
            } else {
                roles[slot] = .ignored(.outsideArea)
            }
        }
    }

    private static func distance(_ a: HandSample, _ b: HandSample) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// How the tracker looks next: with every seat held, for nothing new, letting the ignored hands go; with a seat
    /// free, for the player's hands plus the ignored ones it follows, on every frame while it follows any.
    private mutating func search() -> HandSearch {
        let seated = roles.values.filter { if case .seat = $0 { true } else { false } }.count
        let ignoredSlots = roles.compactMap { slot, role -> Int? in if case .ignored = role { slot } else { nil } }
        let room = min(settings.trackerSlots, settings.hands + 1)
        if seated == settings.hands {
            for slot in ignoredSlots { roles[slot] = nil }
            return HandSearch(hands: room, detectorInterval: Self.never, release: ignoredSlots.sorted())
        }
        let wanted = min(settings.trackerSlots, settings.hands + ignoredSlots.count)
        let focus = area.bounds.map {
            HandSearch.Focus(x: ($0.minX + $0.maxX) / 2, y: ($0.minY + $0.maxY) / 2,
                             side: min(1, max($0.maxX - $0.minX, $0.maxY - $0.minY)))
        }
        return HandSearch(hands: max(wanted, room), detectorInterval: ignoredSlots.isEmpty ? settings.detectorInterval : 1,
                          focus: focus)
    }
}
