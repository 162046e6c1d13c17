/// The guided calibration, as a state machine fed with hand samples: for each of the four positions it counts down,
/// then measures for a while, and accepts the reading only when the hand was seen and held still; otherwise it asks
/// again. Time comes from the samples, so it runs the same live and from `--input` files. Under the antenna law
/// (`antenna` set) the pitch positions are read sideways and the volume positions by height, and the box is laid
/// out as the antenna law reads it (`Mapping.position(x:y:in:)`).
public struct GuidedCalibration: Sendable {
    /// The four positions, in the order they are asked for.
    public enum Target: Int, Sendable, CaseIterable {
        case highestPitch, lowestPitch, loudest, quietest

        /// What the player is asked to do.
        public var instruction: String {
            switch self {
            case .highestPitch: return "Hold your fingertip where you want the HIGHEST note"
            case .lowestPitch: return "Hold your fingertip where you want the LOWEST note"
            case .loudest: return "Hold your fingertip where you want it LOUDEST"
            case .quietest: return "Hold your fingertip where you want it QUIETEST"
            }
        }

        /// True for the pitch positions, false for the volume ones.
        public var isPitch: Bool { self == .highestPitch || self == .lowestPitch }

        /// True when this position is read from the fingertip's height, false when sideways: the pitch positions by
        /// height and the volume ones sideways, the other way round under the antenna law.
        public func readsHeight(antenna: AntennaField.Side?) -> Bool { isPitch == (antenna == nil) }
    }

    /// Where the calibration is, for the display.
    public enum Phase: Sendable, Equatable {
        /// Getting ready; seconds left before measuring starts.
        case countdown(remaining: Double)
        /// Measuring; progress in [0,1].
        case measuring(progress: Double)
        /// The last reading was rejected; the countdown restarts for the same target.
        case retry(reason: String)
        /// All four positions read; the result.
        case done(Calibration)
        /// Gave up (too many unusable results).
        case failed(reason: String)
    }

    public struct Status: Sendable, Equatable {
        public var target: Target
        public var phase: Phase
        /// Readings accepted so far, by target.
        public var readings: [Int: Double]
        /// The pitch rod's side under the antenna law, nil for the height laws.
        public var antenna: AntennaField.Side?

        public init(target: Target, phase: Phase, readings: [Int: Double], antenna: AntennaField.Side? = nil) {
            self.target = target
            self.phase = phase
            self.readings = readings
            self.antenna = antenna
        }

        /// What the player is asked to do, with where the antenna is when there is one.
        public var instruction: String {
            guard let antenna, target.isPitch else { return target.instruction }
            let hint = target == .highestPitch ? "near the antenna, \(antenna.rawValue)" : "away from the antenna"
            return target.instruction + " (\(hint))"
        }
    }

    public var countdownSeconds: Double
    public var measureSeconds: Double
    /// Largest accepted spread (standard deviation) of the fingertip while measuring.
    public var maxSpread: Double
    /// Smallest share of measuring frames that must see a hand.
    public var minPresence: Double
    /// The pitch rod's side under the antenna law, nil for the height laws.
    public let antenna: AntennaField.Side?

    private var target = Target.highestPitch
    private var phaseStart: Double?
    private var measuring = false
    private var values: [Double] = []
    private var frames = 0
    private var readings: [Int: Double] = [:]
    private var lastPhase: Phase = .countdown(remaining: 0)
    private var restarts = 0
    private var previousTime: Double?

    public init(countdownSeconds: Double = 2, measureSeconds: Double = 2, maxSpread: Double = 0.03, minPresence: Double = 0.6,
                antenna: AntennaField.Side? = nil) {
        self.antenna = antenna
        self.countdownSeconds = countdownSeconds
        self.measureSeconds = measureSeconds
        self.maxSpread = maxSpread
        self.minPresence = minPresence
        lastPhase = .countdown(remaining: countdownSeconds)
    }

    /// The current status without feeding a sample.
    public var status: Status { Status(target: target, phase: lastPhase, readings: readings, antenna: antenna) }

