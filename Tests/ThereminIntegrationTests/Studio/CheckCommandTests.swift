import Foundation
import XCTest
import ThereminTestSupport

/// `theremin --check` on this machine with the conditions it names made to order: an ordinary user's limits
/// (`prlimit`, `setpriv` as nobody) without RealtimeKit, or with the tests' own; no camera, or the fake one; a JACK
/// server at a short and at a long period. Each line is OK, WARN or FAIL with a fix; exit 0 when nothing fails.
final class CheckCommandTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        chmod(directory.path, 0o777)
    }

    private func line(_ topic: String, in output: String) -> String? {
        output.split(separator: "\n").map(String.init).first { $0.dropFirst(6).hasPrefix(topic + ":") }
    }

    /// Runs `--check` as nobody with no rtprio and a small memlock limit (prlimit), `extra` options and environment.
    private func checkAsNobody(_ extra: [String], environment: [String: String]) throws -> ProcessRunner.Result {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else {
            throw XCTSkip("needs root, setpriv and prlimit (util-linux) to run the binary as an ordinary user with its limits")
        }
        guard isReachableByOthers(binary) else { throw XCTSkip("\(binary ?? "") is not reachable by other users") }
        return try ProcessRunner.run("/usr/bin/prlimit", [
            "--rtprio=0:0", "--memlock=65536:65536", "--", "/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
            "--clear-groups", binary, "--check",
        ] + extra, environment: environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 })
    }

    func testAnOrdinaryUserWithoutRealtimeKitOrCameraFailsWithTheFixes() throws {
        let noBus = "unix:path=" + directory.appendingPathComponent("no-bus").path
        let result = try checkAsNobody(["--camera", "/no/such/video7"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": noBus])
        XCTAssertEqual(result.status, 1, "something fails: \(result.stdout)\(result.stderr)")
        let realTime = try XCTUnwrap(line("real-time priority", in: result.stdout), result.stdout)
        XCTAssertTrue(realTime.hasPrefix("FAIL  real-time priority: rtprio limit 0 and RealtimeKit refused (no system D-Bus)"),
                      realTime)
        XCTAssertTrue(result.stdout.contains("      fix: add `@audio - rtprio 95`"), result.stdout)
        let memory = try XCTUnwrap(line("locked memory", in: result.stdout), result.stdout)
        XCTAssertTrue(memory.hasPrefix("WARN  locked memory: memlock limit 64 KiB"), memory)
        let camera = try XCTUnwrap(line("camera", in: result.stdout), result.stdout)
        XCTAssertTrue(camera.hasPrefix("FAIL  camera: "), camera)
        XCTAssertTrue(result.stdout.contains("\nnot ready: "), result.stdout)
    }

    func testRealtimeKitMakesItOK() throws {
        let rtkit = try RealtimeKitBus.startOrSkip(allowing: "nobody")
        defer { rtkit.stop() }
        let result = try checkAsNobody(["--camera", "/no/such/video7"], environment: rtkit.clientEnvironment)
        let realTime = try XCTUnwrap(line("real-time priority", in: result.stdout), result.stdout)
        XCTAssertEqual(realTime, "OK    real-time priority: rtprio limit 0, RealtimeKit grants SCHED_RR: audio SCHED_RR 20 "
                           + "via rtkit, tracking SCHED_RR 10 via rtkit, capture SCHED_RR 5 via rtkit", rtkit.logTails())
    }

    func testWithACameraAndAJACKServerNothingFailsAndJSONSaysTheSame() throws {
        var options = FakeCamera.Options()
        options.rates = [30]
        let camera = try FakeCamera.startOrSkip(options)
        defer { camera.stop() }
        let server = try JACKServer.startOrSkip(periodFrames: 128)
        defer { server.stop() }
        let result = try ProcessRunner.run(binary, ["--check", "--camera", camera.devicePath], environment: server.clientEnvironment)
        let verdicts = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("      ") }.dropLast()
        XCTAssertEqual(verdicts.count, 7, result.stdout)
        for verdict in verdicts {
            XCTAssertTrue(verdict.hasPrefix("OK    ") || verdict.hasPrefix("WARN  ") || verdict.hasPrefix("FAIL  "), String(verdict))
        }
        let tracker = try XCTUnwrap(line("tracker", in: result.stdout), result.stdout)
        XCTAssertNotNil(tracker.range(of: #"tracker: a followed frame [0-9.]+ ms, a hand found afresh [0-9.]+ ms: expect about [0-9.]+ ms from motion to sound at 30 fps"#,
                                      options: .regularExpression), tracker)
        XCTAssertEqual(line("sound server", in: result.stdout),
                       "OK    sound server: JACK server '\(server.name)' at 48000 Hz, 128-frame period (2.7 ms): play with --audio jack")
        let cameraLine = try XCTUnwrap(line("camera", in: result.stdout), result.stdout)
        XCTAssertTrue(cameraLine.hasPrefix("OK    camera: \(camera.devicePath) (Fake Camera): 1 format(s), 2 size(s); plays YUYV "),
                      cameraLine)
        XCTAssertNotNil(cameraLine.range(of: #"; read a [0-9]+x[0-9]+ frame$"#, options: .regularExpression),
                        "the camera was opened and a frame read: \(cameraLine)")
        let failing = result.stdout.contains("\nFAIL  ") || result.stdout.hasPrefix("FAIL  ")
        XCTAssertEqual(result.status, failing ? 1 : 0, "exit 0 exactly when nothing fails: \(result.stdout)")

        let json = try ProcessRunner.run(binary, ["--check", "--json", "--camera", camera.devicePath],
                                         environment: server.clientEnvironment)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        XCTAssertEqual(document["version"] as? Int, 1)
        let checks = try XCTUnwrap(document["checks"] as? [[String: Any]])
        XCTAssertEqual(checks.map { $0["topic"] as? String }, ["real-time priority", "locked memory", "CPU frequency",
                                                              "threaded interrupts", "sound server", "camera", "tracker"])
        XCTAssertTrue(checks.allSatisfy { ["OK", "WARN", "FAIL"].contains($0["level"] as? String ?? "") })
        XCTAssertEqual(document["ready"] as? Bool, json.status == 0, json.stdout)
    }

    /// A camera that lists well but delivers no frame (its sensor stalled) fails: `--check` reads a frame from it as
    /// live play would (issue 46).
    func testACameraThatDeliversNoFrameFails() throws {
        let camera = try FakeCamera.startOrSkip(FakeCamera.Options())
        defer { camera.stop() }
        try camera.send("stall")
        let result = try ProcessRunner.run(binary, ["--check", "--camera", camera.devicePath])
        let cameraLine = try XCTUnwrap(line("camera", in: result.stdout), result.stdout)
        XCTAssertTrue(cameraLine.hasPrefix("FAIL  camera: \(camera.devicePath) (Fake Camera): 1 format(s), 2 size(s): "
                                           + "opening it as live play does failed: "), cameraLine)
        XCTAssertEqual(result.status, 1, result.stdout)
    }

    func testALongJACKPeriodIsAWarningWithItsFix() throws {
        let server = try JACKServer.startOrSkip(periodFrames: 1_024)
        defer { server.stop() }
        let result = try ProcessRunner.run(binary, ["--check", "--camera", "/no/such/video7"], environment: server.clientEnvironment)
        XCTAssertTrue(result.stdout.contains("WARN  sound server: JACK server '\(server.name)' at 48000 Hz, 1024-frame period "
                                             + "(21.3 ms): play with --audio jack, a long quantum for an instrument\n"
                                             + "      fix: `jack_bufsize 128` (or -p 128 when starting jackd)\n"), result.stdout)
    }
}
