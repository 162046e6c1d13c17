import Foundation
import Synchronization
import ThereminCore

/// Plays a `BlockRenderer` on an ALSA device from a dedicated audio thread.
///
/// The thread renders one period at a time, converts it to the device's format and writes it; underruns are
/// recovered the way libsoundio does (`snd_pcm_recover`: prepare after `-EPIPE`, resume after `-ESTRPIPE`) and
/// counted. Everything the loop touches is allocated before it starts. The thread asks for `SCHED_FIFO` (or rtkit's
/// `SCHED_RR`) and the process's memory is locked (both best effort; see `RealtimeScheduling`).
public final class AudioOutput: @unchecked Sendable {
    public let pcm: ALSAPCM
    private let notice: (@Sendable (String) -> Void)?
    public var format: AudioFormat { pcm.format }
    private var renderer: BlockRenderer?
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let interleavedFloat: UnsafeMutablePointer<Float>
    private let interleavedInt16: UnsafeMutablePointer<Int16>

    private let stopAtFrame = Atomic<Int>(Int.max)
    private let written = Atomic<Int>(0)
    private let underrunCount = Atomic<Int>(0)
    private let queuedFrames = Atomic<Int>(0)
    private let finishedFlag = Atomic<Bool>(false)
    private let queuedPeriods = Atomic<Int>(QueueDepth.normalPeriods)
    /// Whether the request lets the depth adapt (`QueueDepth`) and the buffer has room to (three periods or more).
    private let adaptsDepth: Bool
    private let depthCalm: Double
    /// Written by the audio thread before `start` stops waiting for it, read after.
    private var threadScheduling: ThreadScheduling?
    private var failure: ALSAError?
    private let done = DispatchSemaphore(value: 0)
    /// Whether `start` was called. The `Thread` itself is not kept: it holds its closure, which holds this output,
    /// and keeping it here would be a reference cycle that leaks both (found by LeakSanitizer).
    private var started = false

    /// Opens the device named in `request`; `format` then tells what it granted (build the renderer for that rate).
    /// - Throws: `ALSAError` when the device cannot be opened or refuses every usable format.
    public init(request: PlaybackRequest) throws(ALSAError) {
        pcm = try ALSAPCM(request: request)
        notice = request.notice
        let period = pcm.format.periodFrames
        adaptsDepth = request.adaptsDepth && pcm.format.bufferFrames >= 3 * period
        depthCalm = request.depthCalm
        left = .allocate(capacity: period)
        left.initialize(repeating: 0, count: period)
        right = .allocate(capacity: period)
        right.initialize(repeating: 0, count: period)
        interleavedFloat = .allocate(capacity: period * pcm.format.channels)
        interleavedFloat.initialize(repeating: 0, count: period * pcm.format.channels)
        interleavedInt16 = .allocate(capacity: period * pcm.format.channels)
        interleavedInt16.initialize(repeating: 0, count: period * pcm.format.channels)
    }

    deinit {
        left.deallocate()
        right.deallocate()
        interleavedFloat.deallocate()
        interleavedInt16.deallocate()
    }

