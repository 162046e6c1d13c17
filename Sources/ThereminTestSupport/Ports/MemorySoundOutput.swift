import Foundation
import ThereminCore

/// A sound output that plays into memory, in step with the test rather than a clock: `play(periods:)` renders the
/// mix there and then (a test calls it from the tracking loop's `onControl`, so each frame is followed by exactly its
/// share of sound, however the machine schedules threads), a stop renders the fade it asks for, and `wait()` plays a
/// replay to its end. It reports no delay and no underruns. Thread-safe: renders are serialized, and none happens
/// after the stop.
public final class MemorySoundOutput: RateFollowingOutput, @unchecked Sendable {
    public private(set) var sampleRate: Int
    public var remakeMix: ((_ rate: Int, _ playedSeconds: Double) -> (any BlockRenderer)?)?
    public let periodFrames: Int
    public let bufferFrames: Int
    public var underruns: Int { 0 }
    public var deviceDelayFrames: Int { 0 }
    public var scheduling: ThreadScheduling? { nil }

    private let lock = NSLock()
    private var mix: BlockRenderer?
    private var left: [Float] = []
    private var stopped = false
    private var stopFrames: [Int] = []

    public init(sampleRate: Int = 48_000, periodFrames: Int = 320, bufferFrames: Int = 960) {
        self.sampleRate = sampleRate
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }

    /// The left channel of everything played so far.
    public var played: [Float] { lock.withLock { left } }
    /// The frames each `stop(afterFrames:)` asked to play after the fade began.
    public var stops: [Int] { lock.withLock { stopFrames } }
    /// Stopped, or the mix has ended (a replay played to its end).
    public var isFinished: Bool { lock.withLock { stopped || mix?.isFinished == true } }

    public func start(_ mix: BlockRenderer) {
        lock.withLock { self.mix = mix }
    }

    /// The device now runs at `rate`, as a JACK server restarted at another rate: the mix is made again for it
    /// (`remakeMix`) and played from then on. False when there is no way to make it again, or it could not be.
    public func changeRate(to rate: Int) -> Bool {
        lock.withLock {
            guard let remade = remakeMix?(rate, Double(left.count) / Double(sampleRate)) else { return false }
            mix = remade
            sampleRate = rate
            return true
        }
    }

    /// Renders `periods` periods of the mix (nothing before `start` or after the stop).
    public func play(periods: Int) {
        lock.withLock { render(frames: periods * periodFrames) }
    }

    public func stop(afterFrames frames: Int) {
        lock.withLock {
            guard !stopped else { return }
            stopFrames.append(frames)
            mix?.fadeOut()
            render(frames: max(0, frames))
            stopped = true
        }
    }

    /// Plays the rest of a mix that ends (a replay), then stops.
    public func wait() {
        lock.withLock {
            while let mix, !mix.isFinished, !stopped { render(frames: periodFrames) }
            stopped = true
        }
    }

    /// Called with the lock held.
    private func render(frames: Int) {
        guard let mix, !stopped, frames > 0 else { return }
        var blockLeft = [Float](repeating: 0, count: frames)
        var blockRight = blockLeft
        blockLeft.withUnsafeMutableBufferPointer { l in
            blockRight.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                var done = 0
                while done < frames {
                    let count = min(periodFrames, frames - done)
                    mix.renderStereo(left: lb + done, right: rb + done, frames: count)
                    done += count
                }
            }
        }
        left += blockLeft
    }
}
