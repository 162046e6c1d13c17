/// The theremin's sound: one voice followed by the effect chain, mono up to the chain's first stereo effect.
///
/// Render-side: `render` obeys the render contract (no allocation, locks, I/O or logging); everything it needs is
/// built in the initializer.
public final class SynthEngine {
    public let sampleRate: Double
    public var voice: Voice
    public let effects: EffectChain

    public init(sampleRate: Double, voice: VoiceSettings, effects: EffectChain = EffectChain()) {
        self.sampleRate = sampleRate
        self.voice = Voice(settings: voice, sampleRate: sampleRate)
        self.effects = effects
    }

    /// Sets the targets the voice glides towards.
    @inline(__always)
    public func apply(_ control: Control) {
        voice.apply(control)
    }

    /// Renders `frames` mono samples into `output`. Render contract: no allocation, locks, I/O or logging.
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        guard frames > 0 else { return }
        voice.render(into: output, count: frames)
        effects.process(output, count: frames)
    }

    /// Renders `frames` stereo frames: the voice and the chain, both channels equal unless a stereo effect makes
    /// them differ. Render contract as above.
    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        guard frames > 0 else { return }
        voice.render(into: left, count: frames)
        effects.process(left: left, right: right, count: frames)
    }
}
