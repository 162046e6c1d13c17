import Foundation

/// The course a swinging hand is expected to take after a frame: around a centre at `rate` (radians per second),
/// the centre itself drifting at `drift`. A sine is followed exactly however far ahead, where a straight line
/// raises a vibrato predicted τ ahead by √(1 + (ωτ)²) and a parabola breaks down past a sixth of a cycle, which a
/// 30 fps camera's frame already is at 8 Hz. `rate` 0 is the straight line along the slope.
public struct SwingPath: Sendable, Equatable, BitwiseCopyable {
    /// Radians per second; 0 for a straight path.
    public var rate: Double
    /// How far the value is from the swing's centre at the frame.
    public var offCentre: Double
    /// How fast the centre moves (per second): a vibrato on a slow glide.
    public var drift: Double

    public init(rate: Double = 0, offCentre: Double = 0, drift: Double = 0) {
        self.rate = rate
        self.offCentre = offCentre
        self.drift = drift
    }

    public static let straight = SwingPath()

    /// How far the value has moved `tau` seconds after the frame, when it left with `slope`.
    public func offset(slope: Double, after tau: Double) -> Double {
        guard rate > 0 else { return slope * tau }
        let turned = rate * tau
        return drift * tau + (slope - drift) / rate * sin(turned) + offCentre * (cos(turned) - 1)
    }

    /// The slope `tau` seconds after the frame.
    public func slope(_ slope: Double, after tau: Double) -> Double {
        guard rate > 0 else { return slope }
        let turned = rate * tau
        return drift + (slope - drift) * cos(turned) - rate * offCentre * sin(turned)
    }

    /// The same path `tau` seconds on (its value moved by `offset(slope:after:)`).
    public func advanced(slope: Double, by tau: Double) -> SwingPath {
        guard rate > 0 else { return self }
        let turned = rate * tau
        return SwingPath(rate: rate, offCentre: offCentre * cos(turned) + (slope - drift) / rate * sin(turned),
                         drift: drift)
    }

    /// The path through a mapping whose local slope is `scale` (a height to log2 Hz): a small swing maps to a swing.
    public func scaled(by scale: Double) -> SwingPath {
        SwingPath(rate: rate, offCentre: offCentre * scale, drift: drift * scale)
    }
}
