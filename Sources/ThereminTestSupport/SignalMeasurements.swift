import Foundation

/// Measurements on rendered audio that tests use to check pitch, level and clicks independently of the code under
/// test.
public enum SignalMeasurements {
    /// Frequency from upward zero crossings, interpolated linearly between samples: exact to a few 1e-6 over a
    /// second of a clean periodic tone.
    public static func zeroCrossingFrequency(_ samples: ArraySlice<Float>, sampleRate: Double) -> Double? {
        let crossings = upwardZeroCrossings(samples)
        guard let start = crossings.first, let last = crossings.last, last > start else { return nil }
        return Double(crossings.count - 1) * sampleRate / (last - start)
    }

    /// The frequency of a steady tone read from its periods that sound clean: the median of the periods (between
    /// upward zero crossings) that agree with a neighbour within `tolerance`. A splice, a dropout or a click bends the
    /// period it falls in, which is left out; a tone off pitch moves every period and is not. Also returns how many
    /// periods were judged and how many of them were clean.
    public static func steadyFrequency(_ samples: ArraySlice<Float>, sampleRate: Double, tolerance: Double = 0.01)
        -> (frequency: Double?, periods: Int, clean: Int) {
        let crossings = upwardZeroCrossings(samples)
        let periods = zip(crossings.dropFirst(), crossings).map { $0 - $1 }
        guard periods.count >= 3 else { return (nil, periods.count, 0) }
        let clean = (1..<(periods.count - 1)).map { periods[$0] }.enumerated().filter { offset, period in
            abs(periods[offset] - period) <= tolerance * period || abs(periods[offset + 2] - period) <= tolerance * period
        }.map(\.element).sorted()
        let frequency = clean.isEmpty ? nil : sampleRate / clean[clean.count / 2]
        return (frequency, periods.count, clean.count)
    }

    /// Where the signal crosses zero upwards, in samples from the slice's start, interpolated linearly.
    private static func upwardZeroCrossings(_ samples: ArraySlice<Float>) -> [Double] {
        var crossings: [Double] = []
        var previous = samples.first ?? 0
        var index = samples.startIndex + 1
        while index < samples.endIndex {
            let current = samples[index]
            if previous < 0 && current >= 0 {
                let fraction = Double(-previous) / Double(current - previous)
                crossings.append(Double(index - 1 - samples.startIndex) + fraction)
            }
            previous = current
            index += 1
        }
        return crossings
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
