import Foundation

/// One coordinate of the fingertip followed as a position and a velocity: an α-β tracker whose gains are the
/// steady-state Kalman gains (Kalata 1984) for how hard the hand is manoeuvring against how noisy the tracker is.
/// A still hand (little acceleration against the noise) is smoothed hard; a moving one is followed at once; the
/// acceleration seen in the innovations opens the gains immediately and lets them close over `release`. While the
/// hand swings (a vibrato), the sine fitted to its last half second (`SwingFit`) gives the position and the path
/// ahead instead.
public struct AxisEstimator: Sendable {
    public let settings: MotionSettings
    public private(set) var position = 0.0
    /// Units per second.
    public private(set) var velocity = 0.0
    /// The noise σ the last update assumed (normalized units).
    public private(set) var noise = 0.001
    /// The vibrato the last update recognised, if any.
    public private(set) var swing: SwingFit.Fit?
    private var time = 0.0
    /// The last frame interval (seconds).
    private var interval = 1.0 / 60
    private var started = false
    /// Whether the last measurement missed the prediction by more than the noise explains.
    private var surprised = false
    private var accelerationSquared: Double
    private var fitter = SwingFit()
    private var newest = 0.0
    private var previous = 0.0

    public init(settings: MotionSettings = MotionSettings()) {
        self.settings = settings
        accelerationSquared = settings.accelerationFloor * settings.accelerationFloor
    }

    /// Forgets the hand (lost, or found afresh): the next measurement is taken as it is, at rest.
    public mutating func reset() {
        started = false
        swing = nil
        fitter.reset()
        velocity = 0
        accelerationSquared = settings.accelerationFloor * settings.accelerationFloor
    }

    /// Takes the measurement `z` made at time `t` (seconds, non-decreasing) with the tracker's noise σ (as its
    /// second differences show it: `MotionSettings.noiseScale` turns that into the jitter a frame carries).
    public mutating func update(_ z: Double, at t: Double, noise sigma: Double) {
        noise = max(sigma * settings.noiseScale, 1e-6)
        surprised = false
        guard started else {
            started = true
            position = z
            velocity = 0
            time = t
            newest = z
            previous = z
            fitter.add(z, at: t)
            return
        }
        previous = newest
        newest = z
        fitter.add(z, at: t)
        let dt = t - time
        guard dt > 0 else { return }
        time = t
        interval = dt
        let predicted = position + velocity * dt
        let innovation = z - predicted
        // The acceleration the constant-velocity model missed, beyond what noise explains.
        let excess = max(0, abs(innovation) - 3 * noise)
        surprised = excess > 0
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
        velocity += beta / dt * innovation
        landIfPast()
        swing = fitter.fit(at: t, noise: noise)
    }

    /// A hand that stops after a fast move (a leap landing) leaves the tracker's velocity carrying it on past the
    /// measurements, and the next frames pulled back on it from there (6 cents heard for 70 ms at 30 fps; after a
    /// late frame the velocity has carried it further, and the pull back rings the other way). Once the estimate lies
    /// outside the last two measurements and their margin, it is put back at the nearer measurement and stopped (at
    /// the margin's edge, a leap of a fifth of the picture was heard a pixel past its landing, 3 cents, for 30 ms);
    /// the measurements that follow start the hand moving again if it does. A still hand's smoothing, whose velocity
    /// is within its noise, is left alone.
    private mutating func landIfPast() {
        guard abs(velocity) >= velocityNoise else { return }
        let span = bounds
        if position > span.upperBound {
            position = max(newest, previous)
            velocity = 0
        } else if position < span.lowerBound {
            position = min(newest, previous)
            velocity = 0
        }
    }

    /// Where the hand is expected `ahead` seconds after its last measurement (at most `horizon`), within
    /// `bounds`.
    public func predicted(ahead: Double) -> Double { estimate.value(ahead: ahead) }

    /// Whether the hand held still at the last measurement as far as the tracker can tell: no vibrato, a velocity
    /// within its own noise and a measurement the noise explains. Only then do the measurements' second differences
    /// show the tracker's noise rather than the hand.
    public var isHolding: Bool {
        swing == nil && !surprised && abs(velocity) < velocityNoise
    }

    /// The velocity the tracker's noise alone could show: `velocityGate` noise σ per frame.
    private var velocityNoise: Double { settings.velocityGate * noise / interval }

    /// How far ahead the path reaches: the pipeline's latency and the frame interval, so the sound follows the
    /// hand until the next frame arrives, at 30 fps as at 60.
    public var horizon: Double { settings.horizon + interval }

    /// The position with its path, as the control chain carries it.
    public var estimate: AxisSmoother.Estimate {
        if let swing {
            let margin = settings.overshootMargin + 3 * noise
            // A sine is carried further: the fit knows where the swing turns, so a late or dropped frame (a busy
            // machine) leaves the sound on the swing rather than stopped at the horizon.
            return AxisSmoother.Estimate(value: swing.value, slope: swing.slope, horizon: horizon + interval,
                                         bounds: (swing.low - margin)...(swing.high + margin), path: swing.path)
        }
        // A velocity within the noise of its own estimate is not followed: a still hand's jitter, carried a frame
        // ahead, would only be heard to waver more.
        let gate = velocityNoise
        let slope = velocity * velocity * velocity / (velocity * velocity + gate * gate + 1e-300)
        return AxisSmoother.Estimate(value: position, slope: slope, horizon: horizon, bounds: bounds)
    }

    /// The span a prediction may take when the hand does not swing: the last two measurements, widened by the
    /// overshoot margin and one noise σ, so a hand that stops is not heard to go on.
    public var bounds: ClosedRange<Double> {
        let margin = settings.overshootMargin + noise
        // After a step the noise cannot explain (a leap's last frames), nothing past the newest measurement in
        // the step's direction: the hand is landing there.
        let step = newest - previous
        let moved = abs(step) > settings.velocityGate * noise
        let below = moved && step < 0 ? 0 : margin, above = moved && step > 0 ? 0 : margin
        return (min(newest, previous) - below)...(max(newest, previous) + above)
    }

    /// Steady-state α-β gains for the manoeuvring index λ = σ_a·T²/σ_noise, α capped at `maximum`.
    static func gains(manoeuvring lambda: Double, maximum: Double) -> (alpha: Double, beta: Double) {
        let r = (4 + lambda - (8 * lambda + lambda * lambda).squareRoot()) / 4
        let alpha = min(1 - r * r, maximum)
        let beta = 2 * (2 - alpha) - 4 * (1 - alpha).squareRoot()
        return (alpha, beta)
    }
}
