import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport

/// The built binary as a JACK client (`--audio jack`) of a private jackd2 with the dummy driver: a replayed trace is
/// heard at its pitch by a JACK capture client, `-v` and the closing line name the ports, `--list-devices` shows the
/// server, and bad requests are one line with exit status 2.
final class JACKPlayTests: BinaryTestCase {
    private var server: JACKServer?

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try JACKServer.startOrSkip()
    }

    override func tearDownWithError() throws {
        server?.stop()
        server = nil
        try super.tearDownWithError()
    }

    /// A trace holding one height for `seconds` (y = 0.5: 330 Hz).
    private func steadyTrace(seconds: Double) throws -> String {
        var trace = "t,x,y,present\n"
        for i in 0...Int(seconds * 30) { trace += "\(Double(i) / 30),0.8,0.5,1\n" }
        let path = directory.appendingPathComponent("steady.csv").path
        try Data(trace.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAReplayIsHeardThroughJACKAtItsPitch() throws {
        let server = try XCTUnwrap(server)
        let trace = try steadyTrace(seconds: 4)
        let running = try ProcessRunner.spawn(binary, ["--replay", trace, "--audio", "jack", "-v", "--volume", "1"],
                                              environment: server.clientEnvironment)
        XCTAssertTrue(server.wait(timeout: 20) { (try? server.ports())?.contains("theremin:out_2") == true },
                      "theremin's ports appear")
        let samples = try server.record("theremin:out_1", seconds: 1.5)
        let result = running.wait()

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("audio: theremin:out_1, theremin:out_2 on JACK server '\(server.name)': "
                                             + "48000 Hz, 128-frame period, to system:playback_1, system:playback_2"),
                      result.stderr)
        XCTAssertTrue(result.stdout.contains("on theremin:out_1, theremin:out_2 on JACK server"), result.stdout)
        let start = try XCTUnwrap(samples.firstIndex { abs($0) > 0.05 }, "nothing heard on theremin:out_1")
        let steady = SignalMeasurements.steadyFrequency(samples[start...].dropFirst(4_800), sampleRate: 48_000)
        let pitch = try XCTUnwrap(steady.frequency, "no clean period")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 330)), 2, "heard \(pitch) Hz")
    }

    func testTheDeviceNameChoosesJACKAndListDevicesShowsTheServer() throws {
        let server = try XCTUnwrap(server)
        let listed = try ProcessRunner.run(binary, ["--list-devices"], environment: server.clientEnvironment)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("JACK server '\(server.name)' (--audio jack"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("  48000 Hz, 128-frame period\n  audio inputs: system:playback_1, system:playback_2"),
                      listed.stdout)

        let trace = try steadyTrace(seconds: 0.5)
        let played = try ProcessRunner.run(binary, ["--replay", trace, "--audio-device", "jack:\(server.name)",
                                                    "--no-jack-connect"])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertTrue(played.stdout.contains("on JACK server '\(server.name)'"), played.stdout)
    }

    func testBadRequestsAreOneLineAndExitTwo() throws {
        let server = try XCTUnwrap(server)
        let trace = try steadyTrace(seconds: 0.5)
        let cases: [([String], [String: String], String)] = [
            (["--audio", "jack", "--audio-device", "jack:theremin-no-such-server"], [:],
             "theremin: JACK server 'theremin-no-such-server' is not running: start it"),
            (["--audio", "jack", "--jack-connect", "ardour:in_1"], server.clientEnvironment,
             "has no input port 'ardour:in_1': list them with `jack_lsp -p`"),
            (["--jack-connect", "system"], server.clientEnvironment, "--jack-connect applies to JACK output; add --audio jack"),
            (["--audio", "jack", "--jack-connect", "system", "--no-jack-connect"], server.clientEnvironment,
             "--jack-connect and --no-jack-connect exclude each other"),
            (["--audio", "alsa", "--audio-device", "jack:"], [:], "--audio alsa and --audio-device jack: disagree"),
            (["--audio", "pulse"], [:], "--audio 'pulse' is not a sound system; use alsa or jack"),
            (["--audio", "jack", "--period", "5"], server.clientEnvironment,
             "--period applies to ALSA; with --audio jack the JACK server sets the rate and period"),
        ]
        for (arguments, environment, expected) in cases {
            let result = try ProcessRunner.run(binary, ["--replay", trace] + arguments, environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("See 'theremin --help'") }
            XCTAssertEqual(lines.count, 1, "one line: \(result.stderr)")
        }
    }

    /// Live play from the fake camera as a JACK client with JACK MIDI (`theremin:midi_out`): the sound at
    /// theremin:out_1 follows the recorded fingertip while `jack_lsp` comes and goes (a patchbay polling), the tracking
    /// and capture threads stay under JACK's process thread, and `--stats` gives each MIDI message's age at its frame.
    func testLivePlayThroughJACKFollowsTheHandAndKeepsItsThreadsUnderJACKs() throws {
        let server = try XCTUnwrap(server)
        var options = FakeCamera.Options()
        options.video = try TestMedia.requireSelfieClip().path
        let camera = try FakeCamera.startOrSkip(options)
        defer { camera.stop() }
        let take = directory.appendingPathComponent("live.csv").path
        let running = try ProcessRunner.spawn(binary, [
            "--camera", camera.devicePath, "--audio", "jack", "--midi-out", "jack:", "--record", take, "--stats",
            "--no-preview", "--volume", "1", "-v",
        ], environment: server.clientEnvironment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 })
        XCTAssertTrue(server.wait(timeout: 30) {
            let ports = (try? server.ports()) ?? []
            return ports.contains("theremin:out_1") && ports.contains("theremin:midi_out")
        }, "the sound's ports and JACK MIDI's on one client")
        let ports = try server.ports()
        XCTAssertFalse(ports.contains { $0.hasPrefix("theremin-midi:") }, "not a second client in the process: \(ports)")
        XCTAssertTrue(waitForRecording(named: "live.csv", lines: 30, timeout: 30), "a second of frames recorded")
        let heard = try server.record("theremin:out_1", seconds: 2)
        running.signal(SIGINT)
        let result = running.wait()

        XCTAssertEqual(result.status, 0, result.stderr)
        let output = result.stdout + result.stderr
        XCTAssertNotNil(output.range(of: #"scheduling: audio thread SCHED_FIFO (\d+), tracking thread SCHED_FIFO \d+, capture thread SCHED_FIFO \d+"#,
                                     options: .regularExpression), output)
        if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("scheduling: audio thread SCHED_FIFO") }) {
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            XCTAssertEqual(numbers.count, 3, String(line))
            if numbers.count == 3 {
                XCTAssertLessThan(numbers[1], numbers[0], "tracking under JACK's process thread: \(line)")
                XCTAssertLessThanOrEqual(numbers[2], numbers[1], "capture no higher than tracking: \(line)")
            }
        }
        XCTAssertTrue(output.contains("MIDI capture→frame (JACK, ms): median "), output)
        let samples = try TraceReader.read(path: take).samples
        let start = try XCTUnwrap(heard.firstIndex { abs($0) > 1e-3 }, "nothing heard at theremin:out_1")
        let error = PitchAlignment.bestMedianCents(audio: Array(heard[start...]), sampleRate: 48_000, trace: samples)
        XCTAssertLessThan(error?.cents ?? 1_000, 30, "the pitch at out_1 follows the fingertip (lag \(error?.lag ?? 0) s)")
    }
}
