/// One unit in the effect chain (delay, filter, …), processing mono audio in place.
///
/// Render contract for `process`: called on the audio thread; it must not allocate, lock, log, do I/O or grow
/// arrays. Buffers it needs are allocated in its initializer.
public protocol AudioEffect: AnyObject {
    /// Processes `count` samples in place.
    func process(_ samples: UnsafeMutablePointer<Float>, count: Int)
    /// Clears internal state (delay lines, filter memory), e.g. when a render restarts.
    func reset()
}

/// Effects applied in the order given. The array is fixed when the chain is built, so iterating it in the render
/// path neither allocates nor locks.
public final class EffectChain {
    public let effects: [any AudioEffect]

    public init(_ effects: [any AudioEffect] = []) {
        self.effects = effects
    }

    /// Runs every effect in order over the buffer. Render contract as for `AudioEffect.process`.
    ///
    /// Indexed rather than `for effect in effects`: an unspecialized iterator (debug builds) reads the array through
    /// a coroutine whose frame is allocated on the heap (render-alloc-check found it).
    @inline(__always)
    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        while index < effects.count {
            effects[index].process(samples, count: count)
            index += 1
        }
    }

    public func reset() {
        for effect in effects { effect.reset() }
    }
}
