import Foundation

/// The pitch of a recorded tone as it was heard: one point per period, between two upward zero crossings.
public enum HeardPitch {
    /// (frame, Hz) points of `samples`: each period's frequency at its middle frame, for periods that sound (peak at
    /// least `quietest`; a fade's last whispers and silence's rounding cross zero at any rate).
    public static func track(_ samples: [Float], sampleRate: Double, quietest: Float = 0.05)
        -> [(frame: Double, frequency: Double)] {
        var points: [(Double, Double)] = []
        var previousCrossing: Double?
        var peak: Float = 0
        for index in 1..<max(1, samples.count) {
            peak = max(peak, abs(samples[index]))
            guard samples[index - 1] < 0 && samples[index] >= 0 else { continue }
            let crossing = Double(index - 1) + Double(-samples[index - 1]) / Double(samples[index] - samples[index - 1])
            if let previous = previousCrossing, peak >= quietest {
                let period = (crossing - previous) / sampleRate
                if period > 1 / 4_000, period < 1 / 40 { points.append(((previous + crossing) / 2, 1 / period)) }
            }
            previousCrossing = crossing
            peak = 0
        }
        return points
    }
}

/// Gain and lag of a swing against the one that caused it, both sampled at the same (uneven) times.
public enum SineFit {
    /// The amplitude and phase (radians) of the least-squares sine at `rate` Hz (with an offset) through the points.
    public static func sine(_ points: [(t: Double, value: Double)], rate: Double) -> (amplitude: Double, phase: Double) {
        // Normal equations of value ≈ a sin + b cos + c.
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 3)
        for point in points {
            let row = [sin(2 * .pi * rate * point.t), cos(2 * .pi * rate * point.t), 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                m[i][3] += row[i] * point.value
            }
        }
        for column in 0..<3 {  // Gauss–Jordan; the matrix is positive definite for points over a cycle
            let pivot = m[column][column]
            guard abs(pivot) > 1e-12 else { return (0, 0) }
            for j in column..<4 { m[column][j] /= pivot }
            for i in 0..<3 where i != column {
                let factor = m[i][column]
                for j in column..<4 { m[i][j] -= factor * m[column][j] }
            }
        }
        let a = m[0][3], b = m[1][3]
        return ((a * a + b * b).squareRoot(), atan2(b, a))
    }

    /// Gain (dB) and lag (seconds) of `heard` against `truth` at `rate` Hz.
    public static func gainAndLag(heard: [(t: Double, value: Double)], truth: [(t: Double, value: Double)],
                                  rate: Double) -> (gain: Double, lag: Double) {
        let h = sine(heard, rate: rate), r = sine(truth, rate: rate)
        var phase = r.phase - h.phase
        while phase > .pi { phase -= 2 * .pi }
        while phase < -.pi { phase += 2 * .pi }
        return (20 * log10(h.amplitude / r.amplitude), phase / (2 * .pi * rate))
    }
}
