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

extension SignalMeasurements {
    /// Amplitude of the component at `frequency` (a single DFT bin, correlating with sine and cosine). Exact for a
    /// window holding a whole number of its cycles; what tests use to read harmonics and filter gains.
    public static func amplitude(_ samples: ArraySlice<Float>, frequency: Double, sampleRate: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        var re = 0.0, im = 0.0
        let w = 2 * Double.pi * frequency / sampleRate
        for (n, s) in samples.enumerated() {
            re += Double(s) * cos(w * Double(n))
            im += Double(s) * sin(w * Double(n))
        }
        return 2 * (re * re + im * im).squareRoot() / Double(samples.count)
    }

    /// Level ratio in decibels.
    public static func decibels(_ ratio: Double) -> Double {
        20 * log10(ratio)
    }
}
