/// One recorded layer of the loop, in memory allocated before playing. Render-side data: only `LoopKernel`
/// changes it.
///
/// The body holds the samples at their loop positions (`samples[p]` plays at position `p`), recorded from `start`
/// for `count` frames (wrapping round the loop). After the body closes, recording goes on for the crossfade's length
/// into `tail`, which fades out after the body's end while the body's first frames fade in: where a layer spans the
/// whole loop the two overlap, a crossfade across the seam; where it is shorter, a fade in and a fade out.
struct LoopLayer {
    let samples: UnsafeMutablePointer<Float>
    let tail: UnsafeMutablePointer<Float>
    /// The right channel's body and tail: the left's own memory for a mono looper (the theremin's two channels are
    /// then the same), their own behind a stereo effect chain.
    let rightSamples: UnsafeMutablePointer<Float>
    let rightTail: UnsafeMutablePointer<Float>
    var start = 0
    var count = 0
    var tailCount = 0
    /// True while the body is still being recorded (the layer is silent until it closes).
    var recordingBody = false
    /// Playback gain; ramps down to remove the layer (undo, clear) without a click.
    var gain: Float = 1
    var fadeStep: Float = 0

    init(samples: UnsafeMutablePointer<Float>, tail: UnsafeMutablePointer<Float>,
         rightSamples: UnsafeMutablePointer<Float>, rightTail: UnsafeMutablePointer<Float>) {
        self.samples = samples
        self.tail = tail
        self.rightSamples = rightSamples
        self.rightTail = rightTail
    }

    var isFading: Bool { fadeStep > 0 }

    /// Starts an empty body at loop position `position`.
    mutating func begin(at position: Int) {
        start = position
        count = 0
        tailCount = 0
        recordingBody = true
        gain = 1
        fadeStep = 0
    }

    /// The layer's sample at loop position `position` of a loop `length` frames long, with its fades (the left
    /// channel, or the right with `right`).
    /// - Parameter fadeIn: the crossfade's rising gains (`fadeIn[i]` for the i-th frame of the body and tail).
    @inline(__always)
    func sample(at position: Int, length: Int, fadeIn: UnsafePointer<Float>, fadeFrames: Int, right: Bool = false) -> Float {
        guard !recordingBody else { return 0 }
        let body = right ? rightSamples : samples, ending = right ? rightTail : tail
        var value: Float = 0
        let intoBody = position >= start ? position - start : position - start + length
        if intoBody < count {
            value = intoBody < fadeFrames ? body[position] * fadeIn[intoBody] : body[position]
        }
        let end = start + count >= length ? start + count - length : start + count
        let intoTail = position >= end ? position - end : position - end + length
        if intoTail < tailCount {
            value += ending[intoTail] * (1 - fadeIn[intoTail])
        }
        return value * gain
    }
}
