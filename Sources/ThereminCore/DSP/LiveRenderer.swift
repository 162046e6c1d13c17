import Synchronization

/// Plays whatever the tracking thread last sent: controls arrive through a lock-free ring and the voice glides to
/// the newest one at the start of each block. Mute and waveform changes arrive as atomics.
///
/// What the session talks to (the ring, the atomics, the last control) lives in `Inputs`, which a renderer remade at
/// another rate takes over (`init(engine:clock:continuing:)`): the session's handle keeps working after the output
/// swaps the mix.
public final class LiveRenderer: BlockRenderer, @unchecked Sendable {
    /// The sounds the player can switch between (the presets of the list); the one playing is `engine`.
    public let sounds: SoundSwitch
    public var engine: SynthEngine { sounds.current }
    /// The clock frames are stamped with (the clock port): a control's age, and so how far along the hand's path it
    /// is carried, is read on it. Calling through the existential neither allocates nor locks (the render contract).
    public let clock: any TimeSource
    public var sampleRate: Double { engine.sampleRate }
    private let inputs: Inputs
    /// The tracking side pushes controls here (single producer).
    public var controls: SPSCRing<Control> { inputs.controls }
    /// `Waveform.allCases`, kept: the synthesized `allCases` builds a new array on every call (an allocation).
    private let waveforms = Waveform.allCases
    /// Timing of each new control, from capture to sound out; the main thread drains it for `--stats`.
    public var latencies: SPSCRing<LatencyRecord> { inputs.latencies }
    private var pending: LatencyRecord?
    private var blockFrames = 0
    /// Audio queued ahead of the device's speaker after the last write (seconds), and when that was measured: the
    /// next block is heard that much later, so the control is carried that far along the hand's path.
    private var queuedAhead = 0.0
    private var queuedAt = 0.0

    /// The side the session and the tracking thread reach, shared by a renderer and the ones remade from it.
    final class Inputs: @unchecked Sendable {
        let controls = SPSCRing<Control>(capacity: 64)
        let latencies = SPSCRing<LatencyRecord>(capacity: 512)
        let muted = Atomic<Bool>(false)
        let stalled = Atomic<Bool>(false)
        let levelBits = Atomic<UInt64>(0)
        let frequencyBits = Atomic<UInt64>(0)
        let requestedWaveform: Atomic<Int>
        /// The sound asked for (an index into the switch's sounds).
        let requestedSound = Atomic<Int>(0)
        /// The control being played: the audio thread's alone (one renderer renders at a time).
        var lastControl = Control(frequency: 440, amplitude: 0, gate: false)

        init(waveform: Waveform) {
            requestedWaveform = Atomic(Waveform.allCases.firstIndex(of: waveform) ?? 0)
        }
    }

    /// - Parameter clock: the clock the frames are stamped with (the kernel's monotonic clock live; a test's).
    public convenience init(engine: SynthEngine, clock: any TimeSource = SystemTimeSource()) {
        self.init(sounds: SoundSwitch(engines: [engine], tails: [0]), clock: clock)
    }

    /// A renderer that can switch between `sounds` (`selectSound`).
    public init(sounds: SoundSwitch, clock: any TimeSource = SystemTimeSource()) {
        self.sounds = sounds
        self.clock = clock
        inputs = Inputs(waveform: sounds.current.voice.waveform)
    }

    /// A renderer for `engine` (made at another rate) that takes over `previous`'s controls, mute, waveform and the
    /// note being played: the tracking thread and the session go on talking to `previous`. Only one of the two may be
    /// rendered from then on (the output hands the new one to its audio thread in place of the old).
    public convenience init(engine: SynthEngine, continuing previous: LiveRenderer) {
        self.init(sounds: SoundSwitch(engines: [engine], tails: [0]), continuing: previous)
    }

    /// The same with sounds to switch between: the sound asked for last is played from the first block.
    public init(sounds: SoundSwitch, continuing previous: LiveRenderer) {
        self.sounds = sounds
        clock = previous.clock
        inputs = previous.inputs
    }

    public var isFinished: Bool { false }

    /// Mutes (fades out) or unmutes; safe from any thread.
    public func setMuted(_ value: Bool) { inputs.muted.store(value, ordering: .relaxed) }
    public var isMuted: Bool { inputs.muted.load(ordering: .relaxed) }

