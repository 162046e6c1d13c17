import XCTest
import Foundation
import ThereminTestSupport

/// Without a display the preview falls back to the terminal line with one notice, and never aborts.
final class DisplayFallbackTests: XCTestCase {
    func testWithoutADisplayTheTerminalLineIsUsedAfterOneNotice() throws {
        guard let binary = ProcessRunner.product("theremin") else { throw XCTSkip("the theremin binary is not built") }
        try TestMedia.requireFFmpeg()
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = directory.appendingPathComponent("grey.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=320x240:r=30", "-t", "0.5", "-pix_fmt", "yuv420p",
                                 video])
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        let environment = [
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": "", "ALSA_CONFIG_PATH": config,
            "XDG_CONFIG_HOME": directory.path,
            "THEREMIN_MODELS": TestMedia.repositoryRoot.appendingPathComponent("models").path,
        ]
        let arguments = ["--input", video, "--audio-device", "paced:FILE=\(directory.path)/sound.raw", "--no-calibration"]

        // The video ends by itself after half a second: the run ends at the end of the input.
        let result = try ProcessRunner.run(binary, arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let notice = "no display (DISPLAY is not set): using the terminal line (use --no-preview to skip the window)"
        XCTAssertEqual(result.stderr.components(separatedBy: notice).count - 1, 1, "one notice: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("level ["), "the terminal line: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("fps"), result.stdout)

        // --no-preview asks for no window, so nothing needs saying.
        let quiet = try ProcessRunner.run(binary, arguments + ["--no-preview"], environment: environment)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stderr.contains("no display"), quiet.stderr)
        XCTAssertTrue(quiet.stdout.contains("level ["), quiet.stdout)
    }
}
