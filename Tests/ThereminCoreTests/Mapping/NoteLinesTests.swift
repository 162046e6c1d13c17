import XCTest
import ThereminCore

final class NoteLinesTests: XCTestCase {
    func testDefaultRangeHasThirteenLinesFromA3ToA4() {
        let lines = Mapping().noteLines()
        XCTAssertEqual(lines.map(\.name), ["A3", "A#3", "B3", "C4", "C#4", "D4", "D#4", "E4", "F4", "F#4", "G4", "G#4", "A4"])
        XCTAssertEqual(lines.first?.position ?? -1, 1, accuracy: 1e-9, "A3 at the bottom")
        XCTAssertEqual(lines.last?.position ?? -1, 0, accuracy: 1e-9, "A4 at the top")
        XCTAssertEqual(lines.filter(\.emphasized).map(\.name), ["A3", "C4", "A4"])
    }

    func testAFingerOnALinePlaysThatNoteThroughCalibrationAndLaw() {
        let mapping = Mapping(law: .exponential, low: 200, high: 700)
        let box = Calibration(pitchTop: 0.2, pitchBottom: 0.9, volumeQuiet: 0, volumeLoud: 1)
        var mapper = ControlMapper(mapping: mapping, calibration: box)
        for line in mapping.noteLines(calibration: box) {
            var fresh = mapper
            let control = fresh.control(for: HandSample(t: 0, x: 0.5, y: line.position, present: true))
            XCTAssertEqual(control.frequency, line.frequency, accuracy: line.frequency * 1e-9, line.name)
        }
        _ = mapper.control(for: .absent(at: 0))
    }

    func testPitchClassFilterKeepsOnlyThoseNotes() {
        let cMajorTriad: Set<Int> = [0, 4, 7]
        let lines = Mapping(low: 220, high: 880).noteLines(pitchClasses: cMajorTriad)
        XCTAssertEqual(lines.map(\.name), ["C4", "E4", "G4", "C5", "E5", "G5"])
    }
}
