import Foundation

/// The theremin voice's waveform: a sum of harmonics whose strength falls off as `brightness^(n−1) / n`, so 0 is a
/// pure sine and 1 approaches a sawtooth's spectrum, the way a real theremin's tone brightens as its oscillators are
/// detuned. Stored as band-limited tables holding 1, 2, 4, 8 and 16 harmonics; playback picks the richest table
/// whose harmonics stay below Nyquist and fades the next one in, so gliding up neither aliases nor jumps in timbre.
///
/// Built on the control side (allocates); immutable afterwards, so the audio thread only reads it.
public final class HarmonicWavetable: @unchecked Sendable {
    public static let brightnessSpec = ParameterSpec(name: "brightness", defaultValue: 0.35, range: 0...1, unit: "",
                                                     help: "overtones of the theremin voice: 0 pure sine, 1 bright and reedy")
    /// Samples per table (a power of two); one guard sample follows each table for interpolation.
    static let size = 2_048
    static let levels = 5

    public let brightness: Double
    private let tables: UnsafeMutablePointer<Float>

    /// - Parameter brightness: 0…1 (clamped).
    public init(brightness: Double) {
        let b = min(max(brightness.isFinite ? brightness : 0, 0), 1)
        self.brightness = b
        let stride = HarmonicWavetable.size + 1
        tables = .allocate(capacity: stride * HarmonicWavetable.levels)
        // One peak normalization for all levels (that of the full table), so dropping harmonics near Nyquist does
        // not change the loudness of the fundamental.
        var amplitudes = [Double](repeating: 0, count: 16)
        var sum = 0.0
        for n in 1...16 {
            amplitudes[n - 1] = pow(b, Double(n - 1)) / Double(n)
            sum += amplitudes[n - 1]
        }
        // sin(n · 2πi/size) is the one sine table at n · i (mod size): 2,048 calls to sin instead of 63,519, which
        // were most of the start of a `--replay … --output` (every voice builds these tables).
        let mask = HarmonicWavetable.size - 1
        let sines = (0..<HarmonicWavetable.size).map { sin(2 * Double.pi * Double($0) / Double(HarmonicWavetable.size)) }
        for level in 0..<HarmonicWavetable.levels {
            let harmonics = 1 << level
            let table = tables + level * stride
            for i in 0..<stride {
                var value = 0.0
                // Sine phases keep the waveform starting at zero, like the plain sine.
                for n in 1...harmonics { value += amplitudes[n - 1] * sines[(n * i) & mask] }
                table[i] = Float(value / sum)
            }
        }
    }

    deinit {
        tables.deallocate()
    }

    /// The sample at `phase` (cycles, [0, 1)) for a phase increment `dt` (frequency / sample rate).
    /// Render-side: no allocation.
    @inline(__always)
    public func value(phase: Double, dt: Double) -> Double {
        // The harmonic number that would sit at 0.45 of the sample rate.
        let ceiling = dt > 0 ? 0.45 / dt : 16
        if ceiling >= 16 { return lookup(level: 4, phase: phase) }
        var level = 0
        var harmonics = 1.0
        while level < 3 && harmonics * 2 <= ceiling {
            level += 1
            harmonics *= 2
        }
        // Fade the next richer table in over the last tenth below its top harmonic reaching 0.495 · rate.
        let upper = harmonics * 2
        let weight = min(max((ceiling * 1.1 - upper) / (upper * 0.1), 0), 1)
        let base = lookup(level: level, phase: phase)
        guard weight > 0 else { return base }
        return base + (lookup(level: level + 1, phase: phase) - base) * weight
    }

    @inline(__always)
    private func lookup(level: Int, phase: Double) -> Double {
        let position = phase * Double(HarmonicWavetable.size)
        var index = Int(position)
        let fraction = position - Double(index)
        index &= HarmonicWavetable.size - 1
        let table = tables + level * (HarmonicWavetable.size + 1)
        let a = Double(table[index]), b = Double(table[index + 1])
        return a + (b - a) * fraction
    }
}