    /// Feeds one sample and returns where the calibration is.
    ///
    /// Each step's windows are laid end to end from the first sample's time (countdown, then measuring, then the
    /// next step's countdown), not from whichever sample happened to cross a boundary, so a file is judged on its
    /// own timing whatever its frame rate. A measuring window judges only the samples inside it; it closes with its
    /// last sample (the one whose frame lasts to the window's end), so a clip that ends with the window calibrates.
    public mutating func feed(_ sample: HandSample) -> Status {
        switch lastPhase {
        case .done, .failed: return status
        default: break
        }
        let frameDuration = previousTime.map { min(max(0, sample.t - $0), Self.longestFrame) } ?? 0
        previousTime = sample.t
        let start = phaseStart ?? sample.t
        phaseStart = start
        if !measuring {
            let measureStart = start + countdownSeconds
            guard Self.reached(measureStart, at: sample.t) else {
                lastPhase = .countdown(remaining: countdownSeconds - (sample.t - start))
                return status
            }
            measuring = true
            phaseStart = measureStart
            values.removeAll(keepingCapacity: true)
            frames = 0
        }
        let windowStart = phaseStart ?? sample.t
        let windowEnd = windowStart + measureSeconds
        if !Self.reached(windowEnd, at: sample.t) {
            frames += 1
            if sample.present { values.append(target.readsHeight(antenna: antenna) ? sample.y : sample.x) }
            guard Self.reached(windowEnd, at: sample.t + frameDuration) else {
                lastPhase = .measuring(progress: min(1, max(0, sample.t - windowStart) / measureSeconds))
                return status
            }
        }
        finishMeasurement()
        // The next countdown starts where the window ended; after a stall longer than a countdown, from now.
        let next = sample.t - windowEnd < countdownSeconds ? windowEnd : sample.t
        phaseStart = next
        if case .countdown = lastPhase {
            lastPhase = .countdown(remaining: min(countdownSeconds, countdownSeconds - (sample.t - next)))
        }
        return status
    }

    /// The longest a frame is taken to last when deciding whether it closes a window: a source that stalls for
    /// longer does not stretch one frame over the rest of the window.
    static let longestFrame = 0.5

    /// Times within this of a boundary count as at it: video time stamps are rounded to the millisecond or to the
    /// stream's time base, so a frame due exactly at a boundary may be stamped a hair before it, and a frame's length
    /// taken from two rounded stamps may be short by up to a millisecond.
    static let boundaryTolerance = 0.002

    private static func reached(_ boundary: Double, at time: Double) -> Bool {
        time >= boundary - boundaryTolerance
    }

    private mutating func finishMeasurement() {
        measuring = false
        let presence = frames > 0 ? Double(values.count) / Double(frames) : 0
        if presence < minPresence {
            lastPhase = .retry(reason: "No hand seen for long enough: keep your hand in view of the camera and try again")
            return
        }
        if Statistics.standardDeviation(values) > maxSpread {
            lastPhase = .retry(reason: "Your hand moved too much: hold it still for the whole count and try again")
            return
        }
        let sorted = values.sorted()
        readings[target.rawValue] = sorted[sorted.count / 2]
        if let next = Target(rawValue: target.rawValue + 1) {
            target = next
            lastPhase = .countdown(remaining: countdownSeconds)
            return
        }
        let highest = readings[Target.highestPitch.rawValue] ?? 0, lowest = readings[Target.lowestPitch.rawValue] ?? 1
        let quietest = readings[Target.quietest.rawValue] ?? 0, loudest = readings[Target.loudest.rawValue] ?? 1
        let result: Calibration
        let problems: [String]
        if let antenna {
            (result, problems) = Calibration.antenna(side: antenna, highestPitch: highest, lowestPitch: lowest,
                                                     loudest: loudest, quietest: quietest)
        } else {
            result = Calibration(pitchTop: highest, pitchBottom: lowest, volumeQuiet: quietest, volumeLoud: loudest)
            problems = result.problems
        }
        if let problem = problems.first {
            restarts += 1
            readings.removeAll()
            target = .highestPitch
            lastPhase = restarts >= 3 ? .failed(reason: "The positions were too close together three times: \(problem)")
                                      : .retry(reason: "Those positions do not make a usable box (\(problem)); starting again")
            return
        }
        lastPhase = .done(result)
    }
}
