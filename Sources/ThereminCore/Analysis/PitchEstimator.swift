/// One pitch reading: the fundamental and how periodic the sound was.
public struct PitchEstimate: Sendable, Equatable {
    /// Fundamental frequency in Hz.
    public var frequency: Double
    /// 1 for a perfectly periodic sound, towards 0 for noise (1 − YIN's normalized difference at the period).
    public var clarity: Double
}

/// The YIN fundamental-frequency estimator (de Cheveigné & Kawahara 2002) with parabolic refinement on the raw
/// difference function: well under a cent on clean tones, and it finds the fundamental rather than a strong
/// harmonic, which an FFT peak picker does not.
public struct PitchEstimator: Sendable {
    public let sampleRate: Double
    public let minFrequency: Double
    public let maxFrequency: Double
    /// YIN's absolute threshold on the normalized difference (lower = stricter about periodicity).
    public var threshold: Double

    public init(sampleRate: Double, minFrequency: Double = 50, maxFrequency: Double = 2500, threshold: Double = 0.15) {
        self.sampleRate = sampleRate
        self.minFrequency = minFrequency
        self.maxFrequency = maxFrequency
        self.threshold = threshold
    }

    /// Samples the estimator needs for its lowest frequency: two periods plus the comparison window.
    public var preferredWindow: Int {
        Int((sampleRate / minFrequency).rounded(.up)) * 2 + 64
    }

    /// Estimates the pitch of `samples`; nil when no periodic sound is found.
    public func estimate(_ samples: [Float]) -> PitchEstimate? {
        samples.withUnsafeBufferPointer { estimate($0) }
    }

    /// Estimates the pitch of `samples`; nil when no periodic sound is found.
    public func estimate(_ samples: UnsafeBufferPointer<Float>) -> PitchEstimate? {
        let maxLag = min(Int((sampleRate / minFrequency).rounded(.up)) + 1, samples.count / 2)
        let minLag = max(2, Int((sampleRate / maxFrequency).rounded(.down)))
        guard maxLag > minLag + 2 else { return nil }
        let window = samples.count - maxLag
        var energy = 0.0
        for j in 0..<samples.count { energy += Double(samples[j]) * Double(samples[j]) }
        guard energy > 1e-9 * Double(samples.count) else { return nil }

        var difference = [Double](repeating: 0, count: maxLag + 1)
        for lag in 1...maxLag {
            var sum = 0.0
            for j in 0..<window {
                let delta = Double(samples[j]) - Double(samples[j + lag])
                sum += delta * delta
            }
            difference[lag] = sum
        }
        // Cumulative-mean normalized difference picks the first dip that is clearly periodic.
        var normalized = [Double](repeating: 1, count: maxLag + 1)
        var running = 0.0
        for lag in 1...maxLag {
            running += difference[lag]
            normalized[lag] = running > 0 ? difference[lag] * Double(lag) / running : 1
        }
        var chosen: Int?
        var lag = minLag
        while lag < maxLag {
            if normalized[lag] < threshold {
                while lag + 1 < maxLag && normalized[lag + 1] < normalized[lag] { lag += 1 }
                chosen = lag
                break
            }
            lag += 1
        }
        if chosen == nil {
            // No dip under the threshold: take the global minimum if it is reasonably periodic.
            var best = minLag
            for l in minLag..<maxLag where normalized[l] < normalized[best] { best = l }
            if normalized[best] < 0.35 { chosen = best }
        }
        guard let tau = chosen, tau > 1, tau < maxLag else { return nil }
        let a = difference[tau - 1], b = difference[tau], c = difference[tau + 1]
        let denominator = a - 2 * b + c
        let shift = denominator > 0 ? 0.5 * (a - c) / denominator : 0
        let period = Double(tau) + max(-1, min(1, shift))
        return PitchEstimate(frequency: sampleRate / period, clarity: max(0, 1 - normalized[tau]))
    }
}
