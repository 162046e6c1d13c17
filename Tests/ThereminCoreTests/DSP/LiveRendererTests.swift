import XCTest
import ThereminCore
import ThereminTestSupport

/// A live renderer made again at another rate (a JACK server restarted at another rate) takes over from the old one.
final class LiveRendererTests: XCTestCase {
    private func render(_ renderer: LiveRenderer, frames: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: frames)
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < frames {
                let block = min(128, frames - done)
                renderer.render(into: base + done, frames: block)
                done += block
            }
        }
        return samples
    }

    func testARendererRemadeAtAnotherRatePlaysOnTheNoteAtItsPitchAndHearsTheOldOnesInputs() throws {
        let old = LiveRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()))
        old.controls.push(Control(frequency: 440, amplitude: 0.8, gate: true))
        _ = render(old, frames: 4_800)

        let remade = LiveRenderer(engine: SynthEngine(sampleRate: 44_100, voice: VoiceSettings()), continuing: old)
        let playing = render(remade, frames: 22_050)
        let pitch = try XCTUnwrap(SignalMeasurements.steadyFrequency(playing[11_025...], sampleRate: 44_100).frequency,
                                  "the note goes on without a new control")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 440)), 2, "heard \(pitch) Hz at 44.1 kHz")
        XCTAssertGreaterThan(old.currentLevel, 0.5, "the old handle reads the new renderer's level")

        old.controls.push(Control(frequency: 330, amplitude: 0.8, gate: true))
        let moved = render(remade, frames: 22_050)
        let next = try XCTUnwrap(SignalMeasurements.steadyFrequency(moved[11_025...], sampleRate: 44_100).frequency)
        XCTAssertLessThan(abs(SignalMeasurements.cents(next, 330)), 2, "a control sent to the old handle is played")

        old.setMuted(true)
        let muted = render(remade, frames: 22_050)
        XCTAssertEqual(SignalMeasurements.peak(muted[11_025...]), 0, "muting the old handle mutes the new renderer")
    }
}
