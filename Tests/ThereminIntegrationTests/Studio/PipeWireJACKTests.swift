import Foundation
import XCTest
import ThereminTestSupport

/// The same JACK client on PipeWire (pipewire-jack, run through `pw-jack` as a player would): theremin's node and
/// ports appear in the graph, are linked to the sink, and the sink hears the trace at its pitch.
final class PipeWireJACKTests: BinaryTestCase {
    func testAJACKReplayOnPipeWireIsHeardAtTheSink() throws {
        guard let pwJack = PipeWireServer.findProgram("pw-jack") else {
            throw XCTSkip("pw-jack not installed (Debian package pipewire-jack); `make test` installs it (scripts/deps.txt)")
        }
        let server: PipeWireServer
        do {
            server = try PipeWireServer.start()
        } catch let unavailable as PipeWireUnavailable {
            throw XCTSkip(unavailable.description)
        }
        defer { server.stop() }
        var trace = "t,x,y,present\n"
        for i in 0...120 { trace += "\(Double(i) / 30),0.8,0.5,1\n" }
        let tracePath = directory.appendingPathComponent("steady.csv").path
        try Data(trace.utf8).write(to: URL(fileURLWithPath: tracePath))

        let recording = try PipeWireRecording(server: server, into: PipeWireRecording.memoryBackedPath(named: "jack.wav"))
        var environment = server.clientEnvironment
        environment["XDG_CONFIG_HOME"] = directory.path
        let running = try ProcessRunner.spawn(pwJack, [binary, "--replay", tracePath, "--audio", "jack", "-v", "--volume", "1"],
                                              environment: environment)
        // The JACK view of PipeWire's graph, as a patchbay sees it: theremin's ports and what they are linked to.
        var listing = ""
        let deadline = Date().addingTimeInterval(30)
        while running.process.isRunning && Date() < deadline && !listing.contains("theremin:out_2\n   ") {
            listing = (try? ProcessRunner.run(pwJack, ["jack_lsp", "-c"], environment: environment))?.stdout ?? ""
            usleep(100_000)
        }
        let result = running.wait()
        let heard = try recording.stop()

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(listing.contains("theremin:out_1\n   ") && listing.contains("theremin:out_2\n   "),
                      "theremin's ports in PipeWire's graph, each linked: \(listing)")
        XCTAssertTrue(result.stderr.contains("audio: theremin:out_1, theremin:out_2 on JACK server"), result.stderr)
        let start = try XCTUnwrap(heard.firstIndex { abs($0) > 0.05 }, "nothing reached the sink: \(result.stderr)")
        let steady = SignalMeasurements.steadyFrequency(heard.dropFirst(start + 9_600).prefix(48_000), sampleRate: 48_000)
        let pitch = try XCTUnwrap(steady.frequency, "no clean period at the sink")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 330)), 2, "heard \(pitch) Hz")
    }
}
