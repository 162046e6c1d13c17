import XCTest
import ThereminCore
import ThereminTestSupport

/// The theremin waveform, vibrato and the low-pass filter, measured on rendered audio.
final class VoiceColourTests: XCTestCase {
    private let rate = 48_000.0

    /// Renders `seconds` of a steady note (after a 0.2 s settling time, which is dropped).
    private func render(_ voice: VoiceSettings, frequency: Double, seconds: Double,
                        effects: [any AudioEffect] = []) -> [Float] {
        let engine = SynthEngine(sampleRate: rate, voice: voice, effects: EffectChain(effects))
        engine.apply(Control(frequency: frequency, amplitude: 1, gate: true))
        let settle = Int(0.2 * rate), count = Int(seconds * rate)
        var buffer = [Float](repeating: 0, count: settle + count)
        buffer.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: $0.count) }
        return Array(buffer[settle...])
    }

    func testTheThereminWaveGainsOvertonesWithBrightnessAndStaysInTune() {
        let dark = render(VoiceSettings(waveform: .theremin, volume: 1, brightness: 0), frequency: 375, seconds: 1)
        let sine = render(VoiceSettings(waveform: .sine, volume: 1), frequency: 375, seconds: 1)
        XCTAssertLessThan(zip(dark, sine).map { abs($0 - $1) }.max() ?? 1, 1e-3, "brightness 0 is a sine")

        let bright = render(VoiceSettings(waveform: .theremin, volume: 1, brightness: 0.8), frequency: 375, seconds: 1)
        let slice = bright[...]
        let h1 = SignalMeasurements.amplitude(slice, frequency: 375, sampleRate: rate)
        let h2 = SignalMeasurements.amplitude(slice, frequency: 750, sampleRate: rate)
        let h3 = SignalMeasurements.amplitude(slice, frequency: 1125, sampleRate: rate)
        XCTAssertEqual(h2 / h1, 0.8 / 2, accuracy: 0.005, "second harmonic at brightness/2")
        XCTAssertEqual(h3 / h1, 0.64 / 3, accuracy: 0.005, "third at brightness²/3")
        let estimate = PitchEstimator(sampleRate: rate, minFrequency: 100, maxFrequency: 2000)
            .estimate(Array(bright[0..<4_096]))
        XCTAssertLessThan(abs(SignalMeasurements.cents(estimate?.frequency ?? 0, 375)), 0.5, "overtones do not pull the pitch")
        XCTAssertLessThanOrEqual(SignalMeasurements.peak(slice), 1.0001, "no louder than full scale")
    }

    func testHighThereminNotesDoNotAlias() {
        // 3 kHz at brightness 1: only harmonics up to 21.6 kHz may sound; everything else is aliasing.
        let audio = render(VoiceSettings(waveform: .theremin, volume: 1, brightness: 1), frequency: 3_000, seconds: 0.5)
        let total = SignalMeasurements.rms(audio[...])
        var harmonicPower = 0.0
        for n in 1...7 {
            let a = SignalMeasurements.amplitude(audio[...], frequency: 3_000 * Double(n), sampleRate: rate)
            harmonicPower += a * a / 2
        }
        let residual = max(0, total * total - harmonicPower)
        XCTAssertLessThan(SignalMeasurements.decibels((residual / (total * total)).squareRoot()), -60,
                          "energy off the harmonic series")
    }

    func testVibratoSwingsThePitchByItsDepthAtItsRate() {
        let voice = VoiceSettings(waveform: .sine, volume: 1, vibrato: VibratoSettings(rate: 5, depth: 40))
        let audio = render(voice, frequency: 440, seconds: 2)
        let estimator = PitchEstimator(sampleRate: rate, minFrequency: 300, maxFrequency: 600)
        // A pitch reading every 5 ms over 2 s, each from a 10 ms window.
        var cents: [Double] = []
        for start in stride(from: 0, to: audio.count - 480, by: 240) {
            guard let estimate = estimator.estimate(Array(audio[start..<(start + 480)])) else { return XCTFail("no pitch at \(start)") }
            cents.append(SignalMeasurements.cents(estimate.frequency, 440))
        }
        XCTAssertEqual(cents.max() ?? 0, 40, accuracy: 2, "peak up")
        XCTAssertEqual(cents.min() ?? 0, -40, accuracy: 2, "peak down")
        XCTAssertEqual(cents.reduce(0, +) / Double(cents.count), 0, accuracy: 1, "centred on the note")
        // Upward crossings of the note, interpolated, 5 ms apart per reading: one every 0.2 s at 5 Hz.
        var crossings: [Double] = []
        for i in 1..<cents.count where cents[i - 1] < 0 && cents[i] >= 0 {
            crossings.append((Double(i - 1) + cents[i - 1] / (cents[i - 1] - cents[i])) * 0.005)
        }
        XCTAssertGreaterThanOrEqual(crossings.count, 9)
        let period = ((crossings.last ?? 0) - (crossings.first ?? 0)) / Double(max(1, crossings.count - 1))
        XCTAssertEqual(period, 0.2, accuracy: 0.002, "5 Hz")

        let steady = render(VoiceSettings(waveform: .sine, volume: 1), frequency: 440, seconds: 0.5)
        let plain = SignalMeasurements.zeroCrossingFrequency(steady[...], sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(plain, 440)), 0.05, "no vibrato by default")
    }

    func testLowPassGainMatchesItsResponseOnRenderedTones() {
        let settings = LowPassSettings(cutoff: 1_000, resonance: 0.707)
        // Expected: the analogue second-order Butterworth (12 dB per octave); the bilinear transform makes the digital
        // filter a little steeper towards Nyquist, hence the wider tolerance at 8 kHz.
        for (frequency, expectedDecibels, tolerance) in [(250.0, 0.0, 0.1), (1_000, -3.01, 0.1), (4_000, -24.1, 0.5), (8_000, -36.1, 2.0)] {
            let filter = LowPass(settings: settings, sampleRate: rate)
            let filtered = render(VoiceSettings(volume: 1), frequency: frequency, seconds: 0.5, effects: [filter])
            let dry = render(VoiceSettings(volume: 1), frequency: frequency, seconds: 0.5)
            let gain = SignalMeasurements.rms(filtered[...]) / SignalMeasurements.rms(dry[...])
            XCTAssertEqual(SignalMeasurements.decibels(gain), expectedDecibels, accuracy: tolerance, "\(frequency) Hz")
            XCTAssertEqual(gain, filter.magnitude(at: frequency, sampleRate: rate), accuracy: 0.002, "\(frequency) Hz")
        }
        // Resonance lifts the cutoff: Q = 4 is +12 dB there.
        let ringing = LowPass(settings: LowPassSettings(cutoff: 1_000, resonance: 4), sampleRate: rate)
        let lifted = render(VoiceSettings(volume: 0.2), frequency: 1_000, seconds: 0.5, effects: [ringing])
        let dry = render(VoiceSettings(volume: 0.2), frequency: 1_000, seconds: 0.5)
        XCTAssertEqual(SignalMeasurements.decibels(SignalMeasurements.rms(lifted[...]) / SignalMeasurements.rms(dry[...])),
                       12.04, accuracy: 0.2)
    }

    func testEffectsRunInTheOrderGiven() {
        // A delay then a low-pass filters the echoes too; a low-pass then a delay gives the same here (both linear),
        // so check order with a stateful pair whose order matters: a full-wet delay after a gain-dropping low-pass
        // echoes the filtered tone, and the reverse filters the echo.
        let delay = { Delay(settings: DelaySettings(time: 10, feedback: 0, mix: 1), sampleRate: self.rate) }
        let lowpass = { LowPass(settings: LowPassSettings(cutoff: 500), sampleRate: self.rate) }
        let chain = EffectChain([lowpass(), delay()])
        XCTAssertTrue(chain.effects[0] is LowPass)
        XCTAssertTrue(chain.effects[1] is Delay)
        var impulse = [Float](repeating: 0, count: 1_000)
        impulse[0] = 1
        impulse.withUnsafeMutableBufferPointer { chain.process($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(impulse[0..<480].max() ?? 1, 0, "fully wet 10 ms delay: nothing before 480 samples")
        XCTAssertGreaterThan(impulse[480..<1_000].max() ?? 0, 0.01, "then the filtered impulse")
    }
}
