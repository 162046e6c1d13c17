/// One coordinate through the chosen smoothing: where it is now, and the path the sound may follow ahead of the
/// frame (slope and span; none with the One Euro filter, whose value is held until the next frame).
public struct AxisSmoother: Sendable {
    /// The smoothed value and its path: `value + slope · τ + acceleration · τ²/2`, for τ up to `horizon`, kept within
    /// `bounds`.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var slope: Double
        public var horizon: Double
        public var bounds: ClosedRange<Double>
        /// The rate the slope changes (units/s²): a hand slowing down (a vibrato nearing its peak, a leap landing) is
        /// expected to go less far than its slope says, one speeding up further; never back (a turn is left to the
        /// next frame). A straight line alone raises a vibrato predicted τ ahead by √(1 + (ωτ)²).
        public var acceleration: Double

        public init(value: Double, slope: Double, horizon: Double, bounds: ClosedRange<Double>, acceleration: Double = 0) {
            self.value = value
            self.slope = slope
            self.horizon = horizon
            self.bounds = bounds
            self.acceleration = acceleration
        }

        /// The value `ahead` seconds after the frame.
        public func value(ahead: Double) -> Double {
            let tau = min(max(ahead, 0), horizon)
            let straight = slope * tau
            let curved = straight + acceleration * tau * tau / 2
            let moved = straight > 0 ? max(curved, 0) : min(curved, 0)
            return min(max(value + moved, bounds.lowerBound), bounds.upperBound)
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
            let sigma = noise.update(value, at: t, handSize: handSize)
            estimator.update(value, at: t, noise: sigma)
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
