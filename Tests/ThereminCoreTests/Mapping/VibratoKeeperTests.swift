import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// Correction that keeps a held note's vibrato (issue 19): the centre goes onto the scale, the vibrato keeps its depth;
/// glides and leaps are corrected as before.
final class VibratoKeeperTests: XCTestCase {
    let fps = 60.0
    let snapped = PitchCorrection(scale: .chromatic, amount: 100)

    /// The corrected pitches of `midi` sampled at `fps` for `seconds`.
    func corrected(_ midi: (Double) -> Double, seconds: Double, by correction: PitchCorrection) -> [(t: Double, midi: Double)] {
        var keeper = VibratoKeeper()
        return (0..<Int(seconds * fps)).map { k in
            let t = Double(k) / fps
            keeper.update(midi: midi(t), at: t)
            return (t, keeper.corrected(midi: midi(t), by: correction))
        }
    }

    /// The depth (semitones) of the component at `rate` over the whole second starting at `from`.
    func depth(_ points: [(t: Double, midi: Double)], rate: Double, from: Double) -> Double {
        let second = points.filter { $0.t >= from - 1e-9 && $0.t < from + 1 - 1e-9 }.map { Float($0.midi - 69) }
        return SignalMeasurements.amplitude(ArraySlice(second), frequency: rate, sampleRate: fps)
    }

    func testAHeldNotesVibratoKeepsItsDepthWhileItsCentreGoesOntoTheNote() {
        for rate in [3.0, 5.0, 8.0] {
            // ±25 cents around a centre 30 cents sharp of A4.
            let points = corrected({ 69.3 + 0.25 * sin(2 * .pi * rate * $0) }, seconds: 2.5, by: snapped)
            let gain = SignalMeasurements.decibels(depth(points, rate: rate, from: 1) / 0.25)
            XCTAssertEqual(gain, 0, accuracy: 1, "a \(rate) Hz vibrato keeps its depth")
            let late = points.filter { $0.t >= 1 }.map(\.midi)
            let centre = late.reduce(0, +) / Double(late.count)
            XCTAssertEqual(centre, 69, accuracy: 0.03, "its centre is on A4 (\(rate) Hz)")
        }
        // Correcting each pitch as it comes would have flattened it.
        var plain = VibratoKeeper()
        plain.reset()
        XCTAssertEqual(plain.corrected(midi: 69.3 + 0.15, by: snapped), 69, accuracy: 1e-9)
    }

    func testAGlideStillStepsThroughTheScale() {
        for speed in [0.5, 2.0, 8.0] {  // semitones a second
            let points = corrected({ 60 + speed * $0 }, seconds: 3, by: PitchCorrection(scale: .major, amount: 100))
            for point in points {
                XCTAssertEqual(point.midi, point.midi.rounded(), accuracy: 1e-6, "\(speed) st/s at \(point.t) s")
                XCTAssertTrue(Scale.major.contains(midi: Int(point.midi.rounded()), root: 0))
            }
        }
    }

    func testALeapLandsOnItsNoteAndTheVibratoReturns() {
        // A vibrato on A4, then a leap of a fourth to D5 (both 20 cents sharp) and the vibrato goes on.
        let points = corrected({ t in (t < 1 ? 69.2 : 74.2) + 0.25 * sin(2 * .pi * 5 * t) }, seconds: 3, by: snapped)
        let after = points.filter { $0.t >= 1 }
        for point in after {
            XCTAssertLessThan(abs(point.midi - 74), 0.3, "lands on D5 at once, never near the old note (\(point.t) s)")
        }
        let gain = SignalMeasurements.decibels(depth(points, rate: 5, from: 1.8) / 0.25)
        XCTAssertEqual(gain, 0, accuracy: 1, "the vibrato comes back once the note is held")
    }

    func testAStillHandSitsOnTheNote() {
        var generator = SeededGenerator(seed: 5)
        let noise = (0..<300).map { _ in Double.random(in: -0.02...0.02, using: &generator) }
        let points = corrected({ 69.4 + noise[Int(($0 * self.fps).rounded())] }, seconds: 4, by: snapped)
        for point in points.filter({ $0.t >= 1 }) {
            XCTAssertEqual(point.midi, 69, accuracy: 0.05, "a still hand 40 cents sharp plays A4 (noise kept)")
        }
    }

    func testThroughTheControlMapperAVibratoSurvivesFullCorrection() {
        // The default law: 440 Hz at the top, 220 Hz at the bottom; a 6 Hz vibrato of ±4 px on a 480-pixel picture.
        func depths(_ correction: PitchCorrection) -> Double {
            var mapper = ControlMapper(correction: correction)
            var points: [(t: Double, midi: Double)] = []
            for k in 0..<Int(3 * fps) {
                let t = Double(k) / fps
                let control = mapper.control(for: HandSample(t: t, x: 0.8, y: 0.3 + 4 / 480 * sin(2 * .pi * 6 * t),
                                                             present: true))
                points.append((t, Note.midi(frequency: control.frequency)))
            }
            return depth(points, rate: 6, from: 1.5)
        }
        let kept = depths(PitchCorrection(scale: .major, amount: 100)), free = depths(.off)
        XCTAssertGreaterThan(free, 0.05, "the vibrato is there without correction")
        XCTAssertEqual(SignalMeasurements.decibels(kept / free), 0, accuracy: 1, "and at --correct 100")
    }
}
