import Synchronization

/// The last stage before the sound card or file: the theremin (mono, centred) plus the phrase looper (which records
/// the theremin and plays its loop under it), the backing track (stereo) and the cues. It is itself a `BlockRenderer`, so everything that plays a renderer can play the mix.
///
/// Render-side: scratch space is allocated in the initializer; rendering allocates nothing. `fadeOut` may come from
/// any thread: it reaches the audio thread through an atomic.
public final class StereoMixer: BlockRenderer, @unchecked Sendable {
    public let source: BlockRenderer
    public var backing: BackingPlayer?
    public let cues: CuePlayer?
    /// The phrase looper (live play).
    public let looper: Looper?
    public var sampleRate: Double { source.sampleRate }
    private let capacity = 1_024
    private let scratchLeft: UnsafeMutablePointer<Float>
    private let scratchRight: UnsafeMutablePointer<Float>
    private let fadeFrames: Int
    private let fadeRequested = Atomic<Bool>(false)

    /// - Parameters:
    ///   - source: the theremin (voice and effects).
    ///   - backing: the backing track, if any.
    ///   - cues: the cue player, if any.
    ///   - looper: the phrase looper, if any.
    public init(source: BlockRenderer, backing: BackingPlayer? = nil, cues: CuePlayer? = nil, looper: Looper? = nil) {
        self.source = source
        self.looper = looper
        self.backing = backing
        self.cues = cues
        scratchLeft = .allocate(capacity: capacity)
        scratchLeft.initialize(repeating: 0, count: capacity)
        scratchRight = .allocate(capacity: capacity)
        scratchRight.initialize(repeating: 0, count: capacity)
        fadeFrames = Int(0.05 * source.sampleRate)
    }

    deinit {
        scratchLeft.deallocate()
        scratchRight.deallocate()
    }

    public var isFinished: Bool { source.isFinished }

    public func fadeOut() {
        source.fadeOut()
        looper?.kernel.fadeOut()
        fadeRequested.store(true, ordering: .relaxed)
    }

    /// Passes the device delay on to the theremin's renderer, which times its controls with it.
    public func didWrite(delayFrames: Int) {
        source.didWrite(delayFrames: delayFrames)
    }

    /// The mix folded to mono (for mono devices and files).
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        var done = 0
        while done < frames {
            let chunk = min(capacity, frames - done)
            renderStereo(left: scratchLeft, right: scratchRight, frames: chunk)
            for i in 0..<chunk { output[done + i] = 0.5 * (scratchLeft[i] + scratchRight[i]) }
            done += chunk
        }
    }

    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        source.renderStereo(left: left, right: right, frames: frames)
        // The looper hears the theremin alone (not the backing or the cues), as a looper pedal hears its instrument.
        looper?.kernel.process(left: left, right: right, frames: frames)
        if backing != nil {
            if fadeRequested.load(ordering: .relaxed) { backing?.fadeOut(frames: fadeFrames) }
            backing?.mix(left: left, right: right, frames: frames)
        }
        cues?.mix(left: left, right: right, frames: frames)
    }
}
