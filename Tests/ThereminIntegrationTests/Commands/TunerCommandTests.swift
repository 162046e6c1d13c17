import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// End to end: `theremin --tuner` listening through ALSA's capture path (the `file` plugin reading a raw file).
final class TunerCommandTests: BinaryTestCase {
    private var environment: [String: String] {
        let config = directory.appendingPathComponent("asound.conf").path
        _ = FileManager.default.createFile(atPath: config, contents: Data(ALSATestEnvironment.configuration(
            defaultCapture: directory.appendingPathComponent("out.raw").path).utf8))
        return ["ALSA_CONFIG_PATH": config]
    }

    /// Parses the tuner's plain lines into (note, cents, Hz).
    private func readings(_ stdout: String) -> [(note: String, cents: Double, hz: Double)] {
        stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, let cents = Double(fields[1].replacingOccurrences(of: "¢", with: "")),
                  let hz = Double(fields[2]) else { return nil }
            return (String(fields[0]), cents, hz)
        }
    }

    func testTheTunerShowsNoteCentsAndFrequencyWithin100ms() throws {
        let rate = 48_000.0
        // 0.4 s of a low string (A2, second harmonic loudest), then 0.4 s of G#6 twelve cents sharp.
        let low = Tones.harmonic(110, amplitudes: [0.5, 1, 0.6, 0.3], count: 19_200, rate: rate)
        let high = Tones.harmonic(Note.frequency(midi: 92.12), amplitudes: [1, 0.3], count: 19_200, rate: rate)
        let input = directory.appendingPathComponent("in.raw").path
        try ALSATestEnvironment.writeFloatRaw(low + high, to: input)
        let result = try ProcessRunner.run(binary, ["--tuner", "--audio-input", "playfile:FILE=\(input)", "--duration", "0.7"],
                                           environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = readings(result.stdout)
        XCTAssertEqual(lines.count, 3, "at 0.1 s, then every 0.25 s of sound: \(result.stdout)")
        guard lines.count == 3 else { return }
        XCTAssertEqual(lines[0].note, "A2", "the first reading, after 100 ms, finds the fundamental")
        XCTAssertEqual(lines[0].cents, 0, accuracy: 0.15)
        XCTAssertEqual(lines[0].hz, 110, accuracy: 0.01)
        XCTAssertTrue(result.stdout.contains("[--------------------=--------------------]"), "needle centred: \(result.stdout)")
        XCTAssertEqual(lines[1].note, "A2", "about 0.35 s: still the string")
        XCTAssertEqual(lines[2].note, "G#6", "about 0.6 s: the new note")
        XCTAssertEqual(lines[2].cents, 12, accuracy: 0.15)
    }

    func testBadTunerInputsExitTwo() throws {
        let missing = try ProcessRunner.run(binary, ["--tuner", "--audio-input", "nosuchmic"], environment: environment)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("theremin: audio device 'nosuchmic': open failed"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--audio-input"), "the hint names the tuner's option: \(missing.stderr)")
        let stray = try ProcessRunner.run(binary, ["--duration", "2"])
        XCTAssertEqual(stray.status, 2)
        XCTAssertEqual(stray.stderr, "theremin: --duration only applies to --tuner. See 'theremin --help'.\n")
        let both = try ProcessRunner.run(binary, ["--tuner", "--replay", "x.csv"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("cannot be combined"), both.stderr)
    }
}
