import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// `theremin --demo` end to end: the render is bit-identical run to run and its notes, eighths included, are the
/// tune's within a cent;
/// played live through the paced ALSA device it sounds the tune; without a camera, live play plays it instead.
final class DemoCommandTests: BinaryTestCase {
    private let rate = 48_000.0

    func testTheRenderIsBitIdenticalAndPlaysTheTuneWithinACent() throws {
        let first = directory.appendingPathComponent("demo.wav").path
        let second = directory.appendingPathComponent("again.wav").path
        let trace = directory.appendingPathComponent("demo.csv").path
        for (path, extra) in [(first, ["--record", trace]), (second, [])] {
            let result = try ProcessRunner.run(binary, ["--demo", "--output", path] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("wrote \(path)"), result.stdout)
        }
        // The demo trace parses like a recording and is the generated performance.
        let recorded = try TraceReader.read(path: trace)
        XCTAssertEqual(recorded.samples.count, DemoPerformance.trace(try DemoTune.tune()).samples.count)
        XCTAssertEqual(recorded.metadata["source"], "theremin --demo: Ode to Joy (Beethoven)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)),
                       "two renders of the demo are the same file byte for byte")

        let audio = try SoundFile.readMono(path: first)
        let tune = try DemoTune.tune()
        let estimator = PitchEstimator(sampleRate: rate, minFrequency: 180, maxFrequency: 500)
        let window = estimator.preferredWindow
        var checked = 0
        for (event, start) in zip(tune.events, tune.startTimes) {
            guard let midi = event.midi else { continue }
            let length = event.beats * tune.beat
            // Plain notes: the last quarter, once the smoothing has settled. Vibrato notes: the mean over two whole
            // vibrato periods after the vibrato has grown in, which is the note it circles.
            let times: [Double]
            if event.vibrato {
                let from = start + DemoPerformance.vibratoDelay + DemoPerformance.vibratoSwell
                times = (0..<40).map { from + Double($0) / 40 * 2 / DemoPerformance.vibratoRate }
            } else {
                times = [start + length * 0.75]
            }
            var cents: [Double] = []
            for time in times {
                let first = Int(time * rate) - window / 2
                guard first >= 0, first + window <= audio.count,
                      let pitch = estimator.estimate(Array(audio[first..<(first + window)])) else { continue }
                cents.append(Note.midi(frequency: pitch.frequency) * 100 - Double(midi) * 100)
            }
            guard cents.count == times.count else { return XCTFail("no pitch heard in \(Note.name(midi: midi)) at \(start) s") }
            let mean = cents.reduce(0, +) / Double(cents.count)
            // Every note within a cent, eighths (0.34 s) included: the generated hand leads the smoothing.
            XCTAssertLessThan(abs(mean), 1, "\(Note.name(midi: midi)) at \(start) s is off by \(mean) cents")
            checked += 1
        }
        XCTAssertEqual(checked, tune.events.filter { $0.midi != nil }.count)
    }

    func testTheDemoPlaysLiveThroughTheSoundDevice() throws {
        let played = try playUntilTheFirstBar(["--demo"])
        XCTAssertEqual(played.result.status, 0, played.result.stderr)
        XCTAssertTrue(played.result.stderr.contains("demo: Ode to Joy"), played.result.stderr)
        try checkTheOpeningNotes(played.capture)
    }

    /// Runs theremin with `arguments` (and `--no-preview`) into the paced test device, which is ALSA's `default` in
    /// the test's configuration, until the first bar (2.5 s of stereo float sound, E4 E4 F4 G4) reached it, then
    /// stops it with SIGINT.
    private func playUntilTheFirstBar(_ arguments: [String]) throws -> (result: ProcessRunner.Result, capture: String) {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf").path
        let capture = directory.appendingPathComponent("sound.raw").path
        try Data(ALSATestEnvironment.configuration(default: "type theremin_paced file \"\(capture)\"", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        let running = try ProcessRunner.spawn(binary, arguments + ["--no-preview"],
                                              environment: ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path])
        let wanted = Int(2.5 * rate) * 2 * 4
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && running.process.isRunning {
            let size = (try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
            if size >= wanted { break }
            usleep(50_000)
        }
        running.signal(SIGINT)
        return (running.wait(), capture)
    }

    /// The opening E4s are heard in the capture.
    private func checkTheOpeningNotes(_ capture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let audio = try ALSATestEnvironment.readFloatCapture(path: capture, channels: 2)
        XCTAssertGreaterThanOrEqual(audio.count, Int(2.5 * rate), file: file, line: line)
        let estimator = PitchEstimator(sampleRate: rate, minFrequency: 180, maxFrequency: 500)
        let window = estimator.preferredWindow
        let heard = stride(from: 0, to: audio.count - window, by: window).compactMap {
            estimator.estimate(Array(audio[$0..<($0 + window)]))?.frequency
        }
        XCTAssertTrue(heard.contains { abs(Note.midi(frequency: $0) - 64) < 0.05 }, "E4 among \(heard)", file: file, line: line)
    }

    /// The video capture nodes in /dev, which the bare command looks among.
    private static func cameraNodes() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.filter { $0.hasPrefix("video") } ?? []
    }

    /// The main command on a machine without a webcam makes sound (issue 46): the demo, into the sound device, with
    /// one line saying so and how to play yourself.
    func testWithoutACameraTheBareCommandPlaysTheDemoAndSaysSo() throws {
        guard Self.cameraNodes().isEmpty else { throw XCTSkip("this machine has a camera (\(Self.cameraNodes())); the fallback needs none") }
        let played = try playUntilTheFirstBar([])
        // Another test's fake camera appearing meanwhile would be played instead: not this test's question.
        guard played.result.stderr.contains("no camera found") || Self.cameraNodes().isEmpty else {
            throw XCTSkip("a camera appeared while the test ran (\(Self.cameraNodes()))")
        }
        XCTAssertEqual(played.result.status, 0, played.result.stderr)
        XCTAssertTrue(played.result.stderr.hasPrefix("theremin: no camera found: playing the demo (Ode to Joy (Beethoven), "),
                      played.result.stderr)
        XCTAssertTrue(played.result.stderr.contains("); plug in a webcam and run `\(binary!)`\n"), played.result.stderr)
        XCTAssertFalse(played.result.stderr.contains("demo: Ode to Joy"), "one line, not the demo's own as well: \(played.result.stderr)")
        try checkTheOpeningNotes(played.capture)
    }

    /// A camera the player named that is not there stays an error: one line, exit 2, the demo suggested.
    func testAMissingNamedCameraIsStillAnError() throws {
        let missing = directory.appendingPathComponent("video7").path
        let result = try ProcessRunner.run(binary, ["--camera", missing, "--no-preview", "--audio-device", "null"],
                                           environment: ["XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains(missing), result.stderr)
        XCTAssertFalse(result.stderr.contains("playing the demo"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }
}
