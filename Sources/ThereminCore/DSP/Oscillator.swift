import Foundation

/// A phase-accumulating oscillator (phase in Double, so pitch stays exact over long notes).
///
/// Render-side type: `next(increment:)` allocates nothing and may be called from the audio thread.
public struct Oscillator: Sendable {
    public var waveform: Waveform
    /// Phase in cycles, in [0, 1).
    public internal(set) var phase: Double
    /// The tables the `.theremin` waveform plays (a plain sine when nil).
    public var wavetable: HarmonicWavetable?

    public init(waveform: Waveform = .sine, phase: Double = 0, wavetable: HarmonicWavetable? = nil) {
        self.waveform = waveform
        self.phase = phase - phase.rounded(.down)
        self.wavetable = wavetable
    }

    /// Returns the current sample and advances the phase by `increment` cycles (frequency / sample rate).
    @inline(__always)
    public mutating func next(increment dt: Double) -> Double {
        let t = phase
        let value: Double
        switch waveform {
        case .sine:
            value = FastMath.sinTurns(t)
        case .saw:
            value = 2 * t - 1 - BandLimiting.polyBLEP(t, dt)
        case .square:
            let half = t < 0.5 ? 1.0 : -1.0
            value = half + BandLimiting.polyBLEP(t, dt) - BandLimiting.polyBLEP(BandLimiting.wrap(t + 0.5), dt)
        case .triangle:
            let naive = t < 0.5 ? 4 * t - 1 : 3 - 4 * t
            value = naive + 4 * dt * (BandLimiting.polyBLAMP(t, dt) - BandLimiting.polyBLAMP(BandLimiting.wrap(t + 0.5), dt))
        case .theremin:
            value = wavetable?.value(phase: t, dt: dt) ?? FastMath.sinTurns(t)
        }
        phase = BandLimiting.wrap(t + dt)
        return value
    }
}
