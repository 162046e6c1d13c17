import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// Hands-free control end to end: the demo played live takes actions sent by liblo's `oscsend` to `--osc-in`,
/// writes them into its take, says a bad message in one line and plays on; `--replay` of the take renders the same
/// bytes every time, and they differ from the take's without its actions.
final class HandsFreeTests: BinaryTestCase {
    private func oscsend(_ port: UInt16, _ address: String, _ rest: [String] = []) throws {
        let oscsend = "/usr/bin/oscsend"
        guard FileManager.default.isExecutableFile(atPath: oscsend) else {
            throw XCTSkip("oscsend is not installed (Debian package liblo-tools; scripts/install-deps --test)")
        }
        let result = try ProcessRunner.run(oscsend, ["127.0.0.1", String(port), address] + rest)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func contents(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// The paced ALSA device's configuration, and the environment a run plays with.
    private func liveEnvironment() throws -> [String: String] {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        return ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path]
    }

    /// The demo played live with `arguments`, recording `take`, once rows are in the take (so the inputs listen).
    private func playDemo(_ arguments: [String], take: String, environment: [String: String]) throws -> ProcessRunner.Running {
        let running = try ProcessRunner.spawn(binary, ["--demo", "--no-preview", "--record", take] + arguments + [
            "--audio-device", "paced:FILE=\(directory.appendingPathComponent("sound.raw").path)",
        ], environment: environment)
        XCTAssertTrue(waitUntil(timeout: 30, every: 0.05) { contents(take).split(separator: "\n").count > 40 })
        return running
    }

    /// Renders `take` twice (the same bytes, checked) and once without the lines `dropped` picks (other bytes).
    private func checkReplays(_ take: String, dropping dropped: @escaping (Substring) -> Bool,
                              environment: [String: String]) throws {
        var renders: [Data] = []
        for name in ["a.wav", "b.wav"] {
            let out = directory.appendingPathComponent(name).path
            let render = try ProcessRunner.run(binary, ["--replay", take, "--output", out], environment: environment)
            XCTAssertEqual(render.status, 0, render.stderr)
            renders.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        XCTAssertEqual(renders[0], renders[1], "byte for byte")
        let plain = directory.appendingPathComponent("plain.csv").path
        try Data(contents(take).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !dropped($0) }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: plain))
        let out = directory.appendingPathComponent("plain.wav").path
        XCTAssertEqual(try ProcessRunner.run(binary, ["--replay", plain, "--output", out], environment: environment).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: out)), renders[0], "what was dropped is heard")
    }

    func testOSCActionsArePlayedKeptInTheTakeAndReplayedByteForByte() throws {
        let environment = try liveEnvironment()
        let take = directory.appendingPathComponent("take.csv").path
        let port = OSCReceivers.freeUDPPort()
        let running = try playDemo(["--osc-in", "127.0.0.1:\(port)", "-v"], take: take, environment: environment)
        try oscsend(port, "/theremin/octave-up")
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { contents(take).contains("# action: octave-up") })
        try oscsend(port, "/theremin/nowhere")
        try oscsend(port, "/theremin/correction", ["f", "100"])
        try oscsend(port, "/theremin/next-waveform")
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { contents(take).contains("# action: next-waveform") })
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("OSC in: 127.0.0.1:\(port)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("action: octave-up (OSC in: /theremin/octave-up)"), result.stderr)
        let bad = result.stderr.split(separator: "\n").filter { $0.contains("/theremin/nowhere") }
        XCTAssertEqual(bad.count, 1, "one line for the bad message: \(result.stderr)")
        XCTAssertTrue(bad.first?.contains("is not an action") == true, result.stderr)

        let trace = try TraceReader.read(path: take)
        XCTAssertEqual(trace.actions.map(\.action), [.octaveUp, .correction(100), .nextWaveform])
        try checkReplays(take, dropping: { $0.hasPrefix("# action:") }, environment: environment)
    }

    func testASetListStepsThroughItsPresetsAndTheReplayPlaysThem() throws {
        let environment = try liveEnvironment()
        for (name, options) in [("warm", ["--wave", "theremin"]), ("solo", ["--wave", "saw", "--octave", "1"])] {
            let saved = try ProcessRunner.run(binary, ["--save-preset", name] + options, environment: environment)
            XCTAssertEqual(saved.status, 0, saved.stderr)
        }
        let setlist = directory.appendingPathComponent("set.txt").path
        try Data("# tonight\nwarm\nsolo   # the second song\n".utf8).write(to: URL(fileURLWithPath: setlist))
        let take = directory.appendingPathComponent("take.csv").path
        let port = OSCReceivers.freeUDPPort()
        let running = try playDemo(["--osc-in", "127.0.0.1:\(port)", "--setlist", setlist], take: take,
                                   environment: environment)
        try oscsend(port, "/theremin/next-preset")
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { contents(take).contains("# sound: solo") })
        try oscsend(port, "/theremin/next-preset")  // the set's end: it stays on the last
        try oscsend(port, "/theremin/preset", ["i", "9"])
        try oscsend(port, "/theremin/mute")
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { contents(take).contains("# action: mute") })
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("preset 1/2: warm"), result.stderr)
        XCTAssertTrue(result.stderr.contains("preset 2/2: solo\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("preset 2/2: solo (the last)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("there is no preset 9: the list has 2"), result.stderr)

        let trace = try TraceReader.read(path: take)
        XCTAssertEqual(trace.soundChanges.map(\.preset), ["warm", "solo"])
        XCTAssertEqual(trace.soundChanges.first?.row, 0, "the set starts on its first preset")
        try checkReplays(take, dropping: { $0 == "# sound: solo" }, environment: environment)
        // A replay without the presets folder cannot play the take's presets: an input error naming the preset.
        let out = directory.appendingPathComponent("a.wav").path
        let missing = try ProcessRunner.run(binary, ["--replay", take, "--output", out],
                                            environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("none").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("preset 'warm' does not exist"), missing.stderr)
    }

    func testAMappingFileWithAnErrorStopsAtTheStartWithItsLine() throws {
        let map = directory.appendingPathComponent("board.map").path
        try Data("cc 80 next-preset\ncc 81 jump\n".utf8).write(to: URL(fileURLWithPath: map))
        let result = try ProcessRunner.run(binary, ["--no-preview", "--midi-in", "jack:", "--midi-map", map])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("theremin: \(map):2: 'jump' is not an action"), result.stderr)
    }
}
