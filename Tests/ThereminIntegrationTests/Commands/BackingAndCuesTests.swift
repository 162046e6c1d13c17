import XCTest
import Foundation
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// End to end: `--backing` on the replay path and the offline `--input` path (one render set-up), and the cue mute
/// state remembered in config.json.
final class BackingAndCuesTests: BinaryTestCase {
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }
    private var configPath: String { directory.appendingPathComponent("config/theremin/config.json").path }

    private func trace() -> String {
        let path = directory.appendingPathComponent("t.csv").path
        var text = "t,x,y,present\n"
        for i in 0...30 { text += "\(Double(i) / 30),0.5,0,1\n" }
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testOfflineRenderMixesTheBackingTrackUnderTheTheremin() throws {
        let band = directory.appendingPathComponent("band.ogg").path
        let writer = try SoundFileWriter(path: band, sampleRate: 44_100, channels: 1)
        let tone = (0..<22_050).map { Float(0.5 * sin(2 * Double.pi * 150 * Double($0) / 44_100)) }
        try tone.withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        let out = directory.appendingPathComponent("mix.wav").path
        let result = try ProcessRunner.run(binary, ["--replay", trace(), "--output", out, "--backing", band, "--loop",
                                                    "--backing-volume", "0.4", "--volume", "1"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let audio = try SoundFileContents(path: out)
        let left = stride(from: 0, to: audio.samples.count, by: 2).map { audio.samples[$0] }
        let window = left[9_600..<43_200]
        XCTAssertEqual(SignalMeasurements.amplitude(window, frequency: 150, sampleRate: 48_000), 0.2, accuracy: 0.01,
                       "Vorbis at 44.1 kHz, looped, resampled, at 0.4")
        XCTAssertEqual(SignalMeasurements.amplitude(window, frequency: 440, sampleRate: 48_000), 0.5, accuracy: 0.01, "the theremin")
    }

    /// `--input` rendered offline goes through the same render set-up as `--replay`: the backing track is mixed
    /// (it used to be dropped without a word). A hand-free clip keeps the theremin silent, so only the band sounds.
    func testOfflineInputRenderMixesTheBackingTrackToo() throws {
        try TestMedia.requireFFmpeg()
        let clip = directory.appendingPathComponent("grey.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=96x72:rate=10", "-t", "1", "-pix_fmt", "yuv420p",
                                 clip])
        let band = directory.appendingPathComponent("band.wav").path
        try SoundFile.writeMono16(Tones.sine(150, amplitude: 0.5, count: 48_000, rate: 48_000), sampleRate: 48_000,
                                  to: band)
        let out = directory.appendingPathComponent("mix.wav").path
        let result = try ProcessRunner.run(binary, ["--input", clip, "--output", out, "--backing", band,
                                                    "--backing-volume", "0.4", "--tracker", "classic"],
                                           environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let audio = try SoundFileContents(path: out)
        let left = stride(from: 0, to: audio.samples.count, by: 2).map { audio.samples[$0] }
        XCTAssertGreaterThan(left.count, 24_000, "about a second of sound")
        XCTAssertEqual(SignalMeasurements.amplitude(left[4_800..<24_000], frequency: 150, sampleRate: 48_000), 0.2,
                       accuracy: 0.01, "the backing track at 0.4")
    }

    func testBadBackingOptionsExitTwo() throws {
        let t = trace()
        let out = directory.appendingPathComponent("x.wav").path
        for (options, expected) in [(["--backing", "/no/such.flac"], "sound file /no/such.flac: does not exist"),
                                    (["--backing", t], "cannot be read as sound"),
                                    (["--loop"], "--loop needs --backing FILE"),
                                    (["--backing-volume", "3"], "out of range"),
                                    (["--mute-cues", "--unmute-cues"], "contradict")] {
            let result = try ProcessRunner.run(binary, ["--replay", t, "--output", out] + options, environment: environment)
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }

    func testMuteStateIsRememberedAndACorruptConfigIsReportedAndIgnored() throws {
        let t = trace()
        let out = directory.appendingPathComponent("x.wav").path
        var result = try ProcessRunner.run(binary, ["--mute-cues", "--replay", t, "--output", out], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as? [String: Any]
        XCTAssertEqual(saved?["version"] as? Int, 1)
        XCTAssertEqual(saved?["cuesMuted"] as? Bool, true)

        // Other keys survive a save; unmuting is remembered too.
        try Data("{\"version\": 1, \"cuesMuted\": true, \"calibration\": {\"top\": 0.1}}".utf8).write(to: URL(fileURLWithPath: configPath))
        result = try ProcessRunner.run(binary, ["--unmute-cues", "--replay", t, "--output", out], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as? [String: Any]
        XCTAssertEqual(again?["cuesMuted"] as? Bool, false)
        XCTAssertEqual((again?["calibration"] as? [String: Any])?["top"] as? Double, 0.1)

        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: configPath))
        result = try ProcessRunner.run(binary, ["--mute-cues", "--replay", t, "--output", out], environment: environment)
        XCTAssertEqual(result.status, 0, "a corrupt config is not fatal: \(result.stderr)")
        XCTAssertEqual(result.stderr, "theremin: warning: \(configPath) is not valid JSON; using the defaults (it is replaced when a setting is saved)\n")
        let replaced = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as? [String: Any]
        XCTAssertEqual(replaced?["cuesMuted"] as? Bool, true)
    }
}
