import Foundation
import ThereminCore
import XCTest

/// Between frames the voice follows the hand's path (`Control.pitchSlope`), up to the control's horizon.
final class VoicePathTests: XCTestCase {
    func testThePitchMovesAlongThePathAndStopsAtTheHorizon() {
        var voice = Voice(settings: VoiceSettings(glide: 0.5), sampleRate: 48_000, frequency: 440)
        var control = Control(frequency: 440, amplitude: 0.5, gate: true)
        control.pitchSlope = 1  // an octave a second
        control.horizon = 0.02
        voice.apply(control)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 4800)
        defer { buffer.deallocate() }
        voice.render(into: buffer, count: 480)  // 10 ms
        XCTAssertEqual(log2(voice.currentFrequency / 440), 0.01, accuracy: 0.0015, "a hundredth of an octave in 10 ms")
        voice.render(into: buffer, count: 4800)  // well past the 20 ms horizon
        XCTAssertEqual(log2(voice.currentFrequency / 440), 0.02, accuracy: 0.0007, "and no further than the horizon")
    }

    func testAControlAdvancedAlongItsPathStaysWithinItsBounds() {
        var control = Control(frequency: 440, amplitude: 0.5, gate: true)
        control.pitchSlope = 2
        control.amplitudeSlope = -10
        control.horizon = 0.03
        control.highestPitch = log2(450)
        control.lowestAmplitude = 0.4
        let later = control.advanced(by: 0.02)
        XCTAssertEqual(later.frequency, 450, accuracy: 1e-9)
        XCTAssertEqual(later.amplitude, 0.4, accuracy: 1e-12)
        XCTAssertEqual(later.horizon, 0.01, accuracy: 1e-12)
        XCTAssertEqual(control.advanced(by: -1), control, "nothing before the frame")
    }

    func testAlongASwingsPathThePitchTurnsWithTheVibrato() {
        // A 6 Hz vibrato of ±0.02 octave at its centre, rising: a quarter cycle (41.7 ms) later it is at its top, and
        // the voice gets there along the curve, where a straight path would go 1.6 times as far.
        let omega = 2 * Double.pi * 6, depth = 0.02
        var control = Control(frequency: 440, amplitude: 0.5, gate: true)
        control.pitchSlope = depth * omega
        control.pitchPath = SwingPath(rate: omega, offCentre: 0)
        control.horizon = 0.06
        var voice = Voice(settings: VoiceSettings(glide: 0.5), sampleRate: 48_000, frequency: 440)
        voice.apply(control)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2000)
        defer { buffer.deallocate() }
        voice.render(into: buffer, count: 2000)  // 41.7 ms
        XCTAssertEqual(log2(voice.currentFrequency / 440), depth, accuracy: 0.001, "at the top of the swing")
        // Advanced part of the way, the control carries the rest of the same curve.
        let later = control.advanced(by: 0.02)
        XCTAssertEqual(log2(later.frequency / 440), depth * sin(omega * 0.02), accuracy: 1e-9)
        XCTAssertEqual(log2(later.advanced(by: 0.0217).frequency / 440), depth * sin(omega * 0.0417), accuracy: 1e-9)
    }
}
