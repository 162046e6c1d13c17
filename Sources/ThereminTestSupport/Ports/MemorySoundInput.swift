import ThereminCore

/// A sound input that plays samples from memory, a period at a time, then silence: the tuner without a capture
/// device.
public final class MemorySoundInput: SoundInput {
    public let sampleRate: Int
    public let periodFrames: Int
    public var overruns: Int { 0 }
    private let samples: [Float]
    private var position = 0

    public init(_ samples: [Float], sampleRate: Int = 48_000, periodFrames: Int = 1_024) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.periodFrames = periodFrames
    }

    public func read(into output: UnsafeMutablePointer<Float>, maxFrames: Int) -> Int {
        let count = min(maxFrames, periodFrames)
        for i in 0..<count { output[i] = position + i < samples.count ? samples[position + i] : 0 }
        position += count
        return count
    }
}
