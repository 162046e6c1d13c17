import XCTest
import ThereminCore
import ThereminTestSupport

/// A held note with vibrato is a held note: holds are found from the vibrato's centre, so a note held off-centre
/// with a vibrato wide enough to cross the half-semitone line is one hold of its note, not none.
final class VibratoHoldTests: XCTestCase {
    private func report(_ steps: [IntonationTraces.Step]) -> IntonationReport {
        let plan = ReplayPlan(trace: IntonationTraces.trace(steps), mapper: ControlMapper(), sampleRate: 48_000, tail: 0)
        return IntonationReport(points: plan.pitchPoints, settings: IntonationSettings())
    }

    func testAnOffCentreNoteWithAWideVibratoIsOneHoldOfItsNote() throws {
        for depth in [25.0, 40.0] {
            for rate in [4.0, 5.5, 7.0] {
                let label = "E4 +30¢ ±\(depth)¢ at \(rate) Hz"
                let report = report([.absent(seconds: 0.3), .vibrato(midi: 64, cents: 30, rate: rate, depth: depth, seconds: 2.5),
                                     .absent(seconds: 0.3)])
                XCTAssertEqual(report.holds.map(\.name), ["E4"], label)
                let hold = try XCTUnwrap(report.holds.first, label)
                XCTAssertEqual(hold.medianOffset, 30, accuracy: 1, label)
                XCTAssertGreaterThan(hold.duration, 2.2, "\(label): nearly all of it is held")
                let vibrato = try XCTUnwrap(hold.vibrato, "\(label): its vibrato is given")
                XCTAssertEqual(vibrato.rate, rate, accuracy: 0.2, label)
                XCTAssertEqual(vibrato.depth, depth, accuracy: depth * 0.2, label)
                let note = try XCTUnwrap(report.notes.first, label)
                XCTAssertEqual(note.medianCents, 30, accuracy: 1, label)
            }
        }
    }

    func testAGlideBetweenTwoVibratoNotesIsTwoHolds() {
        let report = report([.vibrato(midi: 60, cents: 10, rate: 5, depth: 30, seconds: 1.5), .glide(seconds: 0.3),
                             .vibrato(midi: 64, cents: -20, rate: 5, depth: 30, seconds: 1.5)])
        XCTAssertEqual(report.holds.map(\.name), ["C4", "E4"])
        for (hold, cents) in zip(report.holds, [10.0, -20]) {
            XCTAssertEqual(hold.medianOffset, cents, accuracy: 2, hold.name)
        }
    }
}
