import XCTest
import Foundation
import ThereminCore
import ThereminSession
@testable import ThereminPreview
import ThereminTestSupport

/// The preview window end to end: the built binary plays a uniform grey video live under Xvfb, the screen is
/// grabbed, and the note lines and labels must be on the rows the mapping gives, for each pitch law and a scale.
final class PreviewWindowTests: BinaryTestCase {
    /// One X server for the class's tests (each test's program has exited, its window gone, before the next starts):
    /// under a loaded machine a start of Xvfb took more than 10 s now and then, so it is started once, not per test.
    nonisolated(unsafe) private static var started: Result<VirtualDisplay, any Error>?
    private var display: VirtualDisplay?
    /// The picture a 640x480 frame is shown at.
    private let layout = PreviewLayout(frameWidth: 640, frameHeight: 480)

    override class func tearDown() {
        if case .success(let display)? = started { display.stop() }
        started = nil
        if case .success(let path) = greyVideo { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        if let missing = VirtualDisplay.unavailableReason { throw XCTSkip(missing) }
        guard ALSATestEnvironment.pacedDeviceConfiguration() != nil else {
            throw XCTSkip(ALSATestEnvironment.pacedDeviceMissing)
        }
        if Self.started == nil { Self.started = Result { try VirtualDisplay() } }
        display = try Self.started?.get()
    }

    override func tearDownWithError() throws {
        // A failed test keeps its screenshots for a look.
        if let directory, (testRun?.failureCount ?? 0) == 0 { try? FileManager.default.removeItem(at: directory) }
    }

    /// A 640x480 uniform grey video, made once for all the tests here (long enough never to end during one).
    private static let greyVideo = Result<String, Error> {
        let video = FileManager.default.temporaryDirectory.appendingPathComponent("preview-grey-\(getpid()).mp4")
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=640x480:r=30", "-t", "20", "-pix_fmt", "yuv420p",
                                 video.path])
        return video.path
    }

    /// Starts live play from the grey video on the virtual display, with sound into the paced test device.
    private func play(_ options: [String]) throws -> ProcessRunner.Running {
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let config = directory.appendingPathComponent("asound.conf").path
        let text = ALSATestEnvironment.configuration(defaultCapture: "/dev/null",
                                                     extra: ALSATestEnvironment.pacedDeviceConfiguration() ?? "")
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        let sound = directory.appendingPathComponent("sound.raw").path
        return try ProcessRunner.spawn(binary, ["--input", try Self.greyVideo.get(), "--audio-device", "paced:FILE=\(sound)",
                                                "--no-calibration"] + options, environment: [
            "DISPLAY": display?.name ?? "", "ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path,
            "XDG_RUNTIME_DIR": runtime.path,
            "THEREMIN_MODELS": TestMedia.repositoryRoot.appendingPathComponent("models").path,
        ])
    }

    /// Grabs the window's corner of the screen until the picture shows `lines` as expected (the window is up and
    /// has drawn a frame), or until `timeout` (generous: a loaded machine takes seconds to load the models and open
    /// the window); returns the problems left in the last grab.
    private func waitForLines(_ lines: [NoteLine], timeout: Double = 60) throws -> [String] {
        guard let display else { return ["no display"] }
        let deadline = Date().addingTimeInterval(timeout)
        var problems = ["nothing grabbed"]
        var attempt = 0
        while Date() < deadline {
            attempt += 1
            let png = directory.appendingPathComponent("shot-\(attempt).png")
            let picture = try display.grab(width: layout.width, height: layout.height, png: png)
            problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout)
            if problems.isEmpty { return [] }
            // The grey video has no hand: three seconds after play starts the no-hand notice covers the top lines
            // (a loaded machine can bring the window up later than that). Those lines were checked if an earlier
            // grab came in time; the rest must be right either way.
            let covered = NoteLineChecks.rowsCovered(byWarning: AbsentHandNotice.message, in: picture, lines: lines,
                                                     layout: layout)
            if !covered.isEmpty {
                problems = NoteLineChecks.problems(in: picture, lines: lines, layout: layout, covered: covered)
                if problems.isEmpty { return [] }
            }
            usleep(150_000)
        }
        return problems + ["screenshots in \(directory.path)"]
    }

    /// Ctrl-C: the window closes and the program exits 0.
    private func interrupt(_ running: ProcessRunner.Running) -> ProcessRunner.Result {
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("no display"), result.stderr)
        return result
    }

    private func checkLines(options: [String], status: LiveStatus, count: Int) throws {
        let lines = PreviewNoteLines.lines(for: status, calibration: .identity)
        XCTAssertEqual(lines.count, count)
        let running = try play(options)
        let problems = try waitForLines(lines)
        _ = interrupt(running)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// The default range, then the keys: `m` mutes (remembered for the next run), `q` quits with status 0.
    func testLinearLawLinesAndLabelsOnScreenAndKeys() throws {
        let display = try XCTUnwrap(display)
        if let missing = VirtualDisplay.windowListUnavailableReason { throw XCTSkip(missing) }
        let lines = PreviewNoteLines.lines(for: LiveStatus(), calibration: .identity)
        XCTAssertEqual(lines.count, 13)
        let running = try play([])
        let problems = try waitForLines(lines)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
        XCTAssertTrue(try display.windowNames().contains("theremin"), "the window is called theremin")
        let configPath = directory.appendingPathComponent("theremin/config.json").path
        do {
            // One key at a time: the window reports the newest key per poll, so wait for `m` to take effect.
            try display.press("m", inWindow: "theremin")
            _ = waitUntil(timeout: 30, every: 0.05) { FileManager.default.fileExists(atPath: configPath) }
            try display.press("q", inWindow: "theremin")
        } catch {
            _ = interrupt(running)
            throw XCTSkip("\(error)")
        }
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        let config = try String(contentsOf: directory.appendingPathComponent("theremin/config.json"), encoding: .utf8)
        XCTAssertTrue(config.contains("\"muted\" : true"), config)
        // The X server drops the window when it notices the closed connection.
        let gone = try waitUntil(timeout: 30, every: 0.05) { try !display.windowNames().contains("theremin") }
        XCTAssertTrue(gone, "the window is gone")
    }

    func testExponentialLawLinesOnScreen() throws {
        var status = LiveStatus()
        status.mapping = Mapping(law: .exponential, low: 220, high: 440)
        try checkLines(options: ["--pitch-law", "exponential"], status: status, count: 13)
    }

    func testScaleLinesOnScreen() throws {
        var status = LiveStatus()
        status.scale = .major
        try checkLines(options: ["--scale", "major", "--correct", "50"], status: status, count: 8)
    }
}
