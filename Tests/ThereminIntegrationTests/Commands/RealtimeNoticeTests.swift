import XCTest
import Foundation
import ThereminTestSupport

/// Real-time care end to end: the audio thread gets `SCHED_FIFO` and locked memory where that is permitted (root,
/// here) and says nothing; as an ordinary user without rtprio or memlock limits it plays anyway and prints exactly
/// one notice, from the main thread, before the sound.
final class RealtimeNoticeTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // World-writable, so the same files serve a run as `nobody`.
        chmod(directory.path, 0o777)
    }

    /// A short trace and an ALSA configuration whose default device writes into `sound.raw`.
    private func prepare() throws -> (trace: String, environment: [String: String], sound: String) {
        let trace = directory.appendingPathComponent("steady.csv").path
        try Data("t,x,y,present\n0,1,0,1\n0.3,1,0,1\n".utf8).write(to: URL(fileURLWithPath: trace))
        let sound = directory.appendingPathComponent("sound.raw").path
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: sound).utf8).write(to: URL(fileURLWithPath: config))
        for path in [trace, config] { chmod(path, 0o644) }
        return (trace, ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path], sound)
    }

    func testPermittedRealtimeIsSilent() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root, where real-time scheduling and memory locking are permitted") }
        let (trace, environment, _) = try prepare()
        let result = try ProcessRunner.run(binary, ["--replay", trace], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "nothing to say when real-time care is granted")
    }

    func testRefusedRealtimeGivesOneNoticeAndPlaysAnyway() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv (util-linux) to run the binary as an ordinary user")
        }
        guard access(binary, X_OK) == 0, isReachableByOthers(binary) else {
            throw XCTSkip("the build folder is not readable by other users, so the binary cannot run as nobody")
        }
        let (trace, environment, sound) = try prepare()
        // nobody: no capabilities, rtprio limit 0 and the default memlock limit (8 MiB) unless raised for everyone.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit)
        guard limit.rlim_cur == 0 else { throw XCTSkip("this machine grants everyone an rtprio limit") }
        let result = try ProcessRunner.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                                binary, "--replay", trace], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "exactly one notice: \(result.stderr)")
        XCTAssertTrue(result.stderr.hasPrefix("theremin: note: the audio thread runs without real-time priority"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--period"), "says what to do: \(result.stderr)")
        let played = (try? FileManager.default.attributesOfItem(atPath: sound)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(played, 12_000 * 2 * 4, "the sound still played (a quarter second of stereo float at least)")
    }
}
