import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// End to end: `--replay TRACE --midi-file OUT.mid` and MIDI input errors, through the built binary.
final class MIDICommandTests: BinaryTestCase {
    private func trace() -> String {
        // Half a second at the top (440 Hz), then the hand leaves.
        let path = directory.appendingPathComponent("t.csv").path
        let text = "t,x,y,present\n0,1,0,1\n0.5,1,0,1\n0.5,,,0\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testReplayWritesAStandardMIDIFile() throws {
        let out = directory.appendingPathComponent("take.mid").path
        let result = try ProcessRunner.run(binary, ["--replay", trace(), "--midi-file", out, "--midi-channel", "2",
                                                    "--midi-bend-range", "12", "--midi-volume", "cc7"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("wrote \(out): 0.5 s, 11 MIDI events"), result.stdout)
        let bytes = [UInt8](FileManager.default.contents(atPath: out) ?? Data())
        XCTAssertEqual(Array(bytes.prefix(14)), [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0])
        // Channel 2 is 1 on the wire: RPN 0 sets ±12 (B1 06 0C), the note starts with CC 7 at full volume and A4.
        let text = bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
        XCTAssertTrue(text.contains("B1 06 0C"), text)
        XCTAssertTrue(text.contains("00 B1 07 7F 00 91 45 7F"), text)
        // Note off 0.5 s = 480 ticks later, then the end of the track.
        XCTAssertTrue(text.hasSuffix("83 60 81 45 00 00 FF 2F 00"), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".take.mid.part").path))
    }

    func testMIDIInputErrorsExitTwo() throws {
        let t = trace()
        let config = directory.appendingPathComponent("asound.conf").path
        _ = FileManager.default.createFile(atPath: config, contents: Data(ALSATestEnvironment.configuration(
            defaultCapture: directory.appendingPathComponent("out.raw").path).utf8))
        let port = try ProcessRunner.run(binary, ["--replay", t, "--midi-out", "no-such-synth"],
                                         environment: ["ALSA_CONFIG_PATH": config])
        XCTAssertEqual(port.status, 2, port.stderr)
        XCTAssertEqual(port.stderr.split(separator: "\n").count, 1, port.stderr)
        XCTAssertTrue(port.stderr.hasPrefix("theremin: MIDI port 'no-such-synth': "), port.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.raw").path),
                       "nothing was played before the error")
        for (options, expected) in [(["--midi-file", "x.mid"], "--midi-file needs --replay TRACE"),
                                    (["--replay", t, "--midi-file", "x.mid", "--midi-bend-range", "60"], "use a whole number of semitones from 2 to 48"),
                                    (["--replay", t, "--midi-file", "x.mid", "--midi-volume", "loud"], "use cc7, cc11 or pressure"),
                                    (["--replay", t, "--midi-channel", "3"], "needs --midi-out PORT or --midi-file FILE"),
                                    (["--replay", t, "--midi-file", "/no/such/dir/x.mid"], "cannot be written")] {
            let result = try ProcessRunner.run(binary, options)
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
    }
}
