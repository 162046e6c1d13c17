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
        XCTAssertLessThan(SignalMeasurements.peak(back[0..<96]), 0.05, "fade-in starts quietly")
        let measured = SignalMeasurements.zeroCrossingFrequency(back[4_800...], sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(measured, 440)), 1, "no swoop from the old pitch")
    }
}
