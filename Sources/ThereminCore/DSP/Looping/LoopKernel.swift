import Synchronization

/// The looper's render side: records the theremin's output into layers allocated before playing and mixes the
/// closed layers under the live voice, sample-aligned to the loop. Commands arrive through a lock-free ring; the
/// state goes back to the control side through atomics.
///
/// Render contract for `process`: called on the audio thread; no allocation, locks, I/O or logging.
public final class LoopKernel: @unchecked Sendable {
    public let sampleRate: Double
    /// The longest loop, in frames: the first layer closes by itself when it reaches it.
    public let maximumFrames: Int
    public let maximumLayers: Int
    /// Frames of the crossfade at the seam (and of the fades that add and remove layers).
    public let fadeFrames: Int
    /// The control side pushes the player's commands here (single producer: the main thread).
    let commands = SPSCRing<LoopCommand>(capacity: 64)

    /// Whether the layers keep two channels (the theremin behind a stereo effect chain).
    public let isStereo: Bool
    private let storage: UnsafeMutablePointer<Float>
    private let tails: UnsafeMutablePointer<Float>
    /// The right channel's layers: `storage` and `tails` themselves when mono.
    private let rightStorage: UnsafeMutablePointer<Float>
    private let rightTails: UnsafeMutablePointer<Float>
    let fadeIn: UnsafeMutablePointer<Float>
    let layers: UnsafeMutablePointer<LoopLayer>
    private(set) var layerCount = 0
    /// The loop's length in frames; 0 until the first layer closes.
    private(set) var length = 0
    private(set) var position = 0
    private var full = false
    /// Set once a clear's fades end: the looper then empties.
    private var clearing = false
    /// The gain of the whole loop, ramped down when the session stops.
    private var masterGain: Float = 1
    private var masterStep: Float = 0
    private let stopRequested = Atomic<Bool>(false)

    private let publishedState = Atomic<Int>(LoopState.empty.rawValue)
    private let publishedLayers = Atomic<Int>(0)
    private let publishedLength = Atomic<Int>(0)
    private let publishedPosition = Atomic<Int>(0)
    private let publishedFull = Atomic<Bool>(false)

    /// Allocates (and touches, so no page is first faulted in on the audio thread) every layer's memory.
    public init(sampleRate: Double, maximumSeconds: Double, maximumLayers: Int, fadeSeconds: Double, stereo: Bool = false) {
        self.sampleRate = sampleRate
        isStereo = stereo
        fadeFrames = max(1, Int((fadeSeconds * sampleRate).rounded()))
        maximumFrames = max(4 * fadeFrames, Int(maximumSeconds * sampleRate))
        self.maximumLayers = max(1, maximumLayers)
        storage = .allocate(capacity: self.maximumLayers * maximumFrames)
        storage.initialize(repeating: 0, count: self.maximumLayers * maximumFrames)
        tails = .allocate(capacity: self.maximumLayers * fadeFrames)
        tails.initialize(repeating: 0, count: self.maximumLayers * fadeFrames)
        if stereo {
            rightStorage = .allocate(capacity: self.maximumLayers * maximumFrames)
            rightStorage.initialize(repeating: 0, count: self.maximumLayers * maximumFrames)
            rightTails = .allocate(capacity: self.maximumLayers * fadeFrames)
            rightTails.initialize(repeating: 0, count: self.maximumLayers * fadeFrames)
        } else {
            rightStorage = storage
            rightTails = tails
        }
        fadeIn = .allocate(capacity: fadeFrames)
        for i in 0..<fadeFrames { fadeIn[i] = Float(i + 1) / Float(fadeFrames + 1) }
        layers = .allocate(capacity: self.maximumLayers)
        for k in 0..<self.maximumLayers {
            (layers + k).initialize(to: LoopLayer(samples: storage + k * maximumFrames, tail: tails + k * fadeFrames,
                                                  rightSamples: rightStorage + k * maximumFrames,
                                                  rightTail: rightTails + k * fadeFrames))
        }
    }

    deinit {
        layers.deinitialize(count: maximumLayers)
        layers.deallocate()
        if isStereo {
            rightStorage.deallocate()
            rightTails.deallocate()
        }
        storage.deallocate()
        tails.deallocate()
        fadeIn.deallocate()
    }

    /// The state after the last block; safe from any thread.
    public var status: LoopStatus {
        var status = LoopStatus()
        status.state = LoopState(rawValue: publishedState.load(ordering: .relaxed)) ?? .empty
        status.layers = publishedLayers.load(ordering: .relaxed)
        status.length = Double(publishedLength.load(ordering: .relaxed)) / sampleRate
        status.position = Double(publishedPosition.load(ordering: .relaxed)) / sampleRate
        status.full = publishedFull.load(ordering: .relaxed)
        return status
    }

    /// Fades the loop out from the next block on (the session is stopping); safe from any thread.
    public func fadeOut() { stopRequested.store(true, ordering: .relaxed) }

