/// A linear fade between silence and full level, driven by the hand being present or not: the tone never stops or
/// starts abruptly. Render-side; allocation-free.
public struct GateFade: Sendable {
    /// Current gain in [0, 1].
    public private(set) var gain: Double = 0
    /// True while the gate is open (the hand is present).
    public var isOpen: Bool = false
    private var step: Double

    /// - Parameters:
    ///   - fadeTime: seconds for a full fade in or out (30–60 ms sounds natural).
    ///   - sampleRate: samples per second.
    public init(fadeTime: Double, sampleRate: Double) {
        step = fadeTime > 0 ? 1 / (fadeTime * sampleRate) : 1
    }

    /// True when the gate is closed and fully faded out: the voice is silent.
    public var isSilent: Bool { !isOpen && gain == 0 }

    /// Advances one sample and returns the gain.
    @inline(__always)
    public mutating func next() -> Double {
        if isOpen {
            if gain < 1 { gain = min(1, gain + step) }
        } else if gain > 0 {
            gain = max(0, gain - step)
        }
        return gain
    }
}
