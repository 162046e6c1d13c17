import XCTest
import ThereminCore
import ThereminSession
@testable import ThereminPreview

final class PreviewNoteLinesTests: XCTestCase {
    func testChromaticDefaultRangeHasEverySemitoneWithCAndAEmphasized() {
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertEqual(lines.map(\.name), ["A3", "A#3", "B3", "C4", "C#4", "D4", "D#4", "E4", "F4", "F#4", "G4", "G#4", "A4"])
        XCTAssertEqual(lines.filter(\.emphasized).map(\.name), ["A3", "C4", "A4"])
        XCTAssertEqual(lines.first?.position ?? -1, 1, accuracy: 1e-9)
        XCTAssertEqual(lines.last?.position ?? -1, 0, accuracy: 1e-9)
    }

    func testLinesAreNamedAsTheySoundAfterTheOctaveShift() {
        var status = LiveStatus()
        status.octave = 1
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        XCTAssertEqual(lines.first?.name, "A4")
        XCTAssertEqual(lines.last?.name, "A5")
        XCTAssertEqual(lines.filter(\.emphasized).map(\.name), ["A4", "C5", "A5"])
        XCTAssertEqual(lines.first?.frequency ?? 0, 440, accuracy: 1e-9)
    }

    func testAScaleShowsOnlyItsNotesWithTheRootEmphasized() {
        var status = LiveStatus()
        status.scale = .major
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        XCTAssertEqual(lines.map(\.name), ["A3", "B3", "C4", "D4", "E4", "F4", "G4", "A4"])
        XCTAssertEqual(lines.filter(\.emphasized).map(\.name), ["C4"])
    }

    func testCalibrationMovesTheLinesIntoThePlayingBox() {
        let box = Calibration(pitchTop: 0.2, pitchBottom: 0.8, volumeQuiet: 0.1, volumeLoud: 0.9)
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: box)
        XCTAssertEqual(lines.first?.position ?? -1, 0.8, accuracy: 1e-9)
        XCTAssertEqual(lines.last?.position ?? -1, 0.2, accuracy: 1e-9)
    }

    func testThePlayedLineIsTheNearestSemitoneWhileSounding() {
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertEqual(PreviewNoteLines.playing(265, level: 0.5, among: lines)?.name, "C4")
        XCTAssertNil(PreviewNoteLines.playing(265, level: 0, among: lines), "silence plays no line")
        XCTAssertNil(PreviewNoteLines.playing(nil, level: 0.5, among: lines))
        XCTAssertNil(PreviewNoteLines.playing(600, level: 0.5, among: lines), "outside the drawn range")
    }
}
