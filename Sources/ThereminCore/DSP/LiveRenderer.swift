import Synchronization

/// Plays whatever the tracking thread last sent: controls arrive through a lock-free ring and the voice glides to
/// the newest one at the start of each block. Mute and waveform changes arrive as atomics.
public final class LiveRenderer: BlockRenderer, @unchecked Sendable {
    public let engine: SynthEngine
    /// The clock frames are stamped with (the clock port): a control's age, and so how far along the hand's path it
    /// is carried, is read on it. Calling through the existential neither allocates nor locks (the render contract).
    public let clock: any TimeSource
    public var sampleRate: Double { engine.sampleRate }
    /// The tracking side pushes controls here (single producer).
    public let controls = SPSCRing<Control>(capacity: 64)
    private let muted = Atomic<Bool>(false)
    private let stalled = Atomic<Bool>(false)
    private let levelBits = Atomic<UInt64>(0)
    private let frequencyBits = Atomic<UInt64>(0)
    private let requestedWaveform: Atomic<Int>
    /// `Waveform.allCases`, kept: the synthesized `allCases` builds a new array on every call (an allocation).
    private let waveforms = Waveform.allCases
    private var lastControl = Control(frequency: 440, amplitude: 0, gate: false)
    /// Timing of each new control, from capture to sound out; the main thread drains it for `--stats`.
    public let latencies = SPSCRing<LatencyRecord>(capacity: 512)
    private var pending: LatencyRecord?
    private var blockFrames = 0
    /// Audio queued ahead of the device's speaker after the last write (seconds), and when that was measured: the
    /// next block is heard that much later, so the control is carried that far along the hand's path.
    private var queuedAhead = 0.0
    private var queuedAt = 0.0

    /// - Parameter clock: the clock the frames are stamped with (the kernel's monotonic clock live; a test's).
    public init(engine: SynthEngine, clock: any TimeSource = SystemTimeSource()) {
        self.engine = engine
        self.clock = clock
        requestedWaveform = Atomic(Waveform.allCases.firstIndex(of: engine.voice.waveform) ?? 0)
    }

    public var isFinished: Bool { false }

    /// Mutes (fades out) or unmutes; safe from any thread.
    public func setMuted(_ value: Bool) { muted.store(value, ordering: .relaxed) }
    public var isMuted: Bool { muted.load(ordering: .relaxed) }

    public func fadeOut() { setMuted(true) }

    /// Fades out while the camera is away or stalled, so a lost picture never holds a stuck note; safe from any
    /// thread. Cleared once the first new frame's control is queued: the store releases it, so a block that sees the
    /// flag cleared also finds that control.
    public func setSourceStalled(_ value: Bool) { stalled.store(value, ordering: .releasing) }

    /// Switches the waveform at the next block; safe from any thread.
    public func setWaveform(_ waveform: Waveform) {
        requestedWaveform.store(Waveform.allCases.firstIndex(of: waveform) ?? 0, ordering: .relaxed)
    }

    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        let now = clock.now()
        // Read before the controls: a stall cleared after a control was queued brings that control with it.
        let sourceStalled = stalled.load(ordering: .acquiring)
        if let newest = controls.popNewest() {
            lastControl = newest
            pending = LatencyRecord(sourceTime: newest.sourceTime, trackedTime: newest.trackedTime,
                                    appliedTime: now, audibleTime: 0)
        }
        blockFrames = frames
        let ahead = max(0, queuedAhead - (now - queuedAt))
        // Where the hand is expected to be when this block's first sample is heard (bounded by the control's horizon).
        // A source whose frames are not stamped with the monotonic clock (the demo's) shows an absurd age: no path.
        let age = now + ahead - lastControl.sourceTime
        var control = age < 0.5 ? lastControl.advanced(by: age) : lastControl
        if muted.load(ordering: .relaxed) || sourceStalled { control.gate = false }
        let waveIndex = requestedWaveform.load(ordering: .relaxed)
        if waveIndex >= 0 && waveIndex < waveforms.count && engine.voice.waveform != waveforms[waveIndex] {
            engine.voice.waveform = waveforms[waveIndex]
        }
        engine.apply(control)
        engine.render(into: output, frames: frames)
        levelBits.store(engine.voice.currentLevel.bitPattern, ordering: .relaxed)
        frequencyBits.store(engine.voice.currentFrequency.bitPattern, ordering: .relaxed)
    }

    /// The voice's level after the last block (glide, gate and volume applied); safe from any thread.
    public var currentLevel: Double { Double(bitPattern: levelBits.load(ordering: .relaxed)) }
    /// The voice's frequency after the last block; safe from any thread.
    public var currentFrequency: Double { Double(bitPattern: frequencyBits.load(ordering: .relaxed)) }

    public func didWrite(delayFrames: Int) {
        let now = clock.now()
        queuedAhead = Double(max(0, delayFrames)) / engine.sampleRate
        queuedAt = now
        guard var record = pending else { return }
        pending = nil
        // The block's first sample sits behind everything queued except the block itself.
        let ahead = Double(max(0, delayFrames - blockFrames)) / engine.sampleRate
        record.audibleTime = now + ahead
        latencies.push(record)
    }
}

/// When one control was captured, tracked, applied by the audio thread and heard (monotonic seconds).
public struct LatencyRecord: Sendable, BitwiseCopyable {
    public var sourceTime: Double
    public var trackedTime: Double
    public var appliedTime: Double
    public var audibleTime: Double
}
