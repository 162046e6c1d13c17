import XCTest
import Foundation
@testable import ThereminCLI
import ThereminTestSupport

/// Presets through the built binary: saved, played exactly as their options, overridden, and refused clearly.
final class PresetEndToEndTests: BinaryTestCase {
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    private func presetPath(_ name: String) -> String { Preset.path(name: name, environment: environment) }

    func testEndToEndThroughTheBinary() throws {
        let sound = ["--wave", "theremin", "--brightness", "0.6", "--vibrato", "5.5,15", "--effect", "lowpass:cutoff=1500",
                     "--effect", "delay:time=120", "--correct", "50", "--scale", "blues", "--root", "A"]
        let saved = try ProcessRunner.run(binary, ["--save-preset", "warm"] + sound + ["--audio-device", "hw:0"], environment: environment)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(saved.stdout, "saved preset warm (7 option(s)) in \(presetPath("warm"))\n", "the device is not kept")

        let trace = directory.appendingPathComponent("t.csv").path
        _ = FileManager.default.createFile(atPath: trace, contents: Data("t,x,y,present\n0,0.5,0.3,1\n0.5,0.7,0.6,1\n1,0.9,0.1,1\n".utf8))
        func render(_ options: [String]) throws -> Data {
            let out = directory.appendingPathComponent("\(UUID().uuidString).flac").path
            let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", out] + options, environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            return FileManager.default.contents(atPath: out) ?? Data()
        }
        let direct = try render(sound)
        XCTAssertEqual(try render(["--preset", "warm"]), direct, "the preset plays exactly as its options do")
        XCTAssertNotEqual(try render(["--preset", "warm", "--brightness", "0.1"]), direct, "the command line overrides it")

        for (name, json) in [("broken", #"{"version": 1, "options": {"wave": "organ"}}"#),
                             ("future", #"{"version": 2, "options": {}}"#)] {
            let url = URL(fileURLWithPath: presetPath(name))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(json.utf8).write(to: url)
        }
        for (name, expected) in [("broken", "preset 'broken': --wave 'organ' is not a waveform"),
                                 ("future", "was saved by a newer theremin"),
                                 ("missing", "does not exist")] {
            let result = try ProcessRunner.run(binary, ["--preset", name, "--replay", trace, "--output", "/tmp/x.wav"], environment: environment)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("theremin: \(presetPath(name)): ") && result.stderr.contains(expected), result.stderr)
        }
        let badName = try ProcessRunner.run(binary, ["--save-preset", "../x"], environment: environment)
        XCTAssertEqual(badName.status, 2)
        XCTAssertTrue(badName.stderr.contains("is not a preset name"), badName.stderr)
    }
}
