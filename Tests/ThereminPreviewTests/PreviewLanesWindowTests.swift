import XCTest
import Foundation
import ThereminCore
import ThereminSession
import ThereminTestSupport
@testable import ThereminPreview

/// The play-along's note lanes on screen: the demo's generated hand plays a score along in the preview window
/// under Xvfb, the screen is grabbed, and the score's notes must stand as bars on their own lines, right of the now
/// line while they are ahead, as the picture composed for the same moment puts them.
final class PreviewLanesWindowTests: BinaryTestCase {
    private let layout = PreviewLayout(frameWidth: 640, frameHeight: 480)

    override func setUpWithError() throws {
        try super.setUpWithError()
        if let missing = VirtualDisplay.unavailableReason { throw XCTSkip(missing) }
        guard ALSATestEnvironment.pacedDeviceConfiguration() != nil else {
            throw XCTSkip(ALSATestEnvironment.pacedDeviceMissing)
        }
    }

    func testTheNotesAheadStandOnTheirLinesRightOfTheNowLine() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let score = directory.appendingPathComponent("slow.txt").path
        // A slow score, so that its notes are ahead for long: a bar of count-in at 40 beats a minute (6 s), then E4
        // and G4, both within the 3 s ahead for the count-in's last 1.5 s.
        try "tempo 40\nE4:1 G4:1 E4:4\n".write(toFile: score, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("asound.conf").path
        let text = ALSATestEnvironment.configuration(defaultCapture: "/dev/null",
                                                     extra: ALSATestEnvironment.pacedDeviceConfiguration() ?? "")
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let sound = directory.appendingPathComponent("sound.raw").path
        let running = try ProcessRunner.spawn(binary, ["--demo", "--play-along", score,
                                                       "--audio-device", "paced:FILE=\(sound)"], environment: [
            "DISPLAY": display.name, "ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path,
            "XDG_RUNTIME_DIR": runtime.path,
        ])
        defer {
            running.signal(SIGINT)
            _ = running.wait()
        }
        let status = LiveStatus()
        let rows = PreviewComposer.laneRows(status, layout: layout)
        let lanes = PreviewComposer.Lanes(labels: PreviewNoteLines.lines(for: status, calibration: .identity),
                                          layout: layout)
        let ahead = RGBPicture.Pixel(red: Int(PreviewPalette.aheadNote.red), green: Int(PreviewPalette.aheadNote.green),
                                     blue: Int(PreviewPalette.aheadNote.blue))
        func bar(on midi: Int, in picture: RGBPicture) -> Bool {
            guard let row = rows[midi] else { return false }
            return (lanes.now + 2..<layout.width).contains { picture.pixel($0, row - 3).distance(to: ahead) < 30 }
        }
        func barLeftOfNow(on midi: Int, in picture: RGBPicture) -> Bool {
            guard let row = rows[midi] else { return false }
            return (lanes.start..<(lanes.now - 2)).contains { picture.pixel($0, row - 3).distance(to: ahead) < 30 }
        }
        let deadline = Date().addingTimeInterval(60)
        var seen = false
        var attempt = 0
        while Date() < deadline && !seen {
            attempt += 1
            let png = directory.appendingPathComponent("shot-\(attempt).png")
            let picture = try display.grab(width: layout.width, height: layout.height, png: png)
            // During the count-in: E4 and G4 ahead, nothing ahead on C4's line, nothing ahead left of now.
            seen = bar(on: 64, in: picture) && bar(on: 67, in: picture) && !bar(on: 60, in: picture)
                && !barLeftOfNow(on: 64, in: picture)
            if !seen { usleep(150_000) }
        }
        XCTAssertTrue(seen, "the notes ahead on E4's and G4's lines: screenshots in \(directory.path)")
    }
}
