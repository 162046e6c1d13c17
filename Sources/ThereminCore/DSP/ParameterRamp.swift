import Foundation

/// Per-sample glide towards a target (a one-pole low-pass on the parameter), so a jump in the control values
/// becomes a smooth curve instead of a click. Render-side; allocation-free.
///
/// The curve is computed in closed form, target + distance · (1 − c)^k, counted from an anchor: the sample where
/// the target last changed, or every `anchorInterval` samples after it. Samples then do not wait for one another
/// (the loops vectorize), and since anchors fall on the same samples however the render is cut into blocks, the
/// values do not depend on the block size (`ScheduledRendererTests`).
public struct ParameterRamp: AnchoredCurve, Sendable {
    /// Where the ramp is now (its latest sample).
    public private(set) var value: Double
    /// Where it is heading; setting it anchors the curve at the current value.
    public var target: Double {
        didSet { anchor() }
    }
    /// (1 − coefficient)^(k+1) for k = 0…31: how much of the anchor's distance to the target is left k+1 samples on.
    private var remaining: SIMD32<Double>
    /// The anchor's distance to the target, and the samples rendered since the anchor.
    private var distance = 0.0
    private var sinceAnchor = 0

    /// Samples between anchors while the target stays.
    public static let anchorInterval = 32

    /// - Parameters:
    ///   - value: the starting value (also the initial target).
    ///   - time: the time constant in seconds (63 % of a step is covered in this time); 0 jumps at once.
    ///   - sampleRate: samples per second.
    public init(value: Double, time: Double, sampleRate: Double) {
        self.value = value
        self.target = value
        remaining = ParameterRamp.remaining(time: time, sampleRate: sampleRate)
    }

    /// Changes the glide time without disturbing the current value.
    public mutating func setTime(_ time: Double, sampleRate: Double) {
        remaining = ParameterRamp.remaining(time: time, sampleRate: sampleRate)
        anchor()
    }

    /// Jumps straight to `value` (used before any sound is heard, e.g. the first note after silence).
    public mutating func reset(to value: Double) {
        self.value = value
        self.target = value
    }

    /// Advances `count` samples and writes their values to `output`. Render-side: no allocation.
    @inline(__always)
    public mutating func fill(_ output: UnsafeMutablePointer<Double>, count: Int) {
        var done = 0
        while done < count {
            let n = min(count - done, ParameterRamp.anchorInterval - sinceAnchor)
            let target = self.target, distance = self.distance, first = sinceAnchor, out = output + done
            withUnsafeBytes(of: &remaining) { table in
                guard let powers = table.baseAddress?.assumingMemoryBound(to: Double.self) else { return }
                let from = powers + first
                for k in 0..<n { out[k] = target + distance * from[k] }
            }
            done += n
            value = output[done - 1]
            sinceAnchor += n
            if sinceAnchor == ParameterRamp.anchorInterval { anchor() }
        }
    }

    private mutating func anchor() {
        distance = value - target
        sinceAnchor = 0
    }

    private static func remaining(time: Double, sampleRate: Double) -> SIMD32<Double> {
        let coefficient = time > 0 && sampleRate > 0 ? 1 - exp(-1 / (time * sampleRate)) : 1
        var powers = SIMD32<Double>(repeating: 0)
        var power = 1.0
        for k in 0..<powers.scalarCount {
            power *= 1 - coefficient
            powers[k] = power
        }
        return powers
    }
}
