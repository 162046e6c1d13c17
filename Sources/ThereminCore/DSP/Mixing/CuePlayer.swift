import Synchronization

/// Plays cues over the music. Any thread may ask for a cue (or mute them); the audio thread picks the request up at
/// its next block. Every cue is rendered in the initializer, so playing one allocates nothing.
public final class CuePlayer: @unchecked Sendable {
    public static let volumeSpec = ParameterSpec(name: "cue-volume", defaultValue: 0.5, range: 0...1, unit: "",
                                                 help: "level of the start, stop and calibration cues")

    private let buffers: [UnsafeMutableBufferPointer<Float>]
    private let volume: Float
    private let requested = Atomic<Int>(-1)
    private let mutedFlag: Atomic<Bool>
    private var playing = -1
    private var position = 0

    /// - Parameters:
    ///   - sampleRate: output rate.
    ///   - volume: 0…1.
    ///   - muted: the initial mute state (from the config file).
    public init(sampleRate: Double, volume: Double = CuePlayer.volumeSpec.defaultValue, muted: Bool = false) {
        buffers = Cue.allCases.map { cue in
            let samples = cue.render(sampleRate: sampleRate)
            let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: samples.count)
            _ = buffer.initialize(from: samples)
            return buffer
        }
        self.volume = Float(min(max(volume, 0), 1))
        mutedFlag = Atomic(muted)
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// Asks for `cue` (replacing one still sounding); ignored while muted. Safe from any thread.
    public func play(_ cue: Cue) {
        guard !isMuted else { return }
        requested.store(cue.rawValue, ordering: .releasing)
    }

    /// Mutes or unmutes the cues (a cue already sounding is cut at the next block). Safe from any thread.
    public func setMuted(_ muted: Bool) { mutedFlag.store(muted, ordering: .relaxed) }
    public var isMuted: Bool { mutedFlag.load(ordering: .relaxed) }

    /// True while a cue is sounding (audio-thread view; for tests after rendering).
    public var isPlaying: Bool { playing >= 0 }

    /// Adds the sounding cue to both channels. Render contract: no allocation, locks, I/O or logging.
    public func mix(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        let request = requested.exchange(-1, ordering: .acquiring)
        if request >= 0 && request < buffers.count {
            playing = request
            position = 0
        }
        if mutedFlag.load(ordering: .relaxed) { playing = -1 }
        guard playing >= 0 else { return }
        let buffer = buffers[playing]
        let count = min(frames, buffer.count - position)
        for i in 0..<count {
            let value = buffer[position + i] * volume
            left[i] += value
            right[i] += value
        }
        position += count
        if position >= buffer.count { playing = -1 }
    }
}
