import XCTest
import ThereminCore

final class DelayTests: XCTestCase {
    func testImpulseEchoesAtTheDelayTimeWithFeedback() {
        let rate = 1_000.0
        let delay = Delay(settings: DelaySettings(time: 10, feedback: 0.5, mix: 0.5), sampleRate: rate)
        var samples = [Float](repeating: 0, count: 40)
        samples[0] = 1
        samples.withUnsafeMutableBufferPointer { delay.process($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(samples[0], 0.5, accuracy: 1e-6, "dry share")
        XCTAssertEqual(samples[10], 0.5, accuracy: 1e-6, "first echo")
        XCTAssertEqual(samples[20], 0.25, accuracy: 1e-6, "second echo, fed back at 0.5")
        XCTAssertEqual(samples[30], 0.125, accuracy: 1e-6)
        XCTAssertEqual(samples[5], 0)
    }

    func testChainAppliesEffectsInOrderAndResets() {
        let rate = 1_000.0
        let first = Delay(settings: DelaySettings(time: 3, feedback: 0, mix: 1), sampleRate: rate)
        let second = Delay(settings: DelaySettings(time: 4, feedback: 0, mix: 1), sampleRate: rate)
        let chain = EffectChain([first, second])
        var samples = [Float](repeating: 0, count: 10)
        samples[0] = 1
        samples.withUnsafeMutableBufferPointer { chain.process($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(samples[7], 1, "two fully wet delays add up")
        chain.reset()
        var silence = [Float](repeating: 0, count: 10)
        silence.withUnsafeMutableBufferPointer { chain.process($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(silence.max(), 0, "reset clears the delay lines")
    }
}
