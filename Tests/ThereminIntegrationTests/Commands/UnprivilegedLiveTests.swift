import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// A player's laptop: theremin run live as an ordinary user (nobody, through setpriv: no capabilities, no rtprio
/// limit) from the fake camera into the paced device. It plays, records the hand, says with `-v` what its threads got,
/// and exits 0 on Ctrl-C: normal scheduling and the 5 ms period with no system bus, `SCHED_RR` from RealtimeKit and
/// root's 128-frame period where rtkit runs (the kernel's own account of each thread's policy checked while it plays).
final class UnprivilegedLiveTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // World-writable, so nobody can write the take and the sound here.
        chmod(directory.path, 0o777)
    }

    func testAnOrdinaryUserPlaysLiveAndExitsZero() throws {
        // An address nobody listens on: the machine's own system bus (and an rtkit on it) stays out of this test.
        let noBus = "unix:path=" + directory.appendingPathComponent("no-bus").path
        let (result, _) = try playAsNobody(environment: ["DBUS_SYSTEM_BUS_ADDRESS": noBus]) { _ in }
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("scheduling: audio thread normal (SCHED_FIFO refused; rtkit: no system D-Bus), "
                                          + "tracking thread normal (SCHED_FIFO refused; rtkit: no system D-Bus), "
                                          + "capture thread normal (SCHED_FIFO refused; rtkit: no system D-Bus)"),
                      "-v says what the threads got and why: \(output)")
        XCTAssertTrue(result.stderr.contains("run RealtimeKit (Debian package rtkit)"), "the notice says what helps")
        XCTAssertTrue(output.contains(", period 240 frames (5.0 ms)"), "-v's audio line: the longer period: \(output)")
    }

    func testAnOrdinaryUserGetsRealTimeThreadsFromRealtimeKit() throws {
        let rtkit = try RealtimeKitBus.startOrSkip(allowing: "nobody")
        defer { rtkit.stop() }
        var policies: [String: (policy: Int, priority: Int)] = [:]
        let (result, _) = try playAsNobody(environment: rtkit.clientEnvironment) { pid in
            policies = Self.schedulingOfThreads(of: pid)
        }
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("scheduling: audio thread SCHED_RR 20 via rtkit, tracking thread SCHED_RR 10 via "
                                          + "rtkit, capture thread SCHED_RR 5 via rtkit"),
                      "-v says rtkit granted all three: \(output) \(rtkit.logTails())")
        XCTAssertFalse(result.stderr.contains("runs without real-time priority"), "no refusal notice: \(result.stderr)")
        XCTAssertTrue(output.contains(", period 128 frames (2.7 ms)"), "-v's audio line: rtkit foreseen, root's period: \(output)")
        // The kernel's own account (/proc/PID/task/TID/stat): SCHED_RR (2) at the priorities rtkit granted.
        XCTAssertEqual(policies["theremin-audio"]?.policy, 2, "audio thread's policy: \(policies)")
        XCTAssertEqual(policies["theremin-audio"]?.priority, 20, "\(policies)")
        XCTAssertEqual(policies["theremin-track"]?.policy, 2, "tracking thread's policy: \(policies)")
        XCTAssertEqual(policies["theremin-track"]?.priority, 10, "\(policies)")
        XCTAssertEqual(policies["theremin-camera"]?.policy, 2, "capture thread's policy: \(policies)")
        XCTAssertEqual(policies["theremin-camera"]?.priority, 5, "\(policies)")
        let others = policies.filter { !["theremin-audio", "theremin-track", "theremin-camera"].contains($0.key) }
        XCTAssertTrue(others.values.allSatisfy { $0.policy == 0 }, "every other thread normal: \(policies)")
    }

    /// Plays live as nobody until two seconds are recorded, calls `whilePlaying` with the process id, stops it with
    /// Ctrl-C, and checks what every such run must do: exit 0, record the hand, play sound.
    private func playAsNobody(environment: [String: String], whilePlaying: (Int32) -> Void) throws
        -> (ProcessRunner.Result, [HandSample]) {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv (util-linux) to run the binary as an ordinary user")
        }
        let plugin = try XCTUnwrap(ALSATestEnvironment.pacedPluginPath, ALSATestEnvironment.pacedDeviceMissing)
        for path in [binary!, plugin] where !isReachableByOthers(path) {
            throw XCTSkip("\(path) is not reachable by other users, so it cannot be used as nobody")
        }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit)
        guard limit.rlim_cur == 0 else { throw XCTSkip("this machine grants everyone an rtprio limit") }
        let clip = try TestMedia.requireSelfieClip().path
        var options = FakeCamera.Options()
        options.video = clip
        options.rates = [30]
        let camera = try FakeCamera.startOrSkip(options)  // served to every user (FUSE allow_other when root mounts)
        defer { camera.stop() }

        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: try ALSATestEnvironment.requirePacedDevice()).utf8)
            .write(to: URL(fileURLWithPath: config))
        chmod(config, 0o644)
        let capture = directory.appendingPathComponent("sound.raw").path
        let take = directory.appendingPathComponent("take.csv").path
        try? FileManager.default.removeItem(atPath: take)
        let running = try ProcessRunner.spawn("/usr/bin/setpriv", [
            "--reuid=65534", "--regid=65534", "--clear-groups",
            binary, "--camera", camera.devicePath, "--audio-device", ALSATestEnvironment.pacedDeviceName(capture: capture),
            "--record", take, "--no-preview", "--volume", "1", "-v",
        ], environment: environment.merging(["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path]) { $1 })
        // setpriv execs theremin in its own process, so the signal reaches theremin itself.
        let recorded = waitForRecording(named: "take.csv", lines: 60, timeout: 40)
        if recorded { whilePlaying(running.process.processIdentifier) }
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(recorded, "two seconds of frames recorded as nobody: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let samples = try TraceReader.read(path: take).samples
        XCTAssertGreaterThan(samples.filter(\.present).count, samples.count / 2, "the hand tracked as nobody")
        let played = (try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(played, 48_000 * 2 * 4, "a second of stereo float sound at least")
        return (result, samples)
    }

    /// Each thread's name with its policy and real-time priority, from /proc/PID/task/TID/stat (fields 41 and 40).
    private static func schedulingOfThreads(of pid: Int32) -> [String: (policy: Int, priority: Int)] {
        let tasks = "/proc/\(pid)/task"
        var result: [String: (policy: Int, priority: Int)] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let stat = try? String(contentsOfFile: "\(tasks)/\(tid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            // After the name: field 3 (state) onwards.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 38, let priority = Int(fields[37]), let policy = Int(fields[38]) else { continue }
            // Names repeat (worker threads); keep a real-time one if any.
            if result[name].map({ $0.policy == 0 }) ?? true { result[name] = (policy, priority) }
        }
        return result
    }
}
