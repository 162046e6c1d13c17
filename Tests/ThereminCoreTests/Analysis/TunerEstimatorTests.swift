import XCTest
import ThereminCore
import ThereminTestSupport

/// The tuner's accuracy on 100 ms of steady tones: clean, rich in harmonics, plucked strings and a sung vowel.
final class TunerEstimatorTests: XCTestCase {
    private let rate = 48_000.0
    private var estimator: TunerEstimator { TunerEstimator(sampleRate: rate) }

    func testWithinACentFrom60HzTo2kHzOnA100msWindow() {
        let window = estimator.window
        XCTAssertEqual(window, 4_800)
        var worst = 0.0
        // Frequencies off the equal-tempered grid, a harmonic-rich spectrum, an arbitrary phase.
        var frequency = 60.0
        while frequency <= 2_000 {
            let samples = Tones.harmonic(frequency, amplitudes: [1, 0.6, 0.4, 0.25, 0.15], count: window, rate: rate, phase: frequency.truncatingRemainder(dividingBy: 1.7))
            guard let estimate = estimator.estimate(samples) else { return XCTFail("no reading at \(frequency) Hz") }
            worst = max(worst, abs(SignalMeasurements.cents(estimate.frequency, frequency)))
            frequency *= 1.0631   // about a semitone and 6 cents
        }
        XCTAssertLessThan(worst, 0.2, "worst error in cents")
    }

    func testFindsTheFundamentalUnderLouderHarmonicsAndOnAPluckedString() {
        for frequency in [82.41, 110, 146.83, 196, 246.94, 329.63] {
            // Guitar-like: the second and third harmonics louder than the fundamental.
            let samples = Tones.harmonic(frequency, amplitudes: [0.3, 1, 0.7, 0.4, 0.3, 0.2], count: estimator.window, rate: rate)
            let estimate = estimator.estimate(samples)
            XCTAssertLessThan(abs(SignalMeasurements.cents(estimate?.frequency ?? 1, frequency)), 0.5,
                              "\(frequency) Hz read as \(estimate?.frequency ?? 0)")
        }
        // Karplus–Strong: a noise burst in a delay line of N samples with a two-point average sounds at exactly
        // rate / (N + 1/2).
        for length in [96, 218, 436] {
            let pluck = Tones.pluckedString(delay: length, count: 12_000, seed: UInt32(length))
            let expected = rate / (Double(length) + 0.5)
            let estimate = estimator.estimate(Array(pluck[7_200..<12_000]))
            XCTAssertLessThan(abs(SignalMeasurements.cents(estimate?.frequency ?? 1, expected)), 1,
                              "string at \(expected) Hz read as \(estimate?.frequency ?? 0)")
        }
    }

    func testASungVowelAndSilenceAndNoise() {
        // A voice at 196 Hz: a glottal pulse train through two formant resonators (F1 700 Hz, F2 1220 Hz).
        let vowel = Tones.vowel(196, count: 9_600, rate: rate)
        let estimate = estimator.estimate(Array(vowel[4_800...]))
        XCTAssertLessThan(abs(SignalMeasurements.cents(estimate?.frequency ?? 1, 196)), 1, "read \(estimate?.frequency ?? 0)")
        XCTAssertNil(estimator.estimate([Float](repeating: 0, count: 4_800)), "silence")
        XCTAssertNil(estimator.estimate(Tones.noise(count: 4_800, seed: 7)), "noise")
        XCTAssertNil(estimator.estimate(Tones.harmonic(440, amplitudes: [1], count: 4_800, rate: rate).map { $0 * 0.001 }),
                     "too quiet to trust")
    }
}
