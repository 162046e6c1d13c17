import Foundation

/// Per-sample glide towards a target (a one-pole low-pass on the parameter), so a jump in the control values
/// becomes a smooth curve instead of a click. Render-side; allocation-free.
public struct ParameterRamp: Sendable {
    /// Where the ramp is now.
    public private(set) var value: Double
    /// Where it is heading.
    public var target: Double
    private var coefficient: Double

    /// - Parameters:
    ///   - value: the starting value (also the initial target).
    ///   - time: the time constant in seconds (63 % of a step is covered in this time); 0 jumps at once.
    ///   - sampleRate: samples per second.
    public init(value: Double, time: Double, sampleRate: Double) {
        self.value = value
        self.target = value
        self.coefficient = ParameterRamp.coefficient(time: time, sampleRate: sampleRate)
    }

    /// Changes the glide time without disturbing the current value.
    public mutating func setTime(_ time: Double, sampleRate: Double) {
        coefficient = ParameterRamp.coefficient(time: time, sampleRate: sampleRate)
    }

    /// Jumps straight to `value` (used before any sound is heard, e.g. the first note after silence).
    public mutating func reset(to value: Double) {
        self.value = value
        self.target = value
    }

    /// Advances one sample and returns the new value.
    @inline(__always)
    public mutating func next() -> Double {
        value += (target - value) * coefficient
        return value
    }

    private static func coefficient(time: Double, sampleRate: Double) -> Double {
        guard time > 0, sampleRate > 0 else { return 1 }
        return 1 - exp(-1 / (time * sampleRate))
    }
}
