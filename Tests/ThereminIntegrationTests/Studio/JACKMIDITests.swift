import Foundation
import XCTest
import ThereminTestSupport

/// `--midi-out jack:PORT` from the built binary into a JACK MIDI receiver (`jack_midi_dump`): a replay sends the
/// same messages, MPE included, that `--midi-file` writes for the same trace (read back by midicsv, a parser of its
/// own), so JACK MIDI carries exactly what the MIDI path makes.
final class JACKMIDITests: BinaryTestCase {
    /// Two notes a second apart with a glide between them.
    private func trace() throws -> String {
        var text = "t,x,y,present\n"
        for i in 0...60 { text += "\(Double(i) / 30),0.8,\(0.2 + 0.6 * Double(i / 20) / 3),1\n" }
        text += "2.04,0,0,0\n"
        let path = directory.appendingPathComponent("notes.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The channel messages of a Standard MIDI File as bytes, in order (midicsv's lines).
    private func messages(ofFile path: String) throws -> [[UInt8]] {
        guard let midicsv = PipeWireServer.findProgram("midicsv") else {
            throw XCTSkip("midicsv not installed (Debian package midicsv); `make test` installs it")
        }
        let csv = try ProcessRunner.run(midicsv, [path]).stdout
        return csv.split(separator: "\n").compactMap { line -> [UInt8]? in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5, let channel = UInt8(fields[3]) else { return nil }
            let values = fields[4...].compactMap { UInt16($0) }
            switch fields[2] {
            case "Note_on_c": return [0x90 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Note_off_c": return [0x80 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Control_c": return [0xB0 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Pitch_bend_c": return [0xE0 | channel, UInt8(values[0] & 0x7F), UInt8(values[0] >> 7)]
            case "Channel_aftertouch_c": return [0xD0 | channel, UInt8(values[0])]
            default: return nil
            }
        }
    }

    func testAReplaySendsWhatTheMIDIFileHoldsPlainAndMPE() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        let trace = try trace()
        for mode in [["--midi-mode", "single"], ["--midi-mode", "mpe"]] {
            let file = directory.appendingPathComponent("notes-\(mode[1]).mid").path
            let written = try ProcessRunner.run(binary, ["--replay", trace, "--midi-file", file] + mode)
            XCTAssertEqual(written.status, 0, written.stderr)
            let expected = try messages(ofFile: file)
            XCTAssertGreaterThan(expected.count, 10, "the file holds the performance")

            let monitor = try server.startMIDIMonitor()
            let played = try ProcessRunner.run(binary, ["--replay", trace, "--audio", "jack", "--no-jack-connect",
                                                        "--midi-out", "jack:midi-monitor:input"] + mode,
                                               environment: server.clientEnvironment)
            XCTAssertEqual(played.status, 0, played.stderr)
            let received = JACKServer.events(of: monitor)
            XCTAssertEqual(received.map(\.bytes), expected, "\(mode[1]): JACK MIDI carries what the MIDI file holds")
            XCTAssertEqual(received.map(\.frame), received.map(\.frame).sorted(), "in frame order")
        }
    }

    func testAMissingJACKMIDIPortIsOneLineAndExitTwo() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        let result = try ProcessRunner.run(binary, ["--replay", try trace(), "--audio", "jack",
                                                    "--midi-out", "jack:fluidsynth:midi_00"],
                                           environment: server.clientEnvironment)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("has no input port 'fluidsynth:midi_00'"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }
}
