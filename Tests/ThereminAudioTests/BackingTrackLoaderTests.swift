import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// Backing tracks through the real libsndfile and libsamplerate, and the stereo mix through ALSA's file plugin.
final class BackingTrackLoaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("backing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Writes a stereo file: `leftHz` on the left, `rightHz` on the right, amplitude 0.5.
    private func writeTone(_ name: String, rate: Int, seconds: Double, leftHz: Double, rightHz: Double) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let writer = try SoundFileWriter(path: path, sampleRate: rate, channels: 2)
        let frames = Int(seconds * Double(rate))
        var samples = [Float](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            samples[2 * i] = Float(0.5 * sin(2 * Double.pi * leftHz * Double(i) / Double(rate)))
            samples[2 * i + 1] = Float(0.5 * sin(2 * Double.pi * rightHz * Double(i) / Double(rate)))
        }
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        return path
    }

    func testA44kFileIsResampledTo48kKeepingPitchLengthAndLevel() throws {
        let path = try writeTone("cd.flac", rate: 44_100, seconds: 1, leftHz: 440, rightHz: 1_000)
        let track = try BackingTrackLoader.load(path: path, sampleRate: 48_000, loops: false)
        XCTAssertEqual(track.passFrames, 48_000, accuracy: 2, "one second at the new rate")
        let mixer = StereoMixer(source: ScheduledRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()),
                                                          schedule: [], totalFrames: 48_000),
                                backing: BackingPlayer(track: track, volume: 1))
        var left = [Float](repeating: 0, count: 48_000), right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in mixer.renderStereo(left: l.baseAddress!, right: r.baseAddress!, frames: 48_000) }
        }
        let leftHz = SignalMeasurements.zeroCrossingFrequency(left[4_800..<43_200], sampleRate: 48_000) ?? 0
        let rightHz = SignalMeasurements.zeroCrossingFrequency(right[4_800..<43_200], sampleRate: 48_000) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(leftHz, 440)), 0.1)
        XCTAssertLessThan(abs(SignalMeasurements.cents(rightHz, 1_000)), 0.1)
        XCTAssertEqual(SignalMeasurements.rms(left[4_800..<43_200]), 0.5 / 2.0.squareRoot(), accuracy: 0.002)
    }

    func testUnreadableBackingFilesAreClearErrors() throws {
        let text = directory.appendingPathComponent("notes.txt").path
        _ = FileManager.default.createFile(atPath: text, contents: Data("not audio".utf8))
        for (path, expected) in [("/no/such/file.wav", "does not exist"), (text, "cannot be read as sound")] {
            XCTAssertThrowsError(try BackingTrackLoader.load(path: path, sampleRate: 48_000, loops: true)) { error in
                XCTAssertTrue("\(error)".hasPrefix("sound file \(path): \(expected)"), "\(error)")
            }
        }
    }

    func testTheStereoMixReachesALSAWithTheBackingOnItsSidesAndACue() throws {
        let path = try writeTone("band.wav", rate: 48_000, seconds: 2, leftHz: 300, rightHz: 600)
        let track = try BackingTrackLoader.load(path: path, sampleRate: 48_000, loops: true)
        let engine = SynthEngine(sampleRate: 48_000, voice: VoiceSettings(volume: 1))
        let schedule = [TimedControl(sampleIndex: 0, control: Control(frequency: 450, amplitude: 1, gate: true))]
        let theremin = ScheduledRenderer(engine: engine, schedule: schedule, totalFrames: 48_000)
        let cues = CuePlayer(sampleRate: 48_000, volume: 1)
        let mixer = StereoMixer(source: theremin, backing: BackingPlayer(track: track, volume: 0.5), cues: cues)
        cues.play(.calibrationPoint)
        let (device, capture) = ALSATestEnvironment.shared.captureDevice(named: "mix")
        let output = try AudioOutput(request: PlaybackRequest(device: device))
        XCTAssertEqual(output.format.channels, 2)
        output.start(mixer)
        try output.wait()
        let left = try ALSATestEnvironment.readFloatCapture(path: capture, channels: 2, channel: 0)
        let right = try ALSATestEnvironment.readFloatCapture(path: capture, channels: 2, channel: 1)
        let rate = 48_000.0
        let window = 9_600..<33_600
        XCTAssertEqual(SignalMeasurements.amplitude(left[window], frequency: 300, sampleRate: rate), 0.25, accuracy: 0.003)
        XCTAssertEqual(SignalMeasurements.amplitude(left[window], frequency: 600, sampleRate: rate), 0, accuracy: 0.003)
        XCTAssertEqual(SignalMeasurements.amplitude(right[window], frequency: 600, sampleRate: rate), 0.25, accuracy: 0.003)
        XCTAssertEqual(SignalMeasurements.amplitude(right[window], frequency: 450, sampleRate: rate), 1, accuracy: 0.01)
        // The calibration blip (E6, 1318.5 Hz) sounds in the first 90 ms and is gone after.
        let blip = Note.frequency(midi: 88)
        XCTAssertGreaterThan(SignalMeasurements.amplitude(left[0..<2_400], frequency: blip, sampleRate: rate), 0.1)
        XCTAssertLessThan(SignalMeasurements.amplitude(left[window], frequency: blip, sampleRate: rate), 0.003)
    }
}
