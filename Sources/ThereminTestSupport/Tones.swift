import Foundation

/// Deterministic test signals: harmonic tones, plucked strings, a sung vowel, noise.
public enum Tones {
    /// A sine of `amplitude` at `frequency`, `count` samples at `rate`.
    public static func sine(_ frequency: Double, amplitude: Double, count: Int, rate: Double) -> [Float] {
        (0..<count).map { Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / rate)) }
    }

    /// A sum of harmonics (`amplitudes[k]` for harmonic k+1), peak-normalized to 0.5.
    public static func harmonic(_ frequency: Double, amplitudes: [Double], count: Int, rate: Double, phase: Double = 0.3) -> [Float] {
        var samples = [Double](repeating: 0, count: count)
        for (k, amplitude) in amplitudes.enumerated() where amplitude != 0 {
            let w = 2 * Double.pi * frequency * Double(k + 1) / rate
            for i in 0..<count { samples[i] += amplitude * sin(w * Double(i) + phase * Double(k + 1)) }
        }
        let peak = samples.map(abs).max() ?? 1
        return samples.map { Float(0.5 * $0 / max(peak, 1e-12)) }
    }

    /// Karplus–Strong plucked string: pitch rate / (delay + 1/2), decaying, rich in harmonics.
    public static func pluckedString(delay: Int, count: Int, seed: UInt32) -> [Float] {
        var line = noise(count: delay, seed: seed)
        var output = [Float](repeating: 0, count: count)
        var index = 0
        var previous: Float = 0
        for i in 0..<count {
            let current = line[index]
            output[i] = current
            line[index] = 0.996 * 0.5 * (current + previous)
            previous = current
            index = (index + 1) % delay
        }
        return output
    }

    /// A sung vowel: an impulse train at `frequency` shaped by a glottal low-pass and two formant resonators.
    public static func vowel(_ frequency: Double, count: Int, rate: Double) -> [Float] {
        func resonator(_ input: [Double], center: Double, bandwidth: Double) -> [Double] {
            let r = exp(-Double.pi * bandwidth / rate)
            let a1 = 2 * r * cos(2 * Double.pi * center / rate), a2 = -r * r
            var y1 = 0.0, y2 = 0.0
            return input.map { x in
                let y = x + a1 * y1 + a2 * y2
                y2 = y1
                y1 = y
                return y
            }
        }
        var pulses = [Double](repeating: 0, count: count)
        var phase = 0.0
        var glottis = 0.0
        for i in 0..<count {
            phase += frequency / rate
            var pulse = 0.0
            if phase >= 1 {
                phase -= 1
                pulse = 1
            }
            glottis = 0.9 * glottis + pulse
            pulses[i] = glottis
        }
        let f1 = resonator(pulses, center: 700, bandwidth: 80)
        let f2 = resonator(pulses, center: 1_220, bandwidth: 90)
        let mixed = zip(f1, f2).map { $0 + 0.5 * $1 }
        let peak = mixed.map(abs).max() ?? 1
        return mixed.map { Float(0.5 * $0 / max(peak, 1e-12)) }
    }

    /// Uniform white noise in [−0.5, 0.5) from a linear congruential generator.
    public static func noise(count: Int, seed: UInt32) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24) - 0.5
        }
    }
}
