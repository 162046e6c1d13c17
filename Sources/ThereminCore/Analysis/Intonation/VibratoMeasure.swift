import Foundation

/// A held note's vibrato: how fast and how wide its pitch swings around the note.
public struct VibratoFigures: Sendable, Equatable {
    /// Swings a second (Hz).
    public var rate: Double
    /// Half the swing, in cents (a vibrato of ±depth).
    public var depth: Double
}

extension HeldNote {
    /// Slowest and fastest swing counted as a vibrato (Hz); slower is drift, faster is tremor.
    public static let vibratoRates = 2.5...10.0
    /// A swing must account for at least this share of the pitch's motion around its trend, and be at least
    /// `smallestVibrato` cents deep, for the note to have a vibrato (a still hand's wobble has neither).
    public static let vibratoShare = 0.5
    public static let smallestVibrato = 3.0

    /// The strongest regular swing of the note's pitch within `vibratoRates`, fitted by least squares to the points
    /// as they were timed (a trace's frames need not be evenly spaced); nil when the hold is shorter than a cycle and
    /// a half of the slowest rate, or nothing swings regularly.
    public var vibrato: VibratoFigures? {
        let times = pointTimes
        guard offsets.count >= 8, let last = times.last, last - start >= 1.5 / HeldNote.vibratoRates.lowerBound
        else { return nil }
        let residual = Self.detrended(offsets, at: times)
        let variance = residual.reduce(0) { $0 + $1 * $1 } / Double(residual.count)
        guard variance > 0 else { return nil }
        var best: (rate: Double, depth: Double, explained: Double)?
        for rate in stride(from: HeldNote.vibratoRates.lowerBound, through: HeldNote.vibratoRates.upperBound, by: 0.05) {
            let (depth, explained) = Self.sineFit(residual, at: times, rate: rate)
            if explained > best?.explained ?? 0 { best = (rate, depth, explained) }
        }
        guard let best, best.explained >= HeldNote.vibratoShare * variance, best.depth >= HeldNote.smallestVibrato
        else { return nil }
        return VibratoFigures(rate: best.rate, depth: best.depth)
    }

    /// When each point began: the hold's start, then each after the one before lasted.
    private var pointTimes: [Double] {
        var times = [start]
        for duration in durations.dropLast() { times.append(times[times.count - 1] + duration) }
        return times
    }

    /// `values` less their least-squares line through `times`.
    private static func detrended(_ values: [Double], at times: [Double]) -> [Double] {
        let n = Double(values.count)
        let meanTime = times.reduce(0, +) / n, meanValue = values.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanTime) * (v - meanValue)
            variance += (t - meanTime) * (t - meanTime)
        }
        let slope = variance > 0 ? covariance / variance : 0
        return zip(times, values).map { $0.1 - meanValue - slope * ($0.0 - meanTime) }
    }

    /// The amplitude of the least-squares sine at `rate` through `values`, and the mean square it explains.
    private static func sineFit(_ values: [Double], at times: [Double], rate: Double) -> (depth: Double, explained: Double) {
        var ss = 0.0, cc = 0.0, sc = 0.0, sv = 0.0, cv = 0.0
        for (t, v) in zip(times, values) {
            let s = sin(2 * .pi * rate * t), c = cos(2 * .pi * rate * t)
            ss += s * s; cc += c * c; sc += s * c; sv += s * v; cv += c * v
        }
        let determinant = ss * cc - sc * sc
        guard determinant > 1e-12 else { return (0, 0) }
        let a = (sv * cc - cv * sc) / determinant, b = (cv * ss - sv * sc) / determinant
        return ((a * a + b * b).squareRoot(), (a * sv + b * cv) / Double(values.count))
    }
}
