import Foundation
import XCTest
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
        ]
        for (arguments, environment, expected) in cases {
            let result = try ProcessRunner.run(binary, ["--replay", trace] + arguments, environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("See 'theremin --help'") }
            XCTAssertEqual(lines.count, 1, "one line: \(result.stderr)")
        }
    }
}
