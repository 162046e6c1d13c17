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
        try timedMessages(ofFile: path).map(\.bytes)
    }

    /// The same with each message's time in seconds (theremin writes 480 ticks a beat at 120 bpm: 960 a second).
    private func timedMessages(ofFile path: String) throws -> [(seconds: Double, bytes: [UInt8])] {
        guard let midicsv = PipeWireServer.findProgram("midicsv") else {
            throw XCTSkip("midicsv not installed (Debian package midicsv); `make test` installs it")
        }
        let csv = try ProcessRunner.run(midicsv, [path]).stdout
        return csv.split(separator: "\n").compactMap { line -> (seconds: Double, bytes: [UInt8])? in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5, let channel = UInt8(fields[3]), let ticks = Double(fields[1]) else { return nil }
            let bytes: [UInt8]
            let values = fields[4...].compactMap { UInt16($0) }
            switch fields[2] {
            case "Note_on_c": bytes = [0x90 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Note_off_c": bytes = [0x80 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Control_c": bytes = [0xB0 | channel, UInt8(values[0]), UInt8(values[1])]
            case "Pitch_bend_c": bytes = [0xE0 | channel, UInt8(values[0] & 0x7F), UInt8(values[0] >> 7)]
            case "Channel_aftertouch_c": bytes = [0xD0 | channel, UInt8(values[0])]
            default: return nil
            }
            return (ticks / 960, bytes)
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
            // With JACK audio, each message goes out at the frame its control is heard at: the spacing the file
            // holds (to its tick, 1.04 ms), not the replay loop's polling. The set-up before the first note and the
            // closing note-off are sent at once, and the first note may go a cycle late (before the first cycle
            // nothing is known of the frame clock), so the messages between are compared, after the median offset.
            // A cycle the machine dropped (an xrun) moves the sound and the messages after it alike, so with xruns
            // only most messages are held to it.
            let timed = try timedMessages(ofFile: file)
            guard received.count == timed.count, let first = timed.firstIndex(where: { $0.bytes[0] & 0xF0 == 0x90 }),
                  first + 2 < timed.count else { continue }
            let offsets = ((first + 1)..<(timed.count - 1)).map { index in
                Double(received[index].frame - received[first].frame) / 48_000 - (timed[index].seconds - timed[first].seconds)
            }
            let median = offsets.sorted()[offsets.count / 2]
            let exact = offsets.filter { abs($0 - median) <= 0.0015 }.count
            let xruns = played.stdout.range(of: #", 0 underrun\(s\)"#, options: .regularExpression) == nil
            print("JACK MIDI \(mode[1]): \(exact) of \(offsets.count) messages at their frames (±1.5 ms), xruns: \(xruns)")
            XCTAssertGreaterThanOrEqual(exact, xruns ? offsets.count * 8 / 10 : offsets.count,
                                        "\(mode[1]): at their frames: \(offsets.map { Int(($0 - median) * 48_000) }) \(played.stdout)")
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
