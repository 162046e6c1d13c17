import XCTest
import ThereminCore
import ThereminTestSupport

final class PitchEstimatorTests: XCTestCase {
    private let rate = 48_000.0

    private func tone(_ frequency: Double, harmonics: [Double] = [1], count: Int, phase: Double = 0.3) -> [Float] {
        (0..<count).map { i in
            var value = 0.0
            for (k, amplitude) in harmonics.enumerated() {
                value += amplitude * sin(2 * Double.pi * frequency * Double(k + 1) * Double(i) / rate + phase * Double(k + 1))
            }
            return Float(value * 0.5)
        }
    }

    func testCleanTonesWellUnderOneCent() {
        let estimator = PitchEstimator(sampleRate: rate, minFrequency: 55, maxFrequency: 2100)
        for frequency in [60.0, 82.41, 110, 220, 261.63, 440, 659.26, 1000, 1567.98, 2000] {
            let samples = tone(frequency, count: estimator.preferredWindow)
            guard let estimate = estimator.estimate(samples) else { return XCTFail("no pitch at \(frequency) Hz") }
            let cents = SignalMeasurements.cents(estimate.frequency, frequency)
            XCTAssertLessThan(abs(cents), 0.2, "\(frequency) Hz read as \(estimate.frequency) Hz")
            XCTAssertGreaterThan(estimate.clarity, 0.9)
        }
    }

    func testFindsTheFundamentalUnderStrongHarmonics() {
        let estimator = PitchEstimator(sampleRate: rate, minFrequency: 55, maxFrequency: 2100)
        // A string-like spectrum whose second and third harmonics are louder than the fundamental.
        for frequency in [82.41, 196, 329.63] {
            let samples = tone(frequency, harmonics: [0.4, 1, 0.8, 0.3, 0.2], count: estimator.preferredWindow)
            let estimate = estimator.estimate(samples)
            XCTAssertLessThan(abs(SignalMeasurements.cents(estimate?.frequency ?? 1, frequency)), 1,
                              "\(frequency) Hz read as \(estimate?.frequency ?? 0) Hz")
        }
    }

    func testSilenceAndNoiseGiveNoPitch() {
        let estimator = PitchEstimator(sampleRate: rate)
        XCTAssertNil(estimator.estimate([Float](repeating: 0, count: 4_096)))
        var state: UInt32 = 12_345
        let noise: [Float] = (0..<4_096).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24) - 0.5
        }
        XCTAssertNil(estimator.estimate(noise))
    }
}
