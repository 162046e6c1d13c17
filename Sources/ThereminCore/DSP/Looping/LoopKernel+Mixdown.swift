extension LoopKernel {
    /// One pass of the loop as it plays once every seam is recorded: the closed layers mixed, crossfades included, in
    /// both channels (the same when the looper is mono). Layers still being recorded are left out. Call only when the
    /// audio thread no longer runs (after the output stopped): the layers are the audio thread's. Empty, with no
    /// layers, when no loop was closed.
    public func mixdown() -> (left: [Float], right: [Float], layers: Int) {
        guard length > 0 else { return ([], [], 0) }
        var left = [Float](repeating: 0, count: length), right = left
        var mixed = 0
        for k in 0..<layerCount where !layers[k].recordingBody {
            let layer = layers[k]
            mixed += 1
            for p in 0..<length {
                left[p] += layer.sample(at: p, length: length, fadeIn: fadeIn, fadeFrames: fadeFrames)
                right[p] += layer.sample(at: p, length: length, fadeIn: fadeIn, fadeFrames: fadeFrames, right: true)
            }
        }
        return (left, right, mixed)
    }
}
