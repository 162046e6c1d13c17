import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// A play-along played live through the paced ALSA device, by the demo's generated hand: a bar of clicks counts it
/// in, the backing starts on the first beat to the sample, the hand's first note sounds on the first beat, the terminal line names the notes ahead, the run ends after
/// the score with a score for every note, and the take it records is scored alike by `--report`.
final class PlayAlongLiveTests: BinaryTestCase {
    private let rate = 48_000.0

    func testTheDemoPlaysAlongCountedInAndScoresItself() throws {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        let score = directory.appendingPathComponent("scale.txt").path
        try "title Scale\ntempo 120\ntime 3/4\nC4 D4 E4 F4:3\n".write(toFile: score, atomically: true, encoding: .utf8)
        let capture = directory.appendingPathComponent("sound.raw").path
        let take = directory.appendingPathComponent("take.csv").path
        // A backing of one steady 2 kHz tone, far above the tune and the clicks.
        let backing = directory.appendingPathComponent("band.wav").path
        try SoundFile.writeMono16(Tones.sine(2_000, amplitude: 0.5, count: Int(6 * rate), rate: rate), sampleRate: 48_000,
                                  to: backing)
        // The score ends by itself: 1.5 s of count-in, 3 s of notes and a second after.
        let result = try ProcessRunner.run(binary, ["--demo", "--play-along", score, "--no-preview", "--record", take,
                                                    "--backing", backing, "--backing-volume", "1",
                                                    "--audio-device", "paced:FILE=\(capture)", "--volume", "1"],
                                           environment: ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("play-along with Scale: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("(4 of 4 notes reached, 4 held)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("next C4 in") || result.stdout.contains("count-in"), result.stdout)

        let audio = try ALSATestEnvironment.readFloatCapture(path: capture, channels: 2)
        XCTAssertGreaterThan(audio.count, Int(4.5 * rate))
        // Three clicks a half-second apart open the mix; the theremin is silent until the first beat.
        for beat in 0..<3 {
            let start = Int(Double(beat) * 0.5 * rate)
            let click = audio[start..<(start + 1_000)].map { abs($0) }.max() ?? 0
            XCTAssertGreaterThan(click, 0.2, "click \(beat + 1)")
        }
        let beforeFirstBeat = audio[Int(0.05 * rate)..<Int(0.5 * rate)].map { abs($0) }.max() ?? 1
        XCTAssertLessThan(beforeFirstBeat, 0.01, "only clicks before the first beat: no theremin, no backing")
        // The backing starts on the first beat, to the sample: silent in the count-in's last 10 ms, playing after.
        let firstBeat = Int(1.5 * rate)
        func amplitude(_ frequency: Double, from start: Int, count: Int = 480) -> Double {
            SignalMeasurements.amplitude(audio[start..<(start + count)], frequency: frequency, sampleRate: rate)
        }
        XCTAssertLessThan(amplitude(2_000, from: firstBeat - 480), 0.01, "no backing before the first beat")
        XCTAssertGreaterThan(amplitude(2_000, from: firstBeat), 0.3, "the backing from the first beat")
        // The hand's first note, C4, sounds just after the first beat (over whole periods of both notes: 0.25 s).
        let onFirstBeat = Int(1.7 * rate)
        let c4 = amplitude(Note.frequency(midi: 60), from: onFirstBeat, count: 12_000)
        let d4 = amplitude(Note.frequency(midi: 62), from: onFirstBeat, count: 12_000)
        XCTAssertGreaterThan(c4, 0.1, "C4 on the first beat")
        XCTAssertLessThan(d4, c4 / 5, "C4, not D4, on the first beat")

        let text = try String(contentsOfFile: take, encoding: .utf8)
        XCTAssertTrue(text.contains("# play-along: \(URL(fileURLWithPath: score).standardizedFileURL.path)"), text)
        XCTAssertTrue(text.contains("# play-along-start: "), text)
        let report = try ProcessRunner.run(binary, ["--report", take])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("play-along with Scale: "), report.stdout)
        XCTAssertTrue(report.stdout.contains("(4 of 4 notes reached, 4 held)"), report.stdout)
        XCTAssertFalse(report.stdout.contains("taken to start at the first sound"), "the take says where the score began")
    }
}
