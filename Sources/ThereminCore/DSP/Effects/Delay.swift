/// Render-side delay line: a circular buffer allocated once, echoes fed back and mixed with the input.
public final class Delay: AudioEffect {
    private let buffer: UnsafeMutablePointer<Float>
    private let length: Int
    private var writeIndex = 0
    private let feedback: Float
    private let wet: Float
    private let dry: Float

    public init(settings: DelaySettings, sampleRate: Double) {
        length = max(1, Int((settings.time / 1000 * sampleRate).rounded()))
        buffer = .allocate(capacity: length)
        buffer.initialize(repeating: 0, count: length)
        feedback = Float(settings.feedback)
        wet = Float(settings.mix)
        dry = Float(1 - settings.mix)
    }

    deinit {
        buffer.deallocate()
    }

    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var index = writeIndex
        for i in 0..<count {
            let input = samples[i]
            let echo = buffer[index]
            buffer[index] = input + echo * feedback
            samples[i] = input * dry + echo * wet
            index += 1
            if index == length { index = 0 }
        }
        writeIndex = index
    }

    public func reset() {
        buffer.update(repeating: 0, count: length)
        writeIndex = 0
    }
}
