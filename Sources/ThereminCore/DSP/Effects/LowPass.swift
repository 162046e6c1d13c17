import Foundation

/// Render-side low-pass: a second-order biquad (the Audio EQ Cookbook's low-pass, R. Bristow-Johnson) in transposed
/// direct form II with double-precision state, so low cutoffs stay clean. Allocation-free.
public final class LowPass: AudioEffect {
    private let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double
    private var s1 = 0.0
    private var s2 = 0.0

    public init(settings: LowPassSettings, sampleRate: Double) {
        // Keep the cutoff below Nyquist; the filter is then flat (or nearly) for a cutoff above the audio band.
        let cutoff = min(max(settings.cutoff, 1), sampleRate * 0.49)
        let q = max(settings.resonance, 0.05)
        let w0 = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(w0) / (2 * q)
        let cosW0 = cos(w0)
        let a0 = 1 + alpha
        b0 = (1 - cosW0) / 2 / a0
        b1 = (1 - cosW0) / a0
        b2 = b0
        a1 = -2 * cosW0 / a0
        a2 = (1 - alpha) / a0
    }

    /// The filter's gain at `frequency` (for tests and displays): |H(e^{jω})|.
    public func magnitude(at frequency: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * frequency / sampleRate
        let (c1, s1) = (cos(w), -sin(w))
        let (c2, s2) = (cos(2 * w), -sin(2 * w))
        let numRe = b0 + b1 * c1 + b2 * c2, numIm = b1 * s1 + b2 * s2
        let denRe = 1 + a1 * c1 + a2 * c2, denIm = a1 * s1 + a2 * s2
        return ((numRe * numRe + numIm * numIm) / (denRe * denRe + denIm * denIm)).squareRoot()
    }

    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var z1 = s1, z2 = s2
        for i in 0..<count {
            let x = Double(samples[i])
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            samples[i] = Float(y)
        }
        // Flush denormals that a decaying tail would otherwise leave in the state.
        s1 = abs(z1) < 1e-30 ? 0 : z1
        s2 = abs(z2) < 1e-30 ? 0 : z2
    }

    public func reset() {
        s1 = 0
        s2 = 0
    }
}