    /// Records the theremin (`left` and `right`; only `left` when mono: both are the voice) into the layer being
    /// recorded and adds the loop to both. Commands take effect at the block's start. Render contract: no
    /// allocation, locks, I/O or logging.
    public func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        if masterStep == 0 && stopRequested.load(ordering: .relaxed) { masterStep = 1 / Float(fadeFrames) }
        // Commands wait while layers fade out, so a layer's memory is free again before it is reused.
        while !isFading, let command = commands.pop() { apply(command) }
        for i in 0..<frames {
            let input = left[i], rightInput = right[i]
            var loop: Float = 0, rightLoop: Float = 0
            if length == 0 {
                if layerCount > 0 { recordFirst(input, rightInput) }
            } else {
                for k in 0..<layerCount {
                    loop += layers[k].sample(at: position, length: length, fadeIn: fadeIn, fadeFrames: fadeFrames)
                    if isStereo {
                        rightLoop += layers[k].sample(at: position, length: length, fadeIn: fadeIn, fadeFrames: fadeFrames,
                                                      right: true)
                    }
                }
                if !isStereo { rightLoop = loop }
                record(input, rightInput)
                position += 1
                if position == length { position = 0 }
            }
            if masterStep > 0 { masterGain = max(0, masterGain - masterStep) }
            left[i] = input + loop * masterGain
            right[i] = rightInput + rightLoop * masterGain
            if isFading { advanceFades() }
        }
        publish()
    }

    private var isFading: Bool {
        for k in 0..<layerCount where layers[k].isFading { return true }
        return false
    }

    private func apply(_ command: LoopCommand) {
        switch command {
        case .press: press()
        case .undo: undo()
        case .clear: clear()
        }
    }

    private func press() {
        full = false
        if layerCount == 0 {
            layers[0].begin(at: 0)
            layerCount = 1
            length = 0
            position = 0
        } else if length == 0 {
            // Closing the first layer: a loop shorter than its own crossfades would be all seam.
            guard layers[0].count >= 2 * fadeFrames else { return }
            closeFirst()
        } else if layers[layerCount - 1].recordingBody {
            closeTop()
        } else if layerCount < maximumLayers {
            layers[layerCount].begin(at: position)
            layerCount += 1
        } else {
            full = true
        }
    }

    private func undo() {
        full = false
        guard layerCount > 0 else { return }
        let top = layerCount - 1
        if length == 0 || layers[top].recordingBody {
            // Nothing of it has been heard yet: drop it at once.
            layerCount -= 1
            if layerCount == 0 { empty() }
        } else {
            layers[top].fadeStep = 1 / Float(fadeFrames)
        }
    }

    private func clear() {
        full = false
        if length == 0 {
            empty()
            return
        }
        if layers[layerCount - 1].recordingBody { layerCount -= 1 }
        for k in 0..<layerCount { layers[k].fadeStep = 1 / Float(fadeFrames) }
        clearing = true
        if layerCount == 0 { empty() }
    }

    private func empty() {
        layerCount = 0
        length = 0
        position = 0
        clearing = false
    }

    /// Lowers the gains of layers being removed; a layer whose gain reaches 0 is removed from the top down.
    private func advanceFades() {
        for k in 0..<layerCount where layers[k].isFading {
            layers[k].gain = max(0, layers[k].gain - layers[k].fadeStep)
        }
        while layerCount > 0, layers[layerCount - 1].isFading, layers[layerCount - 1].gain == 0 {
            layers[layerCount - 1].fadeStep = 0
            layerCount -= 1
        }
        if clearing && layerCount == 0 { empty() }
    }

    /// Records one frame of the first layer (the right channel's write lands on the left's memory when mono,
    /// after it: the two are the same).
    private func recordFirst(_ input: Float, _ rightInput: Float) {
        layers[0].rightSamples[layers[0].count] = rightInput
        layers[0].samples[layers[0].count] = input
        layers[0].count += 1
        if layers[0].count == maximumFrames { closeFirst() }
    }

    private func closeFirst() {
        length = layers[0].count
        position = 0
        layers[0].recordingBody = false
    }

    /// Closes the overdub on top; one closed before a single frame was recorded is dropped.
    private func closeTop() {
        let top = layerCount - 1
        if layers[top].count == 0 {
            layerCount -= 1
        } else {
            layers[top].recordingBody = false
        }
    }

    /// Records one frame at the current position: into the body being recorded and the tails being completed.
    @inline(__always)
    private func record(_ input: Float, _ rightInput: Float) {
        for k in 0..<layerCount {
            if layers[k].recordingBody {
                layers[k].rightSamples[position] = rightInput
                layers[k].samples[position] = input
                layers[k].count += 1
                // An overdub lasts at most one pass of the loop: then it closes by itself.
                if layers[k].count == length { layers[k].recordingBody = false }
            } else if layers[k].tailCount < fadeFrames {
                layers[k].rightTail[layers[k].tailCount] = rightInput
                layers[k].tail[layers[k].tailCount] = input
                layers[k].tailCount += 1
            }
        }
    }

    private func publish() {
        let state: LoopState
        if layerCount == 0 {
            state = .empty
        } else if length == 0 {
            state = .recording
        } else {
            state = layers[layerCount - 1].recordingBody ? .overdubbing : .playing
        }
        var remaining = 0
        for k in 0..<layerCount where !layers[k].isFading { remaining += 1 }
        publishedState.store(state.rawValue, ordering: .relaxed)
        publishedLayers.store(remaining, ordering: .relaxed)
        publishedLength.store(length == 0 && layerCount > 0 ? layers[0].count : length, ordering: .relaxed)
        publishedPosition.store(length == 0 && layerCount > 0 ? layers[0].count : position, ordering: .relaxed)
        publishedFull.store(full, ordering: .relaxed)
    }
}
