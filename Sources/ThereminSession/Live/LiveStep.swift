import ThereminCore

/// One frame of live play apart from the devices and the thread: the hands onto the trace clock, the guided
/// calibration, and the mapping to a control for the voice (silent while calibrating or paused). `TrackingLoop` runs
/// it on the tracking thread; nothing in it blocks, so a test can feed it frames directly.
public struct LiveStep: Sendable {
    /// What one frame made.
    public struct Result: Sendable {
        /// The hands, stamped with trace time.
        public var hands: HandsFrame
        /// The control for the voice: silent while calibrating or paused.
        public var control: Control
        /// Whether the control is the performance's (followed by MIDI and OSC, shown), not a calibration's.
        public var isPlayed: Bool
        /// The calibration's progress while one runs.
        public var calibrationStatus: GuidedCalibration.Status?
        /// Whether the calibration read a position in this frame (its cue sounds).
        public var readPoint = false
        /// How a calibration ended in this frame (done, whose cue sounds, or failed).
        public var calibrationEnded: GuidedCalibration.Phase?
        /// The hands seen that the player lock keeps from playing.
        public var ignored: [PlayerLock.IgnoredHand] = []
        /// How the tracker should look from the next frame on (the player lock's), nil without a lock.
        public var search: HandSearch?
    }

    /// Smoothing and mapping, with the calibration in force.
    public private(set) var mapper: ControlMapper
    /// The guided calibration while one runs.
    public private(set) var calibration: GuidedCalibration?
    /// Which hands play, when only the player's do.
    public private(set) var lock: PlayerLock?
    private var traceClock = TraceClock()

    public init(mapper: ControlMapper, calibrating: Bool = false, playerLock: PlayerLock.Settings? = nil) {
        self.mapper = mapper
        calibration = calibrating ? GuidedCalibration(antenna: mapper.mapping.antennaSide) : nil
        lock = playerLock.map { PlayerLock(settings: $0, calibration: mapper.calibration) }
    }

    /// Starts the guided calibration again from its first position.
    public mutating func recalibrate() {
        calibration = GuidedCalibration(antenna: mapper.mapping.antennaSide)
    }

    /// Does a player's action's control side (correction, register, take-back) from this frame on, as a replay of
    /// the take does at the same row (`ControlMapper.apply`).
    public mutating func perform(_ action: PlayerAction) {
        if action == .takeBack {
            takeBack()
        } else {
            mapper.apply(action)
        }
    }

    /// Plays with a preset's mapping, correction and register from this frame on (`ControlMapper.takeSound`).
    public mutating func takeSound(of preset: ControlMapper) {
        mapper.takeSound(of: preset)
    }

    /// The player takes the instrument back where they are (the `take-back` action from a key, MIDI or OSC), on
    /// the tracking thread before this frame's hands are stepped: the player lock forgets the old area and gives the
    /// instrument to the nearest hand in view (`PlayerLock.takeBack`), and that hand starts its note afresh.
    public mutating func takeBack() {
        lock?.takeBack()
        mapper.apply(.takeBack)
    }

    /// Takes the hands tracked in a frame captured at `capturedAt` (tracked by `trackedAt`, both on the monotonic
    /// clock).
    public mutating func step(_ tracked: HandsFrame, capturedAt: Double, trackedAt: Double, paused: Bool) -> Result {
        var hands = tracked
        hands.t = capturedAt
        hands = traceClock.rebase(hands)
        lock?.calibrating = calibration != nil
        let decision = lock?.choose(hands)
        if let decision { hands = decision.played }
        var control = mapper.control(for: hands)
        control.sourceTime = capturedAt
        control.trackedTime = trackedAt
        var result = Result(hands: hands, control: control, isPlayed: true)
        result.ignored = decision?.ignored ?? []
        result.search = decision?.search
        if var guided = calibration {
            // Silent while calibrating, but through the mapping like play, so the filter follows the hand and the
            // pitch is where the hand is when the sound comes back.
            result.control.gate = false
            result.isPlayed = false
            let before = guided.status.readings.count
            let status = guided.feed(hands.primary)
            calibration = guided
            result.calibrationStatus = status
            result.readPoint = status.readings.count > before
            switch status.phase {
            case .done(let box):
                result.calibrationEnded = status.phase
                mapper.calibration = box
                lock?.calibrated(box)
                calibration = nil
            case .failed:
                result.calibrationEnded = status.phase
                calibration = nil
            default:
                break
            }
        } else if paused {
            result.control.gate = false
        }
        return result
    }
}
