import XCTest
import ThereminCore
import ThereminTestSupport

/// The intonation report on generated performances whose intonation is known: C4 held 7 cents sharp, E4 18 flat,
/// G4 in tune, with glides between them and a stretch without a hand, played through the default mapping and
/// smoothing (what `--report` uses).
final class IntonationReportTests: XCTestCase {
    static let performance = IntonationTraces.practicePerformance

    private func report(_ steps: [IntonationTraces.Step], settings: IntonationSettings = IntonationSettings(),
                        smoothing: OneEuroSettings = OneEuroSettings()) -> IntonationReport {
        let plan = ReplayPlan(trace: IntonationTraces.trace(steps), mapper: ControlMapper(smoothing: smoothing),
                              sampleRate: 48_000, tail: 0)
        return IntonationReport(points: plan.pitchPoints, settings: settings)
    }

    func testEveryHeldNoteIsNamedWithItsDeviation() {
        let report = report(Self.performance)
        XCTAssertEqual(report.notes.map(\.name), ["C4", "E4", "G4"])
        XCTAssertEqual(report.holds.map(\.name), ["C4", "E4", "G4", "C4"])
        XCTAssertEqual(report.notes.map(\.holds), [2, 1, 1])
        let expected: [Double] = [7, -18, 0]
        for (note, cents) in zip(report.notes, expected) {
            XCTAssertEqual(note.medianCents, cents, accuracy: 0.5, note.name)
        }
        XCTAssertEqual(report.worstNotes(1).first?.name, "E4")
        XCTAssertEqual(report.lowest ?? 0, Note.frequency(midi: 60.07), accuracy: 0.05)
        XCTAssertEqual(report.highest ?? 0, Note.frequency(midi: 67), accuracy: 0.05)
    }

    func testSharesOfHeldTimeWithinTenAndTwentyFiveCents() {
        // Without smoothing the held pitch is exactly the one written: three of the four holds (two C4, one G4)
        // are within ±10 cents, all four within ±25.
        let raw = OneEuroSettings(minCutoff: 1_000, beta: 0, derivativeCutoff: 1)
        let report = report(Self.performance, smoothing: raw)
        XCTAssertEqual(report.holds.count, 4)
        let lengths = report.holds.map(\.duration)
        XCTAssertEqual(report.shareWithin10, (lengths[0] + lengths[2] + lengths[3]) / lengths.reduce(0, +), accuracy: 1e-12)
        XCTAssertEqual(report.shareWithin25, 1, accuracy: 1e-12)
        XCTAssertEqual(report.shareWithin10, 0.75, accuracy: 0.02, "the holds are nearly equal in length")
        for (hold, cents) in zip(report.holds, [7.0, -18, 0, 7]) {
            for offset in hold.offsets { XCTAssertEqual(offset, cents, accuracy: 1e-6, hold.name) }
        }
    }

    func testGlidesAndSilenceAreNotHeld() {
        let report = report([.hold(midi: 57, cents: 0, seconds: 0.2), .glide(seconds: 1.5),
                             .hold(midi: 69, cents: 0, seconds: 0.2), .absent(seconds: 2)])
        XCTAssertEqual(report.holds, [], "holds shorter than the minimum and the glide are passing notes")
        XCTAssertEqual(report.shareWithin10, 0)
        XCTAssertGreaterThan(report.soundingTime, 1.8)
        XCTAssertEqual(report.heldTime, 0)
    }

    func testAScaleJudgesAgainstItsOwnNotes() {
        // F#4 played 30 cents flat is 70 cents above F4 and 130 below G4: in C major it is a sharp F4.
        let major = IntonationSettings(scale: .major, root: 0)
        let report = report([.hold(midi: 66, cents: -30, seconds: 1)], settings: major)
        XCTAssertEqual(report.notes.map(\.name), ["F4"])
        XCTAssertEqual(report.notes.first?.medianCents ?? 0, 70, accuracy: 0.5)
        XCTAssertEqual(report.scale, "major")
    }

    func testAnEmptyPerformanceHasNoFigures() {
        let report = IntonationReport(points: [], settings: IntonationSettings())
        XCTAssertEqual(report.notes, [])
        XCTAssertNil(report.lowest)
        XCTAssertEqual(report.duration, 0)
    }
}
