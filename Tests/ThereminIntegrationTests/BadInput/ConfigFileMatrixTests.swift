import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// Preset and calibration files that are corrupt, have wrong types or come from a future version.
///
/// A preset is named on the command line (`--preset NAME`): a bad one is an input error, exit 2, nothing rendered.
/// A calibration is found, not named: a bad one is reported in one line and ignored (the run goes on uncalibrated,
/// as live play must), so those rows expect exit 0 and the complete outputs.
final class ConfigFileMatrixTests: XCTestCase {
    private var harness: BadInputHarness!

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("config")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    private var configHome: URL { harness.directory.appendingPathComponent("config") }

    func testBadPresets() throws {
        let presets = configHome.appendingPathComponent("theremin/presets")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        let contents: [(name: String, json: String, problem: String)] = [
            ("corrupt", "{\"version\": 1, \"options\": {\"wave\": ", "is not valid JSON"),
            ("binary", "\u{0}\u{1}\u{2}", "is not valid JSON"),
            ("array", "[\"wave\", \"saw\"]", "should be a JSON object"),
            ("version-string", "{\"version\": \"1\", \"options\": {}}", "no version number"),
            ("future", "{\"version\": 7, \"options\": {\"wave\": \"saw\"}}", "newer theremin"),
            ("options-list", "{\"version\": 1, \"options\": [\"wave\"]}", "no 'options' object"),
            ("wrong-type", "{\"version\": 1, \"options\": {\"wave\": [\"saw\"]}}", "should be a string or a number"),
            ("flag-type", "{\"version\": 1, \"options\": {\"left-handed\": 1}}", "should be true or false"),
            ("unknown-option", "{\"version\": 1, \"options\": {\"reverb\": \"big\"}}", "unknown option 'reverb'"),
            ("machine-option", "{\"version\": 1, \"options\": {\"audio-device\": \"hw:0\"}}", "cannot keep"),
            ("bad-value", "{\"version\": 1, \"options\": {\"volume\": \"loud\"}}", "--volume 'loud'"),
            ("contradiction", "{\"version\": 1, \"options\": {\"low\": \"A5\", \"high\": \"A3\"}}", "--low"),
        ]
        var rows: [BadInputCase] = []
        for preset in contents {
            let path = presets.appendingPathComponent("\(preset.name).json").path
            try Data(preset.json.utf8).write(to: URL(fileURLWithPath: path))
            rows.append(BadInputCase(name: "preset \(preset.name)",
                                     arguments: ["--preset", preset.name, "--replay", harness.goodTrace,
                                                 "--output", BadInputHarness.output("take.wav")],
                                     mentions: [path, preset.problem]))
        }
        try harness.check(rows)
        harness.report("preset files")
    }

    func testBadCalibrationsAreReportedAndIgnored() throws {
        let image = harness.file("still.ppm", data: BadInputHarness.tinyImage)
        // Where --input's calibration is looked for: keyed by the input's absolute path (CalibrationChoice).
        let store = CalibrationStore(directory: configHome.appendingPathComponent("theremin"))
        let path = store.path(camera: URL(fileURLWithPath: image).standardizedFileURL.path, card: "file")
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let valid = """
        {"version": 1, "camera": "x", "card": "file", "created": "2026-01-01T00:00:00Z",
         "calibration": {"pitchTop": 0.1, "pitchBottom": 0.9, "volumeQuiet": 0.1, "volumeLoud": 0.9}}
        """
        let contents: [(name: String, json: String, problem: String)] = [
            ("corrupt", "{\"version\": 1, \"calibration\": {", "corrupt JSON"),
            ("empty", "", "corrupt JSON"),
            ("wrong-types", valid.replacingOccurrences(of: "0.1, \"pitchBottom\"", with: "\"top\", \"pitchBottom\""),
             "wrong-typed fields"),
            ("missing-field", valid.replacingOccurrences(of: "\"volumeLoud\": 0.9", with: "\"loud\": 0.9"), "wrong-typed"),
            ("future", valid.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 9"), "newer theremin (version 9)"),
            ("unusable-box", valid.replacingOccurrences(of: "\"pitchTop\": 0.1", with: "\"pitchTop\": 0.95"), "unusable"),
        ]
        // One at a time: every row uses the same calibration file.
        for calibration in contents {
            try Data(calibration.json.utf8).write(to: store.path(camera: URL(fileURLWithPath: image).standardizedFileURL.path,
                                                                  card: "file"))
            try harness.check(BadInputCase(name: "calibration \(calibration.name)",
                                           arguments: ["--input", image, "--record", BadInputHarness.output("take.csv"),
                                                       "--tracker", "classic"],
                                           mentions: [path.path, calibration.problem, "ignoring it"], status: 0,
                                           produces: ["take.csv"]))
        }
        harness.report("calibration files (reported and ignored)")
    }
}
