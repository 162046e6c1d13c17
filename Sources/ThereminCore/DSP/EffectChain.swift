/// Effects applied in the order given: mono up to the first stereo effect, stereo from it on. A mono effect after
/// that point runs once per channel, as two instances (its state is per channel, as in a studio host).
///
/// The stages are fixed when the chain is built, so running it in the render path neither allocates nor locks.
public final class EffectChain {
    /// One effect after the chain became stereo.
    enum StereoStage {
        /// A stereo effect: the pair in, the pair out.
        case pair(any AudioEffect)
        /// A mono effect as two instances, left and right.
        case perChannel(any AudioEffect, any AudioEffect)
    }

    /// Every effect made, in order (a per-channel effect's left instance), e.g. for its latency.
    public let effects: [any AudioEffect]
    private let monoStages: [any AudioEffect]
    private let stereoStages: [StereoStage]
    /// Scratch for the right channel when a stereo chain is rendered to mono.
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchCapacity = 1_024

    /// Builds the chain: each maker is called once, and once more for a mono effect after the first stereo one.
    public init(makers: [() -> any AudioEffect]) {
        var mono: [any AudioEffect] = [], stereo: [StereoStage] = [], all: [any AudioEffect] = []
        for make in makers {
            let effect = make()
            all.append(effect)
            if !stereo.isEmpty || effect.isStereo {
                if effect.isStereo {
                    stereo.append(.pair(effect))
                } else {
                    let twin = make()
                    // One instance cannot carry two channels' state: the default pair processing mixes them.
                    stereo.append(twin === effect ? .pair(effect) : .perChannel(effect, twin))
                }
            } else {
                mono.append(effect)
            }
        }
        effects = all
        monoStages = mono
        stereoStages = stereo
        scratch = .allocate(capacity: EffectChain.scratchCapacity)
        scratch.initialize(repeating: 0, count: EffectChain.scratchCapacity)
    }

    /// A chain of effects made once each (mono chains, and tests); a mono effect after a stereo one then processes
    /// the two channels' mix.
    public convenience init(_ effects: [any AudioEffect] = []) {
        self.init(makers: effects.map { effect in { effect } })
    }

    deinit { scratch.deallocate() }

    /// Whether the chain puts out two channels.
    public var isStereo: Bool { !stereoStages.isEmpty }

    /// Frames the chain's effects delay the sound by (their reported latencies, summed along the chain).
    public var latencyFrames: Int {
        var total = 0, index = 0
        while index < effects.count {
            total += effects[index].latencyFrames
            index += 1
        }
        return total
    }

    /// Runs the chain over a mono buffer; a stereo chain's output is folded to mono. Render contract as for
    /// `AudioEffect.process`.
    ///
    /// Indexed rather than `for effect in effects`: an unspecialized iterator (debug builds) reads the array through
    /// a coroutine whose frame is allocated on the heap (render-alloc-check found it).
    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        guard isStereo else { return processMono(samples, count: count) }
        var done = 0
        while done < count {
            let chunk = min(EffectChain.scratchCapacity, count - done)
            let left = samples + done
            processMono(left, count: chunk)
            scratch.update(from: left, count: chunk)
            processStereo(left: left, right: scratch, count: chunk)
            for i in 0..<chunk { left[i] = 0.5 * (left[i] + scratch[i]) }
            done += chunk
        }
    }

    /// Runs the chain with the mono voice in `left`: `right` receives the voice where the chain turns stereo (or at
    /// the end of a mono chain), so both channels hold the chain's output. Render contract as above.
    public func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) {
        processMono(left, count: count)
        right.update(from: left, count: count)
        processStereo(left: left, right: right, count: count)
    }

    @inline(__always)
    private func processMono(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        while index < monoStages.count {
            monoStages[index].process(samples, count: count)
            index += 1
        }
    }

    @inline(__always)
    private func processStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        while index < stereoStages.count {
            switch stereoStages[index] {
            case .pair(let effect):
                effect.process(left: left, right: right, count: count)
            case .perChannel(let leftEffect, let rightEffect):
                leftEffect.process(left, count: count)
                rightEffect.process(right, count: count)
            }
            index += 1
        }
    }

    public func reset() {
        for effect in effects { effect.reset() }
        for case .perChannel(_, let twin) in stereoStages { twin.reset() }
    }
}
