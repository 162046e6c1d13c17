import XCTest
import ThereminCore
import ThereminSession
@testable import ThereminCLI

/// The calibration's words on the terminal (the preview shows the same): the steps and the result as the law plays
/// the box.
final class CalibrationTextTests: XCTestCase {
    private let box = Calibration(pitchTop: 0.2, pitchBottom: 0.85, volumeQuiet: 0.3, volumeLoud: 0.9)

    func testTheResultIsDescribedAlongTheLawsAxes() {
        XCTAssertEqual(TerminalDisplay.describe(box),
                       "pitch from y=0.20 (high) to y=0.85 (low), volume from x=0.30 (quiet) to x=0.90 (loud)")
        XCTAssertEqual(TerminalDisplay.describe(box, antenna: .right),
                       "pitch from x=0.90 (high, near the antenna) to x=0.30 (low), volume from y=0.85 (quiet) to y=0.20 (loud)")
        XCTAssertEqual(TerminalDisplay.describe(box, antenna: .left),
                       "pitch from x=0.30 (high, near the antenna) to x=0.90 (low), volume from y=0.85 (quiet) to y=0.20 (loud)")
    }

    func testThePitchStepsSayWhereTheAntennaIs() {
        let steps = GuidedCalibration.Target.allCases.map {
            TerminalDisplay.calibrationText(GuidedCalibration.Status(target: $0, phase: .countdown(remaining: 2),
                                                                     readings: [:], antenna: .left)).instruction
        }
        XCTAssertEqual(steps, [
            "Step 1/4: Hold your fingertip where you want the HIGHEST note (near the antenna, left)",
            "Step 2/4: Hold your fingertip where you want the LOWEST note (away from the antenna)",
            "Step 3/4: Hold your fingertip where you want it LOUDEST",
            "Step 4/4: Hold your fingertip where you want it QUIETEST",
        ])
        let plain = TerminalDisplay.calibrationText(GuidedCalibration.Status(target: .highestPitch,
                                                                             phase: .countdown(remaining: 2), readings: [:]))
        XCTAssertEqual(plain.instruction, "Step 1/4: Hold your fingertip where you want the HIGHEST note")
    }

    func testATraceNotesTheRodAndItsField() throws {
        let source = BlankFrameSource(name: "clip.mp4", frameCount: 1, frameRate: 30)
        let settings = try Settings(arguments: ["--input", "clip.mp4", "--pitch-law", "antenna", "--antenna-field", "0.4"])
        let metadata = TraceMetadataBuilder.make(settings, source: source, tracker: "neural", calibration: .identity)
        XCTAssertEqual(metadata.entries.first { $0.key == "mapping" }?.value, "antenna 220.000-440.000 Hz, rod right, field 0.4")
        let plain = TraceMetadataBuilder.make(try Settings(arguments: ["--input", "clip.mp4"]), source: source,
                                              tracker: "neural", calibration: .identity)
        XCTAssertEqual(plain.entries.first { $0.key == "mapping" }?.value, "linear 220.000-440.000 Hz")
    }
}
