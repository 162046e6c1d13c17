import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

extension LivePlayTests {
    /// What one 60 fps live run left behind.
    struct SixtyFPSRun {
        var result: ProcessRunner.Result
        /// From "tracker 59.2 fps, 1741 frames tracked, 4 dropped, 0 underrun(s), 29.1 s (and 39 frames sent while
        /// starting)"; nil (after a failure) when absent.
        var stats: (tracked: Int, dropped: Int, sentWhileStarting: Int)?
        /// The fake camera's status line after the run.
        var cameraStatus: [String: String]
        /// The interleaved stereo sound the paced device received.
        var audio: [Float]
    }

    /// Plays the selfie clip from a 60 fps fake camera (set up further by `configure`) for four seconds of trace
    /// rows, stops with SIGINT, and checks what every 60 fps run must show: exit 0, a row per frame at 60 per
    /// second, the hand in most rows, and a pitch that follows it.
    func playAt60FPS(trace name: String, file: StaticString = #filePath, line: UInt = #line,
                     _ configure: (inout FakeCamera.Options) -> Void) throws -> SixtyFPSRun {
        guard let corpus = TestMedia.corpus else { throw XCTSkip(TestMedia.corpusMissing) }
        let frameLog = directory.appendingPathComponent(name + ".frames").path
        let camera = try startCamera(video: corpus.appendingPathComponent("video/mediapipe_selfie_segmentation_web.mp4").path) {
            $0.rates = [60, 30]
            $0.frameLog = frameLog
            configure(&$0)
        }
        defer { camera.stop() }
        let alsa = try alsaConfig()
        let trace = directory.appendingPathComponent(name).path
        let running = try ProcessRunner.spawn(binary, [
            "--camera", camera.devicePath, "--fps", "60", "--audio-device", "paced:FILE=\(alsa.capture)",
            "--record", trace, "--stats", "--no-preview", "--volume", "1",
        ], environment: ["ALSA_CONFIG_PATH": alsa.path, "XDG_CONFIG_HOME": directory.path])
        let recorded = waitForRecording(named: name, lines: 240, timeout: 30)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(recorded, "four seconds of frames were recorded: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)

        let samples = try TraceReader.read(path: trace).samples
        let intervals = zip(samples.dropFirst(), samples).map { $0.t - $1.t }.sorted()
        XCTAssertGreaterThan(intervals.count, 240, file: file, line: line)
        // The rows are 60 fps frames: the shortest gap is one 1/60 s period, and each row is a frame the camera
        // stamped (below). How many frames a loaded machine skips (a debug build's tracker beside two busy cores; the
        // fake camera's own thread falls off its grid then too) is not asserted here: the release figures under
        // load are make load-test's and make measure-live's.
        XCTAssertEqual((intervals.first ?? 0) * 60, 1, accuracy: 0.12, "consecutive 60 fps frames", file: file, line: line)
        XCTAssertGreaterThan(samples.filter(\.present).count, samples.count * 8 / 10, file: file, line: line)
        try assertRowsAreCameraFrames(trace: trace, frameLog: frameLog, file: file, line: line)

        let audio = try ALSATestEnvironment.readFloatCapture(path: alsa.capture, channels: 2)
        let error = PitchAlignment.bestMedianCents(audio: audio, sampleRate: 48_000, trace: samples)
        XCTAssertLessThan(error?.cents ?? 1_000, 30, "pitch follows the fingertip (lag \(error?.lag ?? 0) s)",
                          file: file, line: line)

        let statsLine = result.stderr.split(separator: "\n").first { $0.hasPrefix("tracker ") } ?? ""
        let numbers = statsLine.split(whereSeparator: { !$0.isNumber && $0 != "." }).compactMap { Double($0) }
        XCTAssertGreaterThanOrEqual(numbers.count, 3, "stats line: \(result.stderr)", file: file, line: line)
        let starting = statsLine.range(of: "(and ").map { statsLine[$0.upperBound...].prefix { $0.isNumber } }
        let stats = numbers.count >= 3
            ? (tracked: Int(numbers[1]), dropped: Int(numbers[2]), sentWhileStarting: starting.flatMap { Int($0) } ?? 0)
            : nil
        return SixtyFPSRun(result: result, stats: stats, cameraStatus: try camera.status(), audio: audio)
    }

    /// Every row of a live take is a frame the camera delivered: the take's clock origin plus the row's time is the
    /// due time the fake camera stamped on one of its buffers (its `--frame-log`), to the microsecond.
    func assertRowsAreCameraFrames(trace: String, frameLog: String, file: StaticString, line: UInt) throws {
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let clock = text.split(separator: "\n").first { $0.hasPrefix("# clock: monotonic ") }
        let origin = try XCTUnwrap(clock.flatMap { Double($0.split(separator: " ").last ?? "") },
                                   "the take notes its clock origin", file: file, line: line)
        let due = Set(try String(contentsOfFile: frameLog, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) } }
            .map { Int(($0 * 1e6).rounded()) })
        XCTAssertFalse(due.isEmpty, "the fake camera logged its frames", file: file, line: line)
        let rows = try TraceReader.read(path: trace).samples
        let unmatched = rows.filter { row in
            let stamp = Int(((origin + row.t) * 1e6).rounded())
            return !(stamp - 2...stamp + 2).contains(where: due.contains)
        }
        XCTAssertTrue(unmatched.isEmpty, "\(unmatched.count) of \(rows.count) rows are no logged frame (first at "
            + "t = \(unmatched.first?.t ?? 0))", file: file, line: line)
    }
}