    /// Underruns recovered so far.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }
    /// Periods the audio thread keeps queued when it wakes, as `QueueDepth` decides: 1 shallow, 2 normally, more after
    /// underruns (the whole buffer less a period when the depth does not adapt).
    public var periodsQueuedAtWake: Int {
        adaptsDepth ? queuedPeriods.load(ordering: .relaxed) : format.bufferFrames / format.periodFrames - 1
    }
    /// Whether the audio thread keeps one period queued now rather than two (`QueueDepth`).
    public var isShallow: Bool { periodsQueuedAtWake == 1 }
    /// Frames handed to the device so far.
    public var framesWritten: Int { written.load(ordering: .relaxed) }
    /// Frames queued in the device after the last write (from `snd_pcm_delay`): how long until new sound is heard.
    public var deviceDelayFrames: Int { queuedFrames.load(ordering: .relaxed) }
    /// True once the thread has ended (renderer finished, stopped, or failed).
    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }
    /// True when the audio thread got real-time scheduling.
    public var isRealtime: Bool { threadScheduling?.isRealtime ?? false }
    /// What the audio thread got when it asked for real-time scheduling (nil before `start`).
    public var scheduling: ThreadScheduling? { threadScheduling }

    /// Starts the audio thread playing `renderer` (which must render at `format.sampleRate`).
    ///
    /// Locks memory and waits until the thread has asked for real-time scheduling, so `isRealtime` is known on
    /// return; a refusal is passed to the request's `notice` here, on the caller's thread.
    public func start(_ renderer: BlockRenderer) {
        guard !started else { return }
        started = true
        self.renderer = renderer
        let memory = RealtimeScheduling.lockMemory()
        let scheduled = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            nameCurrentThread("theremin-audio")
            self.threadScheduling = RealtimeScheduling.request()
            scheduled.signal()
            self.run()
            self.finishedFlag.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "theremin-audio"
        thread.stackSize = 1 << 20
        thread.start()
        scheduled.wait()
        if let notice, let scheduling = threadScheduling,
           let text = RealtimeScheduling.notice(scheduling: scheduling, memory: memory) { notice(text) }
    }

    /// Fades the renderer out, lets `frames` more frames play (enough for the fade to be heard), then stops and
    /// waits for the thread.
    /// - Throws: the error that stopped the thread early, if any.
    public func stop(afterFrames frames: Int = 0) throws(ALSAError) {
        guard started else { return }
        renderer?.fadeOut()
        stopAtFrame.store(framesWritten + max(0, frames), ordering: .relaxed)
        try wait()
    }

    /// Waits for the thread to end (a replay reaching its end), then reports any failure.
    public func wait() throws(ALSAError) {
        guard started else { return }
        done.wait()
        done.signal()
        if let failure { throw failure }
    }

    /// The audio thread's loop. Render contract: no allocation, locks, I/O or logging inside.
    private func run() {
        guard let handle = pcm.pcm, let renderer else { return }
        let stream = PCMStream(handle: handle)
        let period = format.periodFrames
        let channels = format.channels
        let adaptive = adaptsDepth
        let rate = Double(format.sampleRate)
        // Only a real-time thread is woken punctually enough to try a shallow queue.
        var depth = QueueDepth(periodFrames: period, bufferFrames: format.bufferFrames, calm: depthCalm,
                               mayBeShallow: isRealtime, now: MonotonicClock.now())
        var threshold = depth.wakeThreshold
        var underrunsSeen = 0
        while true {
            let position = written.load(ordering: .relaxed)
            if renderer.isFinished || position >= stopAtFrame.load(ordering: .relaxed) { break }
            let available = stream.available()
            if available < 0 {
                if !recover(handle, Int32(available)) { return }
                continue
            }
            if available < threshold {
                if available >= period {
                    // The device would take a period now; sleep until only `depth.periods` are left queued. The
                    // device's own wake-up threshold stays at a period (PipeWire's plugin asks the graph for a longer
                    // quantum when it is raised).
                    MonotonicClock.sleep(max(50e-6, Double(threshold - available) / rate))
                    continue
                }
                let waited = stream.wait(milliseconds: 100)
                if waited < 0 && !recover(handle, waited) { return }
                continue
            }
            if adaptive {
                let now = MonotonicClock.now(), underrunsNow = underruns
                let changed = underrunsNow > underrunsSeen ? depth.underran(at: now)
                    : position > 0 && depth.woke(queued: format.bufferFrames - available, at: now)
                underrunsSeen = underrunsNow
                if changed {
                    threshold = depth.wakeThreshold
                    queuedPeriods.store(depth.periods, ordering: .relaxed)
                    if available < threshold { continue }  // shallower now: wait until fewer are left
                }
            }
            renderer.renderStereo(left: left, right: right, frames: period)
            if !write(stream, frames: period, channels: channels) { return }
            written.store(position + period, ordering: .relaxed)
            if let delay = stream.queuedFrames() {
                queuedFrames.store(delay, ordering: .relaxed)
                renderer.didWrite(delayFrames: delay)
            }
        }
        // Let what was written play out before closing.
        stream.setBlocking(true)
        stream.drain()
    }

    private func write(_ stream: PCMStream, frames: Int, channels: Int) -> Bool {
        var offset = 0
        switch format.sampleFormat {
        case .float32:
            ChannelLayout.interleave(left: left, right: right, frames: frames, channels: channels, into: interleavedFloat)
        case .int16:
            ChannelLayout.interleave(left: left, right: right, frames: frames, channels: channels, into: interleavedFloat)
            for i in 0..<(frames * channels) {
                let clamped = max(-1, min(1, interleavedFloat[i]))
                interleavedInt16[i] = Int16((clamped * 32_767).rounded())
            }
        }
        while offset < frames {
            let result: Int
            switch format.sampleFormat {
            case .float32:
                result = stream.write(interleavedFloat + offset * channels, frames: frames - offset)
            case .int16:
                result = stream.write(interleavedInt16 + offset * channels, frames: frames - offset)
            }
            if result == -Int(EAGAIN) {
                _ = stream.wait(milliseconds: 100)
                if written.load(ordering: .relaxed) >= stopAtFrame.load(ordering: .relaxed) { return true }
                continue
            }
            if result < 0 {
                if !recover(stream.handle, Int32(result)) { return false }
                continue
            }
            offset += Int(result)
        }
        return true
    }

    /// Recovers from an underrun or suspend (XrunRecovery); records a fatal error and returns false otherwise.
    private func recover(_ handle: OpaquePointer, _ code: Int32) -> Bool {
        switch XrunRecovery.recover(handle, after: code) {
        case .retry:
            return true
        case .recovered(let underrun):
            if underrun { underrunCount.add(1, ordering: .relaxed) }
            return true
        case .recoveryFailed(let result):
            failure = ALSAError(operation: "recover from underrun", code: result, device: pcm.device)
        case .failed(let result):
            failure = ALSAError(operation: "write", code: result, device: pcm.device)
        }
        return false
    }
}
