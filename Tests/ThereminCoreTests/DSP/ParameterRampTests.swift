import Foundation
import XCTest
import ThereminCore

/// The glides and the gate, computed in closed form from anchors, against the per-sample recurrences they replace.
final class ParameterRampTests: XCTestCase {
    func testTheRampFollowsTheOnePoleGlideWithTargetChangesAnywhere() {
        let rate = 48_000.0
        let time = 0.012
        var ramp = ParameterRamp(value: 8, time: time, sampleRate: rate)
        var reference = 8.0
        let coefficient = 1 - exp(-1 / (time * rate))
        var worst = 0.0
        var output = [Double](repeating: 0, count: 64)
        var sample = 0
        for (run, target) in [(50, 9.0), (1, 7.5), (333, 8.25), (31, 8.25), (700, 6.0)] {
            ramp.target = target
            var left = run
            while left > 0 {
                let n = min(left, 17)
                output.withUnsafeMutableBufferPointer { ramp.fill($0.baseAddress!, count: n) }
                for k in 0..<n {
                    reference += (target - reference) * coefficient
                    worst = max(worst, abs(output[k] - reference))
                }
                left -= n
                sample += n
            }
            XCTAssertEqual(ramp.value, reference, accuracy: 1e-12)
        }
        XCTAssertLessThan(worst, 1e-12, "closed form and recurrence agree over \(sample) samples")
        XCTAssertNotEqual(ramp.value, 6, "still gliding towards the last target, not jumped")
    }

    func testTheGateFadesLinearlyAndStopsAtTheEnds() {
        var gate = GateFade(fadeTime: 0.001, sampleRate: 48_000)  // 48 samples
        var gains = [Double](repeating: 0, count: 100)
        gate.isOpen = true
        gains.withUnsafeMutableBufferPointer { gate.fill($0.baseAddress!, count: 100) }
        XCTAssertEqual(gains[0], 1.0 / 48, accuracy: 1e-12)
        XCTAssertEqual(gains[23], 0.5, accuracy: 1e-12)
        XCTAssertEqual(gains[47], 1, accuracy: 1e-12)
        XCTAssertEqual(gains[99], 1)
        gate.isOpen = false
        gains.withUnsafeMutableBufferPointer { gate.fill($0.baseAddress!, count: 100) }
        XCTAssertEqual(gains[0], 47.0 / 48, accuracy: 1e-12)
        XCTAssertEqual(gains[99], 0)
        XCTAssertTrue(gate.isSilent)
    }
}
