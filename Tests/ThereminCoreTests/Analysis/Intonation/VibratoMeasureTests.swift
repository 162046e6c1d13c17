import Foundation
@testable import ThereminCore
import ThereminTestSupport
import XCTest

/// `--report`'s vibrato of each held note: its rate and depth from the pitch as played.
final class VibratoMeasureTests: XCTestCase {
    /// Two seconds on A4, `sharp` cents above it, swinging ±`depth` cents at `rate` Hz, at 60 (or jittered) frames a
    /// second, with a little noise.
    func points(rate: Double, depth: Double, sharp: Double = 12, jitter: Bool = false) -> [PitchPoint] {
        var generator = SeededGenerator(seed: 11)
        var t = 0.0
        var points: [PitchPoint] = []
        while t < 2 {
            let cents = 6900 + sharp + depth * sin(2 * .pi * rate * t) + Double.random(in: -1...1, using: &generator)
            points.append(PitchPoint(t: t, frequency: Note.frequency(midi: cents / 100), level: 0.8, sounding: true))
            t += (jitter ? Double.random(in: 0.7...1.3, using: &generator) : 1) / 60
        }
        return points
    }

    func testAHeldNotesVibratoIsMeasured() throws {
        for (rate, depth, jitter) in [(3.0, 20.0, false), (5.5, 35.0, true), (8.0, 15.0, false)] {
            // A wide resting window, so even the slow vibrato is one hold.
            let settings = IntonationSettings(restingSpeed: 400, speedWindow: 0.2)
            let report = IntonationReport(points: points(rate: rate, depth: depth, jitter: jitter), settings: settings)
            let note = try XCTUnwrap(report.notes.first { $0.name == "A4" })
            let vibrato = try XCTUnwrap(note.vibrato, "\(rate) Hz ±\(depth)¢")
            XCTAssertEqual(vibrato.rate, rate, accuracy: 0.1, "rate of \(rate) Hz ±\(depth)¢")
            XCTAssertEqual(vibrato.depth, depth, accuracy: 1.5, "depth of \(rate) Hz ±\(depth)¢")
        }
    }

    func testAStillNoteHasNoVibrato() throws {
        let report = IntonationReport(points: points(rate: 5, depth: 0), settings: IntonationSettings())
        let note = try XCTUnwrap(report.notes.first)
        XCTAssertNil(note.vibrato, "a still hand's wobble of ±1¢ is no vibrato")
    }

    func testAHoldShorterThanACycleAndAHalfHasNone() {
        let short = HeldNote(midi: 69, name: "A4", start: 0, end: 0.3, offsets: (0..<18).map { 20 * sin(Double($0)) },
                             durations: Array(repeating: 1.0 / 60, count: 18))
        XCTAssertNil(short.vibrato)
    }
}
