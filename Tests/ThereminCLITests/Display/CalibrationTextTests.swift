import XCTest
import ThereminCore
import ThereminSession
@testable import ThereminCLI

/// The calibration's words on the terminal (the preview shows the same): the steps, and what a trace notes.
final class CalibrationTextTests: XCTestCase {
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
