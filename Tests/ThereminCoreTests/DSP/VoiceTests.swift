import XCTest
import ThereminCore
import ThereminTestSupport

final class VoiceTests: XCTestCase {
    private let rate = 48_000.0

    private func render(_ voice: inout Voice, seconds: Double) -> [Float] {
        var buffer = [Float](repeating: 0, count: Int(seconds * rate))
        buffer.withUnsafeMutableBufferPointer { voice.render(into: $0.baseAddress!, count: $0.count) }
        return buffer
    }

    func testJumpsInPitchAndLevelDoNotClick() {
        for waveform in [Waveform.sine, .triangle] {
            var voice = Voice(settings: VoiceSettings(waveform: waveform, volume: 1), sampleRate: rate)
            voice.apply(Control(frequency: 440, amplitude: 1, gate: true))
            let steady = render(&voice, seconds: 0.5)
            let steadyStep = SignalMeasurements.maxStep(steady[12_000...])
            // Jump down an octave and to a tenth of the level, then back up.
            voice.apply(Control(frequency: 220, amplitude: 0.1, gate: true))
            let down = render(&voice, seconds: 0.2)
            voice.apply(Control(frequency: 440, amplitude: 1, gate: true))
            let up = render(&voice, seconds: 0.2)
            let jumps = [steady.last!] + down + up
            XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(jumps[...]), steadyStep * 1.05 + 0.002,
                                     "\(waveform): step after a jump exceeds the steady tone's")
        }
    }

    /// The pitch glides on its own time constant (1 ms by default with the motion estimator), the level on the
    /// glide's (4 ms, which a level jump needs not to click).
    func testThePitchGlidesOnItsOwnTimeConstant() {
        var voice = Voice(settings: VoiceSettings(glide: 4, pitchGlide: 1), sampleRate: rate)
        voice.apply(Control(frequency: 440, amplitude: 0.2, gate: true))
        _ = render(&voice, seconds: 0.2)
        voice.apply(Control(frequency: 330, amplitude: 1, gate: true))
        _ = render(&voice, seconds: 0.006)
        XCTAssertLessThan(abs(SignalMeasurements.cents(voice.currentFrequency, 330)), 5, "the pitch has landed")
        XCTAssertLessThan(voice.currentLevel, 0.9 * 0.8, "the level is still rising")
        var slow = Voice(settings: VoiceSettings(glide: 4), sampleRate: rate)
        slow.apply(Control(frequency: 440, amplitude: 1, gate: true))
        _ = render(&slow, seconds: 0.2)
        slow.apply(Control(frequency: 330, amplitude: 1, gate: true))
        _ = render(&slow, seconds: 0.006)
        XCTAssertGreaterThan(abs(SignalMeasurements.cents(slow.currentFrequency, 330)), 50, "4 ms: still gliding")
    }

    func testAbsentHandFadesOutWithinSixtyMillisecondsWithoutClick() {
        var voice = Voice(settings: VoiceSettings(volume: 1), sampleRate: rate)
        voice.apply(Control(frequency: 330, amplitude: 0.8, gate: true))
        let steady = render(&voice, seconds: 0.3)
        let steadyStep = SignalMeasurements.maxStep(steady[9_600...])
        voice.apply(Control(frequency: 330, amplitude: 0, gate: false))
        let fade = render(&voice, seconds: 0.1)
        // Not abrupt: still sounding 20 ms in; silent by 60 ms.
        XCTAssertGreaterThan(SignalMeasurements.peak(fade[800..<1_000]), 0.2)
        XCTAssertEqual(SignalMeasurements.peak(fade[2_880...]), 0)
        XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(([steady.last!] + fade)[...]), steadyStep * 1.05)
    }

    func testReturningHandFadesInAtTheNewPitch() {
        var voice = Voice(settings: VoiceSettings(volume: 1), sampleRate: rate)
        voice.apply(Control(frequency: 220, amplitude: 1, gate: true))
        _ = render(&voice, seconds: 0.2)
        voice.apply(Control(frequency: 220, amplitude: 0, gate: false))
        _ = render(&voice, seconds: 0.2)
        voice.apply(Control(frequency: 440, amplitude: 1, gate: true))
        let back = render(&voice, seconds: 0.5)
        // The note starts within 15 ms (10–90 % of its level in 8 ms) and without a click: it rises from silence,
        // and no step between samples is larger than the steady tone's own.
        XCTAssertLessThan(SignalMeasurements.peak(back[0..<24]), 0.06, "fade-in starts quietly")
        func level(at millisecond: Int) -> Double { SignalMeasurements.peak(back[(millisecond * 48)..<(millisecond * 48 + 110)]) }
        let tenPercent = (0..<40).first { level(at: $0) >= 0.1 } ?? 99, ninety = (0..<40).first { level(at: $0) >= 0.9 } ?? 99
        XCTAssertLessThanOrEqual(ninety - tenPercent, 15, "10–90 % rise in \(ninety - tenPercent) ms")
        let steadyStep = SignalMeasurements.maxStep(back[9_600...])
        XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(back[0..<960]), steadyStep * 1.05, "no click")
        let measured = SignalMeasurements.zeroCrossingFrequency(back[4_800...], sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(measured, 440)), 1, "no swoop from the old pitch")
    }
}
