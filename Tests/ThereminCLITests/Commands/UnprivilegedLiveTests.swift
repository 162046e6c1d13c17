import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// A player's laptop: theremin run live as an ordinary user (nobody, through setpriv: no capabilities, no rtprio
/// limit) from the fake camera into the paced device. It plays, records the hand, says with `-v` that its threads
/// got normal scheduling, and exits 0 on Ctrl-C.
final class UnprivilegedLiveTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // World-writable, so nobody can write the take and the sound here.
        chmod(directory.path, 0o777)
    }

    func testAnOrdinaryUserPlaysLiveAndExitsZero() throws {
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
        let running = try ProcessRunner.spawn("/usr/bin/setpriv", [
            "--reuid=65534", "--regid=65534", "--clear-groups",
            binary, "--camera", camera.devicePath, "--audio-device", ALSATestEnvironment.pacedDeviceName(capture: capture),
            "--record", take, "--no-preview", "--volume", "1", "-v",
        ], environment: ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path])
        // setpriv execs theremin in its own process, so the signal reaches theremin itself.
        let recorded = waitForRecording(named: "take.csv", lines: 60, timeout: 40)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(recorded, "two seconds of frames recorded as nobody: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("scheduling: audio thread normal (SCHED_FIFO refused), tracking thread normal "
                                          + "(SCHED_FIFO refused)"), "-v says what the threads got: \(output)")
        let samples = try TraceReader.read(path: take).samples
        XCTAssertGreaterThan(samples.filter(\.present).count, samples.count / 2, "the hand tracked as nobody")
        let played = (try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(played, 48_000 * 2 * 4, "a second of stereo float sound at least")
    }
}
