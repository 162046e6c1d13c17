import ThereminCore

/// The one render set-up for a performance that exists as a trace (recorded, or just tracked from a file): trace →
/// plan (smoothing and mapping at exact sample positions) → scheduled voice → mix with the backing track. `--replay`
/// on the sound card, `--replay … --output` and offline `--input … --output` all play through this, so they cannot
/// differ in what they mix. Made by `RenderSetup.performance(of:)`.
public final class PerformanceRender {
    /// The controls at their sample positions (also what a display or MIDI follows).
    public let plan: ReplayPlan
    /// The theremin alone (its `renderedFrames` tells how far playback is).
    public let theremin: ScheduledRenderer
    /// What reaches the speaker or the file: the theremin, with the backing track when one is described.
    public let mix: BlockRenderer
    public let sampleRate: Int

    init(trace: Trace, sound: SoundDescription, mapper: ControlMapper, backing: BackingPlayer?, sampleRate: Int) {
        let rate = Double(sampleRate)
        plan = ReplayPlan(trace: trace, mapper: mapper, sampleRate: rate,
                          tail: max(sound.tail, sound.presets.map(\.sound.tail).max() ?? 0),
                          presets: sound.presetMappers(calibratedBy: mapper.calibration))
        let voice = ScheduledRenderer(sounds: sound.makeSoundSwitch(sampleRate: rate, realTime: false),
                                      schedule: plan.schedule, totalFrames: plan.totalFrames, changes: plan.changes)
        theremin = voice
        mix = backing.map { StereoMixer(source: voice, backing: $0) } ?? voice
        self.sampleRate = sampleRate
    }

    /// Frames the whole performance lasts, tail included.
    public var totalFrames: Int { plan.totalFrames }
    /// Its length in seconds.
    public var duration: Double { Double(plan.totalFrames) / Double(sampleRate) }

    /// Renders the whole performance into `destination` as fast as the machine allows, then finishes it (a file is
    /// renamed into place); on failure nothing is left behind.
    /// - Throws: the destination's error when writing fails.
    public func render(into destination: any RenderDestination, progress: (Double) -> Void = { _ in }) throws {
        try destination.render(mix, totalFrames: plan.totalFrames, progress: progress)
    }

    /// The whole performance rendered into memory, as it would be into a file: what analysis listens to.
    public func renderedInMemory() -> SoundInMemory {
        let sound = SoundInMemory()
        sound.render(mix, totalFrames: plan.totalFrames, progress: { _ in })
        return sound
    }
}
