import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// End to end with the built binary, the real models and real footage: `--input` offline tracking, recording and
/// rendering, and calibration from an `--input` file.
final class InputCommandTests: BinaryTestCase {
    private func environment() -> [String: String] {
        ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
    }

    func testOfflineRunRecordsATraceAndASoundThatFollowsIt() throws {
        let clip = try TestMedia.requireSelfieClip().path
        let trace = directory.appendingPathComponent("selfie.csv").path
        let sound = directory.appendingPathComponent("selfie.wav").path
        let result = try ProcessRunner.run(binary, ["--input", clip, "--record", trace, "--output", sound, "--volume", "1"],
                                           environment: environment())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("tracked 225 frames"), result.stdout)

        let recorded = try TraceReader.read(path: trace)
        XCTAssertEqual(recorded.samples.count, 225)
        XCTAssertGreaterThan(recorded.samples.filter(\.present).count, 200, "the hand is visible in nearly every frame")
        XCTAssertEqual(recorded.metadata["frame-size"], "640x360")
        XCTAssertEqual(recorded.metadata["calibration"], "none")

        // The sound's pitch follows the fingertip's height: where the hand is still for a moment, the measured
        // pitch matches 440 - 220 y within a quarter tone.
        let audio = try SoundFile.readMono(path: sound)
        let estimator = PitchEstimator(sampleRate: 48_000, minFrequency: 150, maxFrequency: 600)
        var checked = 0
        for i in 3..<(recorded.samples.count - 3) {
            let window = recorded.samples[(i - 3)...(i + 3)]
            guard window.allSatisfy(\.present) else { continue }
            let ys = window.map(\.y)
            guard (ys.max() ?? 0) - (ys.min() ?? 1) < 0.004 else { continue }
            let start = Int(recorded.samples[i].t * 48_000)
            guard start + 2_048 < audio.count,
                  let pitch = estimator.estimate(Array(audio[start..<(start + 2_048)])) else { continue }
            let expected = 440 - 220 * recorded.samples[i].y
            XCTAssertLessThan(abs(SignalMeasurements.cents(pitch.frequency, expected)), 50,
                              "at t=\(recorded.samples[i].t): \(pitch.frequency) Hz, trace says \(expected) Hz")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5, "enough still moments to compare")
    }

    func testCalibrationFromAnInputFileIsSavedAndUsedByTheNextRun() throws {
        let corpus = try TestMedia.requireCorpus()
        try TestMedia.requireFFmpeg()
        // Highest note (top), lowest (bottom), loudest (camera-left = right in the mirrored view), quietest.
        let video = try TestMedia.heldHandVideo(
            photo: corpus.appendingPathComponent("hands_gt/freihand_00000355.jpg"),
            positions: [("(W-w)/2", "0"), ("(W-w)/2", "H-h"), ("0", "(H-h)/2"), ("W-w", "(H-h)/2")],
            seconds: 4, rate: 5, into: directory)
        let calibrate = try ProcessRunner.run(binary, ["--calibrate", "--input", video.path], environment: environment())
        XCTAssertEqual(calibrate.status, 0, calibrate.stderr + calibrate.stdout)
        XCTAssertTrue(calibrate.stdout.contains("Step 1/4: Hold your fingertip where you want the HIGHEST note"), calibrate.stdout)
        XCTAssertTrue(calibrate.stdout.contains("calibrated: pitch from y=0.2"), calibrate.stdout)
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("config/theremin").path)
        XCTAssertEqual(saved.filter { $0.hasPrefix("calibration-") }.count, 1, "\(saved)")

        let trace = directory.appendingPathComponent("after.csv").path
        let run = try ProcessRunner.run(binary, ["--input", video.path, "--record", trace], environment: environment())
        XCTAssertEqual(run.status, 0, run.stderr)
        let metadata = try TraceReader.read(path: trace).metadata
        XCTAssertTrue(metadata["calibration"]?.hasPrefix("pitch-top=0.2") ?? false, "\(metadata)")

        // Each run records a trace of its own (--record never replaces a take).
        let uncalibrated = directory.appendingPathComponent("ignored.csv").path
        let ignored = try ProcessRunner.run(binary, ["--input", video.path, "--record", uncalibrated, "--no-calibration"],
                                           environment: environment())
        XCTAssertEqual(ignored.status, 0)
        XCTAssertEqual(try TraceReader.read(path: uncalibrated).metadata["calibration"], "none")

        // A corrupt calibration file is reported in one line and ignored.
        let file = directory.appendingPathComponent("config/theremin").appendingPathComponent(saved[0])
        try Data("{ broken".utf8).write(to: file)
        let corruptTrace = directory.appendingPathComponent("corrupt.csv").path
        let corrupt = try ProcessRunner.run(binary, ["--input", video.path, "--record", corruptTrace], environment: environment())
        XCTAssertEqual(corrupt.status, 0, corrupt.stderr)
        XCTAssertTrue(corrupt.stderr.contains("corrupt JSON") && corrupt.stderr.contains("ignoring it"), corrupt.stderr)
        XCTAssertEqual(try TraceReader.read(path: corruptTrace).metadata["calibration"], "none")
    }

    func testTwoHandsAreRecordedAndReplayed() throws {
        let corpus = try TestMedia.requireCorpus()
        let folder = directory.appendingPathComponent("two")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: corpus.appendingPathComponent("hands_nogt/hagrid_call_17d804b5-7118-462d-8191-58d764f591b8.jpg"),
            to: folder.appendingPathComponent("a.jpg"))
        let trace = directory.appendingPathComponent("two.csv").path
        let result = try ProcessRunner.run(binary, ["--input", folder.path, "--hands", "2", "--record", trace],
                                           environment: environment())
        XCTAssertEqual(result.status, 0, result.stderr)
        let recorded = try TraceReader.read(path: trace)
        XCTAssertEqual(recorded.samples.first?.present, true)
        XCTAssertEqual(recorded.secondHand?.first?.present, true, "both hands of the player are in the trace")
        let sound = directory.appendingPathComponent("two.wav").path
        let replay = try ProcessRunner.run(binary, ["--replay", trace, "--hands", "2", "--output", sound],
                                           environment: environment())
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: sound))

        let classic = try ProcessRunner.run(binary, ["--input", folder.path, "--hands", "2", "--tracker", "classic",
                                                     "--record", trace], environment: environment())
        XCTAssertEqual(classic.status, 2)
        XCTAssertTrue(classic.stderr.contains("--hands 2 needs the neural tracker"), classic.stderr)
    }

    func testCalibrationThatRunsOutOfInputFailsClearly() throws {
        try TestMedia.requireFFmpeg()
        let clip = directory.appendingPathComponent("grey.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=320x240:rate=10", "-frames:v", "20", "-pix_fmt", "yuv420p", clip])
        let result = try ProcessRunner.run(binary, ["--calibrate", "--input", clip], environment: environment())
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("calibration incomplete"), result.stderr)
    }

    func testUnreadableInputAndMissingModelsAreInputErrors() throws {
        let notVideo = directory.appendingPathComponent("notes.mp4").path
        _ = FileManager.default.createFile(atPath: notVideo, contents: Data("hello".utf8))
        let result = try ProcessRunner.run(binary, ["--input", notVideo, "--record", directory.appendingPathComponent("x.csv").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("theremin: input \(notVideo): not a video"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.csv").path))

        try TestMedia.requireFFmpeg()
        let clip = directory.appendingPathComponent("c.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x48:rate=10", "-frames:v", "3", "-pix_fmt", "yuv420p", clip])
        let empty = directory.appendingPathComponent("nomodels").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let noModels = try ProcessRunner.run(binary, ["--input", clip, "--record", directory.appendingPathComponent("y.csv").path],
                                             environment: ["THEREMIN_MODELS": empty])
        XCTAssertEqual(noModels.status, 2)
        XCTAssertEqual(noModels.stderr.split(separator: "\n").count, 1, noModels.stderr)
        XCTAssertTrue(noModels.stderr.contains(empty), noModels.stderr)
    }
}