    public func fadeOut() { setMuted(true) }

    /// Fades out while the camera is away or stalled, so a lost picture never holds a stuck note; safe from any
    /// thread. Cleared once the first new frame's control is queued: the store releases it, so a block that sees the
    /// flag cleared also finds that control.
    public func setSourceStalled(_ value: Bool) { inputs.stalled.store(value, ordering: .releasing) }

    /// Switches to sound `index` of `sounds` at the next block (the old one fades and rings out); safe from any thread.
    public func selectSound(_ index: Int) { inputs.requestedSound.store(index, ordering: .relaxed) }

    /// Switches the waveform at the next block; safe from any thread.
    public func setWaveform(_ waveform: Waveform) {
        inputs.requestedWaveform.store(Waveform.allCases.firstIndex(of: waveform) ?? 0, ordering: .relaxed)
    }

    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        applyNewestControl(frames: frames)
        sounds.render(into: output, frames: frames)
        publishLevel()
    }

    /// The theremin in stereo: both channels the voice, unless a stereo effect makes them differ.
    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        applyNewestControl(frames: frames)
        sounds.renderStereo(left: left, right: right, frames: frames)
        publishLevel()
    }

    /// The block's control: the newest from the ring, carried along the hand's path to when the block is heard.
    @inline(__always)
    private func applyNewestControl(frames: Int) {
        let now = clock.now()
        // Read before the controls: a stall cleared after a control was queued brings that control with it.
        let sourceStalled = inputs.stalled.load(ordering: .acquiring)
        if let newest = inputs.controls.popNewest() {
            inputs.lastControl = newest
            pending = LatencyRecord(sourceTime: newest.sourceTime, trackedTime: newest.trackedTime,
                                    appliedTime: now, audibleTime: 0)
        }
        blockFrames = frames
        let ahead = max(0, queuedAhead - (now - queuedAt))
        // Where the hand is expected to be when this block's first sample is heard (bounded by the control's horizon).
        // A source whose frames are not stamped with the monotonic clock (the demo's) shows an absurd age: no path.
        let last = inputs.lastControl
        let age = now + ahead - last.sourceTime
        var control = age < 0.5 ? last.advanced(by: age) : last
        if inputs.muted.load(ordering: .relaxed) || sourceStalled { control.gate = false }
        let soundIndex = inputs.requestedSound.load(ordering: .relaxed)
        if soundIndex != sounds.index { sounds.select(soundIndex, closing: control) }
        let waveIndex = inputs.requestedWaveform.load(ordering: .relaxed)
        if waveIndex >= 0 && waveIndex < waveforms.count && engine.voice.waveform != waveforms[waveIndex] {
            engine.voice.waveform = waveforms[waveIndex]
        }
        sounds.apply(control)
    }

    @inline(__always)
    private func publishLevel() {
        inputs.levelBits.store(engine.voice.currentLevel.bitPattern, ordering: .relaxed)
        inputs.frequencyBits.store(engine.voice.currentFrequency.bitPattern, ordering: .relaxed)
    }

    /// The voice's level after the last block (glide, gate and volume applied); safe from any thread.
    public var currentLevel: Double { Double(bitPattern: inputs.levelBits.load(ordering: .relaxed)) }
    /// The voice's frequency after the last block; safe from any thread.
    public var currentFrequency: Double { Double(bitPattern: inputs.frequencyBits.load(ordering: .relaxed)) }

    public func didWrite(delayFrames: Int) {
        let now = clock.now()
        queuedAhead = Double(max(0, delayFrames)) / engine.sampleRate
        queuedAt = now
        guard var record = pending else { return }
        pending = nil
        // The block's first sample sits behind everything queued except the block itself, and behind the latency
        // the chain's plugins report.
        let ahead = Double(max(0, delayFrames - blockFrames) + engine.effects.latencyFrames) / engine.sampleRate
        record.audibleTime = now + ahead
        inputs.latencies.push(record)
    }
}

/// When one control was captured, tracked, applied by the audio thread and heard (monotonic seconds).
public struct LatencyRecord: Sendable, BitwiseCopyable {
    public var sourceTime: Double
    public var trackedTime: Double
    public var appliedTime: Double
    public var audibleTime: Double
}
