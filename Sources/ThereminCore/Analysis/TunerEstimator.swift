/// The tuner's pitch reading: YIN finds the period (it picks the fundamental, not a loud harmonic), then the period
/// is measured again over as many whole periods as the window allows: the difference function's dip at k periods
/// is located to a fraction of a sample just as the one at one period is, so dividing by k makes the reading k times
/// finer. On 100 ms of a steady tone this stays well within a cent from 60 Hz to 2 kHz, where an FFT peak picker
/// (4096 points at 44.1 kHz: 10.8 Hz bins) is 40–85 cents coarse at 220–440 Hz.
public struct TunerEstimator: Sendable {
    public let sampleRate: Double
    /// Lowest and highest fundamentals reported.
    public let range: ClosedRange<Double>
    /// Readings less periodic than this are ignored (noise, chords, silence).
    public var minimumClarity: Double
    /// Sounds quieter than this RMS level are ignored (about −54 dBFS).
    public var minimumLevel: Double

    public init(sampleRate: Double, range: ClosedRange<Double> = 55...2_100, minimumClarity: Double = 0.8,
                minimumLevel: Double = 0.002) {
        self.sampleRate = sampleRate
        self.range = range
        self.minimumClarity = minimumClarity
        self.minimumLevel = minimumLevel
    }

    /// Samples one reading uses: 100 ms.
    public var window: Int { Int((sampleRate * 0.1).rounded()) }

    /// The pitch of `samples` (use the newest `window` samples), or nil when no clear pitched sound is there.
    public func estimate(_ samples: UnsafeBufferPointer<Float>) -> PitchEstimate? {
        guard samples.count >= 64 else { return nil }
        var energy = 0.0
        for s in samples { energy += Double(s) * Double(s) }
        guard (energy / Double(samples.count)).squareRoot() >= minimumLevel else { return nil }
        let yin = PitchEstimator(sampleRate: sampleRate, minFrequency: range.lowerBound, maxFrequency: range.upperBound)
        guard let coarse = yin.estimate(samples), coarse.clarity >= minimumClarity else { return nil }
        let period = sampleRate / coarse.frequency
        let refined = TunerEstimator.refine(period: period, in: samples) ?? period
        let frequency = sampleRate / refined
        guard range.contains(frequency) else { return nil }
        return PitchEstimate(frequency: frequency, clarity: coarse.clarity)
    }

    /// The estimate for an array (tests, offline use).
    public func estimate(_ samples: [Float]) -> PitchEstimate? {
        samples.withUnsafeBufferPointer { estimate($0) }
    }

    /// Re-measures `period` at the largest multiple k·period that leaves at least half the window to compare
    /// over: the parabolic vertex of the squared difference around k·period, divided by k.
    static func refine(period: Double, in samples: UnsafeBufferPointer<Float>) -> Double? {
        let count = samples.count
        let multiple = Int((Double(count / 2) / period).rounded(.down))
        guard multiple >= 2 else { return nil }
        let center = Int((Double(multiple) * period).rounded())
        let span = 2
        let overlap = count - (center + span + 1)
        guard center - span > 0, overlap > 0 else { return nil }
        var values = [Double](repeating: 0, count: 2 * span + 1)
        for offset in -span...span {
            let lag = center + offset
            var sum = 0.0
            for j in 0..<overlap {
                let delta = Double(samples[j]) - Double(samples[j + lag])
                sum += delta * delta
            }
            values[offset + span] = sum
        }
        // The smallest value in the span, then a parabola through it and its neighbours.
        var best = 1
        for i in 1..<(values.count - 1) where values[i] < values[best] { best = i }
        let a = values[best - 1], b = values[best], c = values[best + 1]
        let denominator = a - 2 * b + c
        let shift = denominator > 0 ? 0.5 * (a - c) / denominator : 0
        let lag = Double(center + best - span) + max(-1, min(1, shift))
        return lag / Double(multiple)
    }
}
