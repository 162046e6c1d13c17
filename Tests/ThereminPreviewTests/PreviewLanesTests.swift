import XCTest
import ThereminCore
import ThereminSession
@testable import ThereminPreview

/// The play-along's note lanes on the composed picture, pixel by pixel: the note due on its line at the now line,
/// green only within ±15 cents, the notes ahead right of it where their times put them, the fingertip's trail left
/// of it.
final class PreviewLanesTests: XCTestCase {
    private let layout = PreviewLayout(width: 640, height: 480)
    private let score = try! Score(text: "tempo 120\nC4 E4 G4 E4\n", named: "lanes")

    private func frame() -> Frame {
        Frame(width: 640, height: 480, bytesPerRow: 640 * 3, pixels: [UInt8](repeating: 128, count: 640 * 480 * 3),
              captureTime: 0, sequence: 1)
    }

    /// A quarter of a second into C4, sounding `cents` off it, the hand's trail on C4's line for the last second.
    private func compose(cents: Double) -> (Canvas, PreviewComposer.Lanes, [Int: Int]) {
        var status = LiveStatus()
        let guide = PlayAlongGuide(score: score, firstBeat: 100)
        status.playAlong = guide
        status.frequency = Note.frequency(midi: 60 + cents / 100)
        status.level = 0.8
        status.playAlongMoment = guide.moment(at: 100.25, frequency: status.frequency)
        let rows = PreviewComposer.laneRows(status, layout: layout)
        let c4 = Double(rows[60] ?? 0) / Double(layout.height)
        status.fingertipTrail = stride(from: -0.75, through: 0.25, by: 1.0 / 30).map { TrailPoint(elapsed: $0, y: c4) }
        var snapshot = LiveSnapshot()
        snapshot.frame = frame()
        let canvas = PreviewComposer().compose(snapshot, status: status)
        XCTAssertNil(canvas.problem)
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        return (canvas, PreviewComposer.Lanes(labels: lines, layout: layout), rows)
    }

    func testTheNoteDueTurnsGreenOnlyWithinFifteenCents() throws {
        let (inTune, lanes, rows) = compose(cents: 10)
        let c4 = try XCTUnwrap(rows[60])
        XCTAssertEqual(inTune.pixel(x: lanes.now + 10, y: c4 - 3), PreviewPalette.inTune, "C4 10 cents sharp")
        let (off, _, _) = compose(cents: 25)
        XCTAssertEqual(off.pixel(x: lanes.now + 10, y: c4 - 3), PreviewPalette.dueNote, "C4 25 cents sharp")
    }

    func testTheNotesAheadScrollTowardsTheNowLineWhereTheirTimesPutThem() throws {
        let (canvas, lanes, rows) = compose(cents: 0)
        let e4 = try XCTUnwrap(rows[64]), g4 = try XCTUnwrap(rows[67])
        // E4 from 0.5 to 1 s, G4 from 1 to 1.5 s: a quarter and three quarters of a second ahead of now.
        XCTAssertEqual(canvas.pixel(x: lanes.column(0.75, elapsed: 0.25), y: e4 - 3), PreviewPalette.aheadNote, "E4 ahead")
        XCTAssertEqual(canvas.pixel(x: lanes.column(1.25, elapsed: 0.25), y: g4 - 3), PreviewPalette.aheadNote, "G4 ahead")
        XCTAssertNotEqual(canvas.pixel(x: lanes.column(0.4, elapsed: 0.25), y: e4 - 3), PreviewPalette.aheadNote,
                          "nothing on E4's line before it is due")
        XCTAssertNotEqual(canvas.pixel(x: lanes.column(1.25, elapsed: 0.25), y: e4 - 3), PreviewPalette.aheadNote,
                          "nor after it ends")
        XCTAssertEqual(canvas.pixel(x: lanes.now, y: (e4 + g4) / 2), PreviewPalette.nowLine, "the now line")
    }

    func testTheFingertipTrailsLeftOfTheNowLine() throws {
        let (canvas, lanes, rows) = compose(cents: 0)
        let c4 = try XCTUnwrap(rows[60])
        let past = lanes.column(-0.5, elapsed: 0.25)
        XCTAssertGreaterThan(past, lanes.start)
        XCTAssertEqual(canvas.pixel(x: past, y: c4), PreviewPalette.trail, "the hand half a second before the first beat")
        XCTAssertNotEqual(canvas.pixel(x: past, y: c4 - 20), PreviewPalette.trail)
    }
}
