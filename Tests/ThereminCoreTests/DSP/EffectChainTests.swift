import XCTest
@testable import ThereminCore

/// The chain is mono up to its first stereo effect and stereo from there: a mono effect after that point runs as
/// two instances, one per channel, and a stereo chain rendered to mono is the mix of its two channels.
final class EffectChainTests: XCTestCase {
    private let rate = 48_000.0

    /// A stereo effect that makes the channels differ: the right channel inverted and halved (a test double for a
    /// plugin: the chain's wiring is what is tested here, not the effect).
    private final class Widener: AudioEffect {
        var isStereo: Bool { true }
        func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
            for i in 0..<count { samples[i] *= 0.25 }  // (x + (-x / 2)) / 2: its own fold to mono
        }
        func reset() {}
        func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) {
            for i in 0..<count { right[i] = -0.5 * right[i] }
        }
    }

    private func delay() -> Delay {
        Delay(settings: DelaySettings(time: 10, feedback: 0.5, mix: 0.5), sampleRate: rate)
    }

    func testMonoEffectsAfterTheFirstStereoOneRunOncePerChannel() {
        var made: [String] = []
        let chain = EffectChain(makers: [
            { made.append("lowpass"); return LowPass(settings: LowPassSettings(cutoff: 4_000, resonance: 0.7), sampleRate: self.rate) },
            { made.append("widener"); return Widener() },
            { made.append("delay"); return self.delay() },
        ])
        XCTAssertEqual(made, ["lowpass", "widener", "delay", "delay"], "the delay after the stereo effect: twice")
        XCTAssertTrue(chain.isStereo)
        XCTAssertFalse(EffectChain(makers: [{ self.delay() }]).isStereo)

        // An impulse: the left channel is the mono path, the right the same inverted and halved, each through its
        // own delay, so each channel's echoes are its own signal's (state not shared).
        let count = 2_000
        var left = [Float](repeating: 0, count: count), right = [Float](repeating: 0, count: count)
        left[0] = 1
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in chain.process(left: l.baseAddress!, right: r.baseAddress!, count: count) }
        }
        for i in 0..<count {
            XCTAssertEqual(right[i], -0.5 * left[i], accuracy: 1e-6, "sample \(i): the right channel is its own")
        }
        let echo = left[470..<530].map(abs).max() ?? 0, before = left[300..<460].map(abs).max() ?? 0
        XCTAssertGreaterThan(echo, 10 * before, "the delay's echo, 10 ms on")
    }

    func testAStereoChainRenderedToMonoIsTheMixOfItsChannels() {
        let stereo = EffectChain(makers: [{ Widener() }, { self.delay() }])
        let reference = EffectChain(makers: [{ Widener() }, { self.delay() }])
        let input = (0..<3_000).map { Float(sin(Double($0) * 0.05)) }
        var mono = input
        mono.withUnsafeMutableBufferPointer { stereo.process($0.baseAddress!, count: $0.count) }
        var left = input, right = [Float](repeating: 0, count: input.count)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in reference.process(left: l.baseAddress!, right: r.baseAddress!, count: input.count) }
        }
        for i in stride(from: 0, to: input.count, by: 37) {
            XCTAssertEqual(mono[i], 0.5 * (left[i] + right[i]), accuracy: 1e-6, "sample \(i)")
        }
    }

    func testAMonoChainGivesBothChannelsTheSameSound() {
        let chain = EffectChain([delay()])
        XCTAssertFalse(chain.isStereo)
        var left: [Float] = (0..<1_000).map { Float($0 % 50) / 50 }, right = [Float](repeating: 9, count: 1_000)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in chain.process(left: l.baseAddress!, right: r.baseAddress!, count: 1_000) }
        }
        XCTAssertEqual(left, right)
    }
}
