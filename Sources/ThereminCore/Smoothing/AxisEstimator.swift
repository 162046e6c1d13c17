import Foundation

/// One coordinate of the fingertip followed as a position and a velocity: an α-β tracker whose gains are the
/// steady-state Kalman gains (Kalata 1984) for how hard the hand is manoeuvring against how noisy the tracker is.
/// A still hand (little acceleration against the noise) is smoothed hard; a moving one is followed at once; the
/// acceleration seen in the innovations opens the gains immediately and lets them close over `release`.
public struct AxisEstimator: Sendable {
    public let settings: MotionSettings
    public private(set) var position = 0.0
    /// Units per second.
    public private(set) var velocity = 0.0
    /// Units per second squared: how the velocity changed over the last frame.
    public private(set) var acceleration = 0.0
    /// The noise σ the last update assumed (normalized units).
    public private(set) var noise = 0.001
    private var time = 0.0
    private var started = false
    private var accelerationSquared: Double
    /// The measurements of the last `MotionSettings.reach` seconds: while they swing, a prediction may take their span.
    private var recent: RecentSwing
    private var newest = 0.0
    private var previous = 0.0

    public init(settings: MotionSettings = MotionSettings()) {
        self.settings = settings
        recent = RecentSwing(window: settings.reach, capacity: 64)
        accelerationSquared = settings.accelerationFloor * settings.accelerationFloor
    }

    /// Forgets the hand (lost, or found afresh): the next measurement is taken as it is, at rest.
    public mutating func reset() {
        started = false
        acceleration = 0
        recent.reset()
        velocity = 0
        accelerationSquared = settings.accelerationFloor * settings.accelerationFloor
    }

    /// Takes the measurement `z` made at time `t` (seconds, non-decreasing) with the tracker's noise σ.
    public mutating func update(_ z: Double, at t: Double, noise sigma: Double) {
        noise = max(sigma, 1e-6)
        guard started else {
            started = true
            position = z
            velocity = 0
            acceleration = 0
            time = t
            newest = z
            previous = z
            recent.add(z, at: t)
            return
        }
        previous = newest
        newest = z
        recent.add(z, at: t)
        let dt = t - time
        guard dt > 0 else { return }
        time = t
        let predicted = position + velocity * dt
        let innovation = z - predicted
        // The acceleration the constant-velocity model missed, beyond what noise explains.
        let excess = max(0, abs(innovation) - 3 * noise)
        let observed = 2 * excess / (dt * dt)
        let observedSquared = observed * observed
        if observedSquared > accelerationSquared {
            accelerationSquared = observedSquared
        } else {
            accelerationSquared += (1 - exp(-dt / settings.release)) * (observedSquared - accelerationSquared)
        }
        let floor = settings.accelerationFloor
        accelerationSquared = max(accelerationSquared, floor * floor)
        let (alpha, beta) = AxisEstimator.gains(manoeuvring: accelerationSquared.squareRoot() * dt * dt / noise,
                                                maximum: settings.maximumGain)
        position = predicted + alpha * innovation
        let before = velocity
        velocity += beta / dt * innovation
        acceleration = (velocity - before) / dt
    }

    /// Where the hand is expected `ahead` seconds after its last measurement (at most `settings.horizon`), kept
    /// within the overshoot margin of the last two measurements so a hand that stops is not heard to go on.
    public func predicted(ahead: Double) -> Double { estimate.value(ahead: ahead) }

    /// The position with its path, as the control chain carries it.
    public var estimate: AxisSmoother.Estimate {
        // The path curves only while the hand swings: elsewhere the frame-to-frame change of a noisy velocity would
        // only add wobble.
        AxisSmoother.Estimate(value: position, slope: velocity, horizon: settings.horizon, bounds: bounds,
                              acceleration: swing == nil ? 0 : acceleration)
    }

    /// The span a prediction may take: the last two measurements, widened by the overshoot margin; while the hand
    /// swings (its measurements over the last `reach` turn back and span more than the margin's width: a vibrato),
    /// its whole swing, so the peaks are heard on time. A leap goes one way, so it stays bounded by where it landed,
    /// and a still hand by its last two measurements.
    public var bounds: ClosedRange<Double> {
        let margin = settings.overshootMargin + 3 * noise
        let low = min(newest, previous) - margin, high = max(newest, previous) + margin
        guard let swing else { return low...high }
        return min(low, swing.lowerBound)...max(high, swing.upperBound)
    }

    /// The span of the hand's measurements over the last `reach` while it swings (they turn back and span more
    /// than the overshoot margin's width), nil otherwise.
    private var swing: ClosedRange<Double>? {
        guard recent.count > 2, let (low, high, travel) = recent.swing else { return nil }
        let margin = settings.overshootMargin + 3 * noise
        return high - low > 2 * margin && travel >= AxisEstimator.turning * (high - low) ? low...high : nil
    }

    /// A swing's travel over its span from which it turns back: a whole cycle travels twice its span, a leap once.
    private static let turning = 1.8

    /// Steady-state α-β gains for the manoeuvring index λ = σ_a·T²/σ_noise, α capped at `maximum`.
    static func gains(manoeuvring lambda: Double, maximum: Double) -> (alpha: Double, beta: Double) {
        let r = (4 + lambda - (8 * lambda + lambda * lambda).squareRoot()) / 4
        let alpha = min(1 - r * r, maximum)
        let beta = 2 * (2 - alpha) - 4 * (1 - alpha).squareRoot()
        return (alpha, beta)
    }
}
