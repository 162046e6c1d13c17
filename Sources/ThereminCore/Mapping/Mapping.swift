import Foundation

/// Turns a (calibrated, smoothed) fingertip position into frequency and amplitude. The height laws play pitch by
/// height (top = high) and loudness sideways (right = loud); the antenna law plays pitch by the distance to its rod
/// and loudness by the height above its loop. Either way the law's coordinates (`position(x:y:in:)`) are a pitch
/// coordinate `y` (0 plays `high`, 1 plays `low`) and a loudness coordinate `x` (0 quietest, 1 loudest).
public struct Mapping: Sendable, Equatable {
    public var law: PitchLaw
    /// Frequency at the bottom (y = 1), in Hz.
    public var low: Double
    /// Frequency at the top (y = 0), in Hz.
    public var high: Double
    /// The virtual antenna's side and field size, read by the antenna law only.
    public var antenna: AntennaField

    public init(law: PitchLaw = .linear, low: Double = 220, high: Double = 440, antenna: AntennaField = AntennaField()) {
        self.law = law
        self.low = low
        self.high = high
        self.antenna = antenna
    }

    /// Frequency for the pitch coordinate (0 … 1, clamped): the height in the playing box for the height laws (0 top),
    /// the distance from the antenna for the antenna law (0 at the rod).
    public func frequency(y: Double) -> Double {
        let v = min(max(y, 0), 1)
        switch law {
        case .linear: return high - (high - low) * v
        case .exponential: return low * pow(high / low, 1 - v)
        case .antenna: return low + (high - low) * antenna.strength(distance: v)
        }
    }

    /// Amplitude for the loudness coordinate (0 … 1, clamped): the sideways position for the height laws; for the
    /// antenna law the height above the volume loop, through the loop's field (silent at it, swelling steeply just
    /// above it, full at the top).
    public func amplitude(x: Double) -> Double {
        let v = min(max(x, 0), 1)
        return law == .antenna ? 1 - antenna.strength(distance: v) : v
    }

    /// The pitch coordinate that plays `frequency`, or nil when it is outside the range: where the preview draws a
    /// note line.
    public func y(forFrequency frequency: Double) -> Double? {
        let lo = min(low, high), hi = max(low, high)
        guard frequency >= lo * (1 - 1e-12), frequency <= hi * (1 + 1e-12), high != low else { return nil }
        switch law {
        case .linear: return (high - frequency) / (high - low)
        case .exponential: return 1 - log(frequency / low) / log(high / low)
        case .antenna: return antenna.distance(strength: (frequency - low) / (high - low))
        }
    }
}
