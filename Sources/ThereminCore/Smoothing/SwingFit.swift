import Foundation

/// A vibrato recognised in the last half second of measurements: the sine on a drifting centre that fits them best
/// (weighted least squares, recent frames weighing most, over a grid of rates from 1.5 to 10 Hz refined between
/// its points). A fit over many frames is both smoother and more punctual than a tracker of position and velocity:
/// it knows where the swing turns, so the sound can be carried a whole frame ahead without raising its depth.
/// Only a swing that turns back (it travels more than 1.8 times its span), stands clear of the noise and leaves
/// little residue counts: a leap, a glide or a still hand is left to the position tracker.
public struct SwingFit: Sendable {
    /// What the fit says at the newest measurement.
    public struct Fit: Sendable, Equatable {
        public var value: Double
        public var slope: Double
        public var path: SwingPath
        /// The span the measurements took.
        public var low: Double
        public var high: Double
    }

    /// Seconds of measurements fitted: a whole cycle at 2 Hz.
    public static let window = 0.5
    /// The time constant of the weights (seconds): a vibrato whose rate or depth changes is followed.
    static let weighting = 0.3
    static let lowestRate = 1.5, highestRate = 10.0, rateStep = 0.2
    static let turning = 1.8

    private var recent = RecentSwing(window: SwingFit.window, capacity: 64)

    public init() {}

    public mutating func reset() { recent.reset() }

    public mutating func add(_ z: Double, at t: Double) { recent.add(z, at: t) }

    /// The vibrato in the recent measurements at time `now`, given the tracker's noise σ; nil when they do not swing.
    public func fit(at now: Double, noise sigma: Double) -> Fit? {
        guard recent.count >= 8, let origin = recent.newest, let (low, high, travel) = recent.swing,
              high - low > 4 * sigma, travel >= SwingFit.turning * (high - low) else { return nil }
        // Each measurement's time before `now`, weight and value (about the newest), worked out once for every rate.
        return withUnsafeTemporaryAllocation(of: SIMD3<Double>.self, capacity: recent.count) { buffer in
            var count = 0
            recent.forEach { time, value in
                let tau = time - now
                buffer[count] = SIMD3(tau, exp(tau / SwingFit.weighting), value - origin)
                count += 1
            }
            return fit(UnsafeBufferPointer(rebasing: buffer[..<count]), origin: origin, noise: sigma, low: low,
                       high: high)
        }
    }

    private func fit(_ samples: UnsafeBufferPointer<SIMD3<Double>>, origin: Double, noise sigma: Double, low: Double,
                     high: Double) -> Fit? {
        // Rates on the grid, then the best one refined by a parabola through it and its neighbours.
        guard let (index, residues) = SwingFit.bestGridRate(samples) else { return nil }
        var rate = SwingFit.lowestRate + Double(index) * SwingFit.rateStep
        let curvature = residues.previous - 2 * residues.best + residues.next
        if residues.previous.isFinite, residues.next.isFinite, curvature > 0 {
            rate += SwingFit.rateStep * 0.5 * (residues.previous - residues.next) / curvature
        }
        let omega = 2 * Double.pi * rate
        guard let solution = SwingFit.solve(samples, { tau, _ in (sin(omega * tau), cos(omega * tau)) }) else {
            return nil
        }
        let (centre, drift, sine, cosine) = (solution.coefficients[0], solution.coefficients[1],
                                             solution.coefficients[2], solution.coefficients[3])
        let depth = (sine * sine + cosine * cosine).squareRoot()
        guard depth >= 4 * sigma, solution.rms <= max(1.5 * sigma, 0.25 * depth) else { return nil }
        return Fit(value: origin + centre + cosine, slope: drift + sine * omega,
                   path: SwingPath(rate: omega, offCentre: cosine, drift: drift), low: low, high: high)
    }

