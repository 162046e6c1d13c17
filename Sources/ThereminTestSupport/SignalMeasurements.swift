import Foundation

/// Measurements on rendered audio that tests use to check pitch, level and clicks independently of the code under
/// test.
public enum SignalMeasurements {
    /// Frequency from upward zero crossings, interpolated linearly between samples: exact to a few 1e-6 over a
    /// second of a clean periodic tone.
    public static func zeroCrossingFrequency(_ samples: ArraySlice<Float>, sampleRate: Double) -> Double? {
        var first: Double?
        var last = 0.0
        var count = 0
        var previous = samples.first ?? 0
        var index = samples.startIndex + 1
        while index < samples.endIndex {
            let current = samples[index]
            if previous < 0 && current >= 0 {
                let fraction = Double(-previous) / Double(current - previous)
                let position = Double(index - 1 - samples.startIndex) + fraction
                if first == nil { first = position } else { count += 1 }
                last = position
            }
            previous = current
            index += 1
        }
        guard let start = first, count > 0, last > start else { return nil }
        return Double(count) * sampleRate / (last - start)
    }

    /// Root-mean-square level.
    public static func rms(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for s in samples { sum += Double(s) * Double(s) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// Peak absolute value.
    public static func peak(_ samples: ArraySlice<Float>) -> Double {
        samples.reduce(0) { max($0, Double(abs($1))) }
    }

    /// Largest absolute difference between neighbouring samples: what a click shows up as.
    public static func maxStep(_ samples: ArraySlice<Float>) -> Double {
        var best = 0.0
        var index = samples.startIndex + 1
        while index < samples.endIndex {
            best = max(best, Double(abs(samples[index] - samples[index - 1])))
            index += 1
        }
        return best
    }

    /// Cents between two frequencies.
    public static func cents(_ measured: Double, _ expected: Double) -> Double {
        1200 * log2(measured / expected)
    }
}
