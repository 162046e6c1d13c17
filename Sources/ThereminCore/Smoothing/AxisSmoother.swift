/// One coordinate through the chosen smoothing: where it is now, and the path the sound may follow ahead of the
/// frame (slope and span; none with the One Euro filter, whose value is held until the next frame).
public struct AxisSmoother: Sendable {
    /// The smoothed value and its path: `value` moved along `path` from `slope` for τ up to `horizon`, kept within
    /// `bounds`.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var slope: Double
        public var horizon: Double
        public var bounds: ClosedRange<Double>
        /// Straight, or around a swing's centre while the hand makes a vibrato.
        public var path: SwingPath

        public init(value: Double, slope: Double, horizon: Double, bounds: ClosedRange<Double>,
                    path: SwingPath = .straight) {
            self.value = value
            self.slope = slope
            self.horizon = horizon
            self.bounds = bounds
            self.path = path
        }

        /// How far ahead a straight path goes before it meets its bounds (at most `horizon`): a chord to there
        /// carries the sound onto a leap's landing at the path's own speed, where a chord over the whole horizon
        /// would take the horizon to get there.
        public var reach: Double {
            let edge = slope > 0 ? bounds.upperBound : bounds.lowerBound
            let meeting = slope != 0 ? (edge - value) / slope : horizon
            return min(max(meeting, Estimate.shortestReach), horizon)
        }

        /// The shortest chord (seconds): a path already at its edge is followed over a millisecond.
        static let shortestReach = 0.001

        /// The value `ahead` seconds after the frame.
        public func value(ahead: Double) -> Double {
            let tau = min(max(ahead, 0), horizon)
            return min(max(value + path.offset(slope: slope, after: tau), bounds.lowerBound), bounds.upperBound)
        }
    }

    private enum Kind: Sendable {
        case motion(AxisEstimator, TrackerNoise)
        case oneEuro(OneEuroFilter)
    }
    private var kind: Kind

    public init(_ settings: SmoothingSettings) {
        switch settings {
        case .motion(let motion): kind = .motion(AxisEstimator(settings: motion), TrackerNoise())
        case .oneEuro(let oneEuro): kind = .oneEuro(OneEuroFilter(settings: oneEuro))
        }
    }

    public mutating func reset() {
        switch kind {
        case .motion(var estimator, var noise):
            estimator.reset()
            noise.reset()
            kind = .motion(estimator, noise)
        case .oneEuro(var filter):
            filter.reset()
            kind = .oneEuro(filter)
        }
    }

    /// Takes `value` measured at `t` on a hand of `handSize` (normalized; 0 when unknown).
    public mutating func update(_ value: Double, at t: Double, handSize: Double) -> Estimate {
        switch kind {
        case .motion(var estimator, var noise):
            // The estimator judges the measurement with the noise learned so far; the noise learns from it only if
            // the hand held still through it.
            estimator.update(value, at: t, noise: noise.sigma(handSize: handSize))
            noise.update(value, at: t, handSize: handSize, learning: estimator.isHolding)
            kind = .motion(estimator, noise)
            return estimator.estimate
        case .oneEuro(var filter):
            let smoothed = filter.filter(value, at: t)
            kind = .oneEuro(filter)
            return Estimate(value: smoothed, slope: 0, horizon: 0, bounds: smoothed...smoothed)
        }
    }
}

extension HandSample {
    /// The hand's size in the picture (wrist to middle knuckle), 0 when the sample has no landmarks.
    public var handSize: Double {
        guard landmarks.count > 9 else { return 0 }
        let wrist = landmarks[0], knuckle = landmarks[9]
        return ((wrist.x - knuckle.x) * (wrist.x - knuckle.x) + (wrist.y - knuckle.y) * (wrist.y - knuckle.y)).squareRoot()
    }
}
