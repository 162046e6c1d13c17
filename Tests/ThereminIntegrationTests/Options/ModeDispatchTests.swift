import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// The mode table's dispatch through the built binary.
final class ModeDispatchTests: XCTestCase {
    /// Each mode's option reaches that mode's command: the binary's outcome is one only that command gives.
    func testDispatchRunsEachModesOwnCommand() throws {
        let harness = try BadInputHarness.make("modes")
        defer { harness.remove() }
        let trace = harness.goodTrace
        let still = harness.file("still.ppm", data: BadInputHarness.tinyImage)
        let out = harness.directory.appendingPathComponent("out").path
        let rows: [Settings.Mode.Kind: (arguments: [String], status: Int32, says: String)] = [
            .play: (["--camera", "/no/such/video9", "--no-preview"], 2, "camera /no/such/video9 not found"),
            .replay: (["--replay", trace, "--output", out + "/replay.wav"], 0, "samples from \(trace)"),
            .input: (["--input", still, "--record", out + "/input.csv", "--tracker", "classic"], 0, "tracked 1 frames from"),
            .calibrate: (["--calibrate", "--input", still, "--tracker", "classic"], 2, "calibration incomplete"),
            .listDevices: (["--list-devices", "--json"], 0, "\"cameraDirectory\""),
            .listEffects: (["--list-effects"], 0, "Built-in effects (--effect NAME"),
            .check: (["--check", "--camera", "/no/such/video9"], 1, "FAIL  camera: "),
            .tuner: (["--tuner", "--audio-input", "nosuchmic"], 2, "audio device 'nosuchmic'"),
            .recover: (["--recover", trace], 0, "nothing to recover"),
            .report: (["--report", trace], 0, "intonation of \(trace)"),
            .demo: (["--demo", "--output", out + "/demo.wav"], 0, "samples from the demo"),
            .help: (["--help"], 0, "Usage:"),
            .version: (["--version"], 0, "theremin \(Version.current)\n"),
        ]
        XCTAssertEqual(Set(rows.keys), Set(Settings.Mode.Kind.allCases), "a row for every mode")
        for (kind, row) in rows {
            let result = try ProcessRunner.run(harness.binary, row.arguments, environment: harness.baseEnvironment)
            XCTAssertEqual(result.status, row.status, "\(kind): \(result.stderr)")
            XCTAssertTrue((result.stdout + result.stderr).contains(row.says), "\(kind): \(result.stdout)\(result.stderr)")
        }
    }
}
