import Foundation
import ThereminTestSupport
import XCTest

/// The camera as `theremin` sets it up, end to end through the fake camera and the real libv4l2: the mode chosen
/// (and said with -v), the controls set while playing and put back however the run ends, and their listing.
final class CameraSetupTests: BinaryTestCase {
    /// Like real UVC webcams: MJPEG gives 60 fps at 1280x720, YUYV 10 there and 30 at 640x480.
    private static let webcamModes = [FakeCamera.Options.Mode("YUYV", 640, 480, [30, 15]),
                                      FakeCamera.Options.Mode("YUYV", 1280, 720, [10]),
                                      FakeCamera.Options.Mode("MJPG", 1280, 720, [60, 30])]

    private func startCamera(_ configure: (inout FakeCamera.Options) -> Void = { _ in }) throws -> FakeCamera {
        var options = FakeCamera.Options()
        options.modes = Self.webcamModes
        configure(&options)
        let camera = try FakeCamera.startOrSkip(options)
        addTeardownBlock { camera.stop() }
        return camera
    }

    /// Plays from `camera` into the paced test device until the camera streams, returns its status then, stops
    /// it with SIGINT and returns the result. The signal may come while the tracker is still loading: that too must
    /// end cleanly.
    private func play(_ camera: FakeCamera, _ arguments: [String], environment: [String: String] = [:])
        throws -> (whilePlaying: [String: String], result: ProcessRunner.Result) {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf")
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8).write(to: config)
        let sound = directory.appendingPathComponent("sound.raw").path
        let running = try ProcessRunner.spawn(binary, ["--camera", camera.devicePath, "--no-preview",
                                                       "--audio-device", "paced:FILE=\(sound)", "-v"] + arguments,
                                              environment: environment.merging([
                                                  "XDG_CONFIG_HOME": directory.path, "ALSA_CONFIG_PATH": config.path,
                                              ]) { a, _ in a })
        var status: [String: String] = [:]
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            status = try camera.status()
            if status["streaming"] == "1" && Int(status["delivered"] ?? "") ?? 0 > 10 { break }
            usleep(50_000)
        }
        running.signal(SIGINT)
        return (status, running.wait())
    }

    func testTheFastestModeIsChosenAndTheControlsAreSetWhilePlayingAndPutBackAfterCtrlC() throws {
        let camera = try startCamera { $0.dim = true }  // power-on: priority 1 (a dim room halves the rate), 60 Hz
        XCTAssertEqual(try camera.status()["sensor_fps"], "15", "the dim room halves the first mode's 30 fps")
        let run = try play(camera, [], environment: ["TZ": "Europe/Berlin"])
        let playing = run.whilePlaying
        XCTAssertEqual(playing["streaming"], "1", run.result.stderr)
        XCTAssertEqual(playing["format"], "MJPG")
        XCTAssertEqual(playing["size"], "1280x720")
        XCTAssertEqual(playing["fps"], "60")
        XCTAssertEqual(playing["sensor_fps"], "60", "frame rate held in the dim room")
        XCTAssertEqual(playing["exposure_auto_priority"], "0")
        XCTAssertEqual(playing["power_line_frequency"], "1", "50 Hz from the time zone")
        XCTAssertEqual(playing["exposure_auto"], "3", "the exposure mode is the camera's")

        XCTAssertEqual(run.result.status, 0, run.result.stderr)
        let after = try camera.status()
        XCTAssertEqual(after["exposure_auto_priority"], "1", "put back after Ctrl-C")
        XCTAssertEqual(after["power_line_frequency"], "2")
        let stderr = run.result.stderr
        XCTAssertTrue(stderr.contains("camera: \(camera.devicePath) (Fake Camera), MJPG 1280x720 at 60 fps, decoded to "
            + "640x360: the highest frame rate at a size the tracker uses (next best: YUYV 640x480 at 30 fps)\n"), stderr)
        XCTAssertTrue(stderr.contains("camera control exposure_auto_priority: 1 (frame rate may drop in dim light) → 0"),
                      stderr)
        XCTAssertTrue(stderr.contains("camera control power_line_frequency: 2 (60 Hz) → 1 (50 Hz) while playing, put back "
            + "on exit (50 Hz mains: time zone Europe/Berlin (DE); --mains changes it)"), stderr)
    }

    /// `--camera-format` and `--mains` given win; a run that fails after the camera was set up (no such sound device) still
    /// puts the controls back.
    func testTheUsersFormatAndMainsWinAndAFailedRunPutsTheControlsBack() throws {
        let camera = try startCamera()
        let result = try ProcessRunner.run(binary, [
            "--camera", camera.devicePath, "--no-preview", "--audio-device", "nosuchcard", "-v",
            "--camera-format", "YUYV", "--mains", "60",
        ], environment: ["XDG_CONFIG_HOME": directory.path, "TZ": "Europe/Berlin"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("YUYV 640x480 at 30 fps: as asked (--camera-format YUYV), the highest frame "
            + "rate at a size the tracker uses (next best: YUYV 1280x720 at 10 fps)\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("camera control exposure_auto_priority: 1 (frame rate may drop in dim "
            + "light) → 0 (frame rate kept constant) while playing, put back on exit"), result.stderr)
        XCTAssertTrue(result.stderr.contains("camera control power_line_frequency: already 2 (60 Hz) (60 Hz mains: "
            + "--mains 60)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nosuchcard"), result.stderr)
        let after = try camera.status()
        XCTAssertEqual(after["exposure_auto_priority"], "1", "put back after the error")
        XCTAssertEqual(after["power_line_frequency"], "2")
    }

    func testACameraWithoutTheControlsPlaysAndSaysSoWithVerbose() throws {
        let camera = try startCamera { $0.controls = [:] }
        let run = try play(camera, ["--mains", "50"])
        XCTAssertEqual(run.whilePlaying["streaming"], "1", run.result.stderr)
        XCTAssertEqual(run.result.status, 0, run.result.stderr)
        XCTAssertTrue(run.result.stderr.contains(
            "camera has no exposure_auto_priority control: its frame rate may drop in dim light\n"), run.result.stderr)
        XCTAssertTrue(run.result.stderr.contains(
            "camera has no power_line_frequency control: lights on the mains may flicker in the picture\n"),
                      run.result.stderr)
    }

    func testListDevicesVerboseShowsTheModeAndTheControls() throws {
        let camera = try startCamera { $0.controls = ["exposure_auto": 3, "power_line_frequency": 1] }
        let result = try ProcessRunner.run(binary, ["--list-devices", "-v", "--camera", camera.devicePath])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
                MJPG  Motion-JPEG, compressed
                      1280x720    60, 30 fps
                plays MJPG 1280x720 at 60 fps: the highest frame rate at a size the tracker uses (next best: YUYV 640x480 at 30 fps)
                controls (theremin keeps exposure_auto, sets the others while playing and puts them back):
                  exposure_auto = 3 (Aperture Priority Mode)
                  exposure_auto_priority: not offered
                  power_line_frequency = 1 (50 Hz)

            """), result.stdout)
        let plain = try ProcessRunner.run(binary, ["--list-devices", "--camera", camera.devicePath])
        XCTAssertFalse(plain.stdout.contains("controls (theremin keeps"), "controls only with -v: \(plain.stdout)")
    }
}
