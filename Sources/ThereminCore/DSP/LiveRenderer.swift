import Synchronization

/// Plays whatever the tracking thread last sent: controls arrive through a lock-free ring and the voice glides to
/// the newest one at the start of each block. Mute and waveform changes arrive as atomics.
public final class LiveRenderer: BlockRenderer, @unchecked Sendable {
    public let engine: SynthEngine
    public var sampleRate: Double { engine.sampleRate }
    /// The tracking side pushes controls here (single producer).
    public let controls = SPSCRing<Control>(capacity: 64)
    private let muted = Atomic<Bool>(false)
    private let requestedWaveform: Atomic<Int>
    private let appliedSourceTime = Atomic<UInt64>(0)
    private var lastControl = Control(frequency: 440, amplitude: 0, gate: false)

    public init(engine: SynthEngine) {
        self.engine = engine
        requestedWaveform = Atomic(Waveform.allCases.firstIndex(of: engine.voice.waveform) ?? 0)
    }

    public var isFinished: Bool { false }

    /// Mutes (fades out) or unmutes; safe from any thread.
    public func setMuted(_ value: Bool) { muted.store(value, ordering: .relaxed) }
    public var isMuted: Bool { muted.load(ordering: .relaxed) }

    public func fadeOut() { setMuted(true) }

    /// Switches the waveform at the next block; safe from any thread.
    public func setWaveform(_ waveform: Waveform) {
        requestedWaveform.store(Waveform.allCases.firstIndex(of: waveform) ?? 0, ordering: .relaxed)
    }

    /// The source time of the newest control the audio thread has applied (for latency measurement).
    public var lastAppliedSourceTime: Double {
        Double(bitPattern: appliedSourceTime.load(ordering: .relaxed))
    }

    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        if let newest = controls.popNewest() {
            lastControl = newest
            appliedSourceTime.store(newest.sourceTime.bitPattern, ordering: .relaxed)
        }
        var control = lastControl
        if muted.load(ordering: .relaxed) { control.gate = false }
        let waveIndex = requestedWaveform.load(ordering: .relaxed)
        let cases = Waveform.allCases
        if waveIndex >= 0 && waveIndex < cases.count && engine.voice.waveform != cases[waveIndex] {
            engine.voice.waveform = cases[waveIndex]
        }
        engine.apply(control)
        engine.render(into: output, frames: frames)
    }
}
