import ThereminCore

/// One effect of the chain, as data: what `--effect delay:time=300` describes (the command line parses it; a
/// preset or another front end can build it directly).
public enum SoundEffect: Sendable, Equatable {
    case delay(DelaySettings)
    case lowpass(LowPassSettings)

    /// Builds the render-side unit for an output rate.
    public func makeEffect(sampleRate: Double) -> any AudioEffect {
        switch self {
        case .delay(let settings): return Delay(settings: settings, sampleRate: sampleRate)
        case .lowpass(let settings): return LowPass(settings: settings, sampleRate: sampleRate)
        }
    }
}