    /// The grid rate whose fit leaves the least residue, with its neighbours' residues. Each sample's sine and
    /// cosine are turned from one rate to the next by a fixed rotation instead of being computed again: two
    /// `sin`/`cos` per sample instead of two per sample and rate (the fit ran 43 rates on each axis every frame).
    private static func bestGridRate(_ samples: UnsafeBufferPointer<SIMD3<Double>>)
        -> (index: Int, residues: (previous: Double, best: Double, next: Double))? {
        let first = 2 * Double.pi * SwingFit.lowestRate, step = 2 * Double.pi * SwingFit.rateStep
        return withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: samples.count) { phases in
            for (i, sample) in samples.enumerated() {
                let tau = sample[0]
                phases[i] = SIMD4(sin(first * tau), cos(first * tau), sin(step * tau), cos(step * tau))
            }
            var best: (index: Int, residue: Double)?
            var residues = (previous: Double.infinity, best: Double.infinity, next: Double.infinity)
            var previous = Double.infinity
            let steps = Int(((SwingFit.highestRate - SwingFit.lowestRate) / SwingFit.rateStep).rounded())
            for k in 0...steps {
                let residue = SwingFit.solve(samples, { _, i in (phases[i][0], phases[i][1]) })?.residue ?? .infinity
                if residue < (best?.residue ?? .infinity) {
                    best = (k, residue)
                    residues = (previous, residue, .infinity)
                } else if best?.index == k - 1 {
                    residues.next = residue
                }
                previous = residue
                for i in 0..<samples.count {
                    let p = phases[i]
                    phases[i] = SIMD4(p[0] * p[3] + p[1] * p[2], p[1] * p[3] - p[0] * p[2], p[2], p[3])
                }
            }
            return best.map { ($0.index, residues) }
        }
    }

    /// The weighted least-squares fit of centre + drift·τ + s·sin ωτ + c·cos ωτ to the samples (τ, weight, value
    /// about the newest), `phase(τ, i)` giving sample i's (sin ωτ, cos ωτ): its coefficients, the residue (weighted
    /// sum of squares) and the rms residual. SIMD rows: no allocation on the tracking thread.
    @inline(__always)
    private static func solve(_ samples: UnsafeBufferPointer<SIMD3<Double>>,
                              _ phase: (Double, Int) -> (Double, Double))
        -> (coefficients: SIMD4<Double>, residue: Double, rms: Double)? {
        var normal = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
        var right = SIMD4<Double>()
        var squares = 0.0, weights = 0.0
        for (i, sample) in samples.enumerated() {
            let (tau, weight, z) = (sample[0], sample[1], sample[2])
            let (sine, cosine) = phase(tau, i)
            let row = SIMD4<Double>(1, tau, sine, cosine)
            right += weight * z * row
            normal.0 += weight * row[0] * row
            normal.1 += weight * row[1] * row
            normal.2 += weight * row[2] * row
            normal.3 += weight * row[3] * row
            squares += weight * z * z
            weights += weight
        }
        guard let x = SwingFit.solve(normal, right) else { return nil }
        let residue = max(squares - (x * right).sum(), 0)
        return (x, residue, (residue / max(weights, 1e-12)).squareRoot())
    }

    /// Solves the 4×4 normal equations (symmetric, positive definite unless the rows are degenerate) by Cholesky
    /// in a SIMD16; nil when they are singular.
    private static func solve(_ matrix: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>),
                              _ right: SIMD4<Double>) -> SIMD4<Double>? {
        let a = SIMD16<Double>(lowHalf: SIMD8(lowHalf: matrix.0, highHalf: matrix.1),
                               highHalf: SIMD8(lowHalf: matrix.2, highHalf: matrix.3))
        var l = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0...i {
                var sum = a[i * 4 + j]
                for k in 0..<j { sum -= l[i * 4 + k] * l[j * 4 + k] }
                if i == j {
                    guard sum > 1e-14 * max(a[i * 4 + i], 1e-300) else { return nil }
                    l[i * 4 + i] = sum.squareRoot()
                } else {
                    l[i * 4 + j] = sum / l[j * 4 + j]
                }
            }
        }
        var y = SIMD4<Double>()
        for i in 0..<4 {
            var sum = right[i]
            for k in 0..<i { sum -= l[i * 4 + k] * y[k] }
            y[i] = sum / l[i * 4 + i]
        }
        var x = SIMD4<Double>()
        for i in (0..<4).reversed() {
            var sum = y[i]
            for k in (i + 1)..<4 { sum -= l[k * 4 + i] * x[k] }
            x[i] = sum / l[i * 4 + i]
        }
        return x
    }
}
