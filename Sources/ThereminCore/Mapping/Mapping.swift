import Foundation

/// Turns a (calibrated, smoothed) fingertip position into frequency and amplitude: height sets pitch (top = high),
/// sideways position sets loudness (right = loud).
public struct Mapping: Sendable, Equatable {
    public var law: PitchLaw
    /// Frequency at the bottom (y = 1), in Hz.
    public var low: Double
    /// Frequency at the top (y = 0), in Hz.
    public var high: Double

    public init(law: PitchLaw = .linear, low: Double = 220, high: Double = 440) {
        self.law = law
        self.low = low
        self.high = high
    }

    /// Frequency for a normalized height (0 top … 1 bottom); heights outside [0,1] are clamped.
    public func frequency(y: Double) -> Double {
        let v = min(max(y, 0), 1)
        switch law {
        case .linear: return high - (high - low) * v
        case .exponential: return low * pow(high / low, 1 - v)
        }
    }

    /// Amplitude for a normalized sideways position (0 left … 1 right), clamped to [0,1].
    public func amplitude(x: Double) -> Double {
        min(max(x, 0), 1)
    }

    /// The height that plays `frequency`, or nil when it is outside the range: where the preview draws a note line.
    public func y(forFrequency frequency: Double) -> Double? {
        let lo = min(low, high), hi = max(low, high)
        guard frequency >= lo * (1 - 1e-12), frequency <= hi * (1 + 1e-12), high != low else { return nil }
        switch law {
        case .linear: return (high - frequency) / (high - low)
        case .exponential: return 1 - log(frequency / low) / log(high / low)
        }
    }
}
