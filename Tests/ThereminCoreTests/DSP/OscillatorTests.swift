import XCTest
import ThereminCore
import ThereminTestSupport

final class OscillatorTests: XCTestCase {
    private let rate = 48_000.0

    private func render(_ waveform: Waveform, frequency: Double, seconds: Double) -> [Float] {
        var oscillator = Oscillator(waveform: waveform)
        let count = Int(seconds * rate)
        return (0..<count).map { _ in Float(oscillator.next(increment: frequency / rate)) }
    }

    func testFrequencyIsExactOverOneSecondForEveryWaveform() {
        for waveform in Waveform.allCases {
            for frequency in [110.0, 220.0, 261.6256, 440.0, 1046.5] {
                let samples = render(waveform, frequency: frequency, seconds: 1)
                guard let measured = SignalMeasurements.zeroCrossingFrequency(samples[...], sampleRate: rate) else {
                    return XCTFail("\(waveform) at \(frequency) Hz has no zero crossings")
                }
                let cents = SignalMeasurements.cents(measured, frequency)
                XCTAssertLessThan(abs(cents), 0.1, "\(waveform) at \(frequency) Hz measured \(measured) Hz")
            }
        }
    }

    func testOutputStaysWithinFullScale() {
        for waveform in Waveform.allCases {
            let samples = render(waveform, frequency: 3000, seconds: 0.2)
            XCTAssertLessThanOrEqual(SignalMeasurements.peak(samples[...]), 1.25, "\(waveform)")
            XCTAssertGreaterThan(SignalMeasurements.peak(samples[...]), 0.7, "\(waveform)")
        }
    }

    /// Energy outside the harmonic bins of a high note, as a share of all energy (DFT over whole periods).
    private func aliasShare(_ samples: [Float], fundamentalBin: Int) -> Double {
        let n = samples.count
        var harmonic = 0.0, total = 0.0
        for k in 1..<(n / 2) {
            var re = 0.0, im = 0.0
            for (i, s) in samples.enumerated() {
                let angle = 2 * Double.pi * Double(k * i % n) / Double(n)
                re += Double(s) * cos(angle)
                im -= Double(s) * sin(angle)
            }
            let power = re * re + im * im
            total += power
            if k % fundamentalBin == 0 { harmonic += power }
        }
        return (total - harmonic) / total
    }

    func testBandLimitedShapesAliasFarLessThanNaiveOnes() {
        // 3500 Hz = bin 35 of a 480-point DFT at 48 kHz; aliases of its harmonics fall between those bins.
        let frequency = 3500.0
        let n = 480
        let naive: [Waveform: (Double) -> Double] = [
            .saw: { t in 2 * t - 1 },
            .square: { t in t < 0.5 ? 1 : -1 },
            .triangle: { t in t < 0.5 ? 4 * t - 1 : 3 - 4 * t },
        ]
        for (waveform, shape) in naive {
            let limited = Array(render(waveform, frequency: frequency, seconds: 1).suffix(n))
            var phase = 0.0
            var raw: [Float] = []
            for _ in 0..<Int(rate) {
                raw.append(Float(shape(phase)))
                phase += frequency / rate
                phase -= phase.rounded(.down)
            }
            let limitedShare = aliasShare(limited, fundamentalBin: 35)
            let naiveShare = aliasShare(Array(raw.suffix(n)), fundamentalBin: 35)
            XCTAssertLessThan(limitedShare, naiveShare / 4, "\(waveform): aliasing \(limitedShare) vs naive \(naiveShare)")
        }
    }
}
