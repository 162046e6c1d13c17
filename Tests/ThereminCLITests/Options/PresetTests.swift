import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// Presets: a round trip through the file, and clear errors for files that are not right.
final class PresetTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("preset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    private func presetPath(_ name: String) -> String { Preset.path(name: name, environment: environment) }

    private func writePreset(_ name: String, _ json: String) throws {
        let path = presetPath(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    }

    func testSaveAndLoadRoundTrip() throws {
        let preset = Preset(name: "warm", options: ["--wave": ["theremin"], "--effect": ["lowpass:cutoff=1500", "delay"],
                                                    "--left-handed": [""], "--correct": ["50"]])
        try preset.save(path: presetPath("warm"))
        XCTAssertEqual(try Preset.load(name: "warm", path: presetPath("warm")), preset)
        let text = String(decoding: FileManager.default.contents(atPath: presetPath("warm")) ?? Data(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"version\" : 1"), text)
        XCTAssertTrue(text.contains("\"left-handed\" : true"), text)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (presetPath("warm") as NSString).deletingLastPathComponent)
        XCTAssertEqual(leftovers, ["warm.json"], "no temporary file left behind")
        // Numbers are accepted where the command line takes numbers.
        try writePreset("n", "{\"version\": 1, \"options\": {\"brightness\": 0.25, \"octave\": -1}}")
        XCTAssertEqual(try Preset.load(name: "n", path: presetPath("n")).options, ["--brightness": ["0.25"], "--octave": ["-1"]])
    }

    func testBadPresetFilesAreClearErrors() throws {
        let cases: [(String, String)] = [
            ("{ not json", "is not valid JSON"),
            ("[1, 2]", "should be a JSON object"),
            ("{\"options\": {}}", "has no version number"),
            ("{\"version\": 3, \"options\": {}}", "was saved by a newer theremin (format 3; this one reads 1)"),
            ("{\"version\": 1}", "has no 'options' object"),
            ("{\"version\": 1, \"options\": {\"wave\": [\"saw\"]}}", "option 'wave' should be a string or a number, not a list"),
            ("{\"version\": 1, \"options\": {\"left-handed\": \"yes\"}}", "option 'left-handed' should be true or false, not a string"),
            ("{\"version\": 1, \"options\": {\"effect\": [1]}}", "option 'effect' should be a string or a list of strings"),
            ("{\"version\": 1, \"options\": {\"frobnicate\": 1}}", "has an unknown option 'frobnicate'"),
            ("{\"version\": 1, \"options\": {\"audio-device\": \"hw:0\"}}", "has option 'audio-device', which a preset cannot keep"),
        ]
        for (json, expected) in cases {
            try writePreset("bad", json)
            XCTAssertThrowsError(try Preset.load(name: "bad", path: presetPath("bad")), json) { error in
                XCTAssertEqual((error as? ConfigFileError)?.path, presetPath("bad"))
                XCTAssertTrue("\(error)".contains("preset 'bad' \(expected)"), "\(json): \(error)")
            }
        }
        XCTAssertThrowsError(try Preset.load(name: "none", path: presetPath("none"))) {
            XCTAssertTrue("\($0)".contains("preset 'none' does not exist; save one with --save-preset none"), "\($0)")
        }
        for name in ["", "../etc", ".hidden", "a b", String(repeating: "x", count: 65)] {
            XCTAssertThrowsError(try PresetOptions.checkName(name, option: "--preset"), name)
        }
    }

    /// A mistake is the preset's when it is about an option the preset gave, by the option it names, not by its
    /// words: the preset's --volume is not the command line's --volume-top.
    func testAMistakeIsThePresetsOnlyWhenItIsAboutThePresetsOption() throws {
        try writePreset("quiet", "{\"version\": 1, \"options\": {\"volume\": 0.5}}")
        let line = ["--preset", "quiet", "--replay", "t.csv", "--output", "x.wav", "--volume-top", "0.2"]
        XCTAssertThrowsError(try Settings(arguments: line, applyingPresetsFrom: environment)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--volume-top needs --hands 2", "\(error)")
        }
        try writePreset("pair", "{\"version\": 1, \"options\": {\"volume-top\": 0.2}}")
        XCTAssertThrowsError(try Settings(arguments: ["--preset", "pair", "--replay", "t.csv", "--output", "x.wav"],
                                          applyingPresetsFrom: environment)) { error in
            XCTAssertEqual((error as? ConfigFileError)?.path, presetPath("pair"), "\(error)")
        }
    }
}
