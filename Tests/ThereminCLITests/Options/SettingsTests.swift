import XCTest
@testable import ThereminCLI
import ThereminCapture
import ThereminAudio
import ThereminCore

final class SettingsTests: XCTestCase {
    func testDefaultsAreTheDocumentedOnes() throws {
        let settings = try Settings(arguments: [])
        XCTAssertEqual(settings.mode, .play)
        XCTAssertEqual(settings.audioDevice, "default")
        XCTAssertEqual(settings.mapping, Mapping(law: .linear, low: 220, high: 440))
        XCTAssertEqual(settings.voice, VoiceSettings(pitchGlide: 1), "the pitch glides in 1 ms, the volume in 4")
        XCTAssertEqual(try Settings(arguments: ["--glide", "7"]).voice, VoiceSettings(glide: 7), "--glide sets both")
        let steady = try Settings(arguments: ["--response", "steady"]).voice
        XCTAssertEqual(steady.glide, 12)
        XCTAssertEqual(steady.pitchGlide, 12)
        XCTAssertEqual(settings.periodFrames, RealtimeScheduling.isAvailable ? 128 : 240)
        XCTAssertEqual(try Settings(arguments: ["--period", "5"]).periodFrames, 240)
        XCTAssertTrue(settings.effects.isEmpty)
        XCTAssertEqual(settings.trackerThreads, 1)
        XCTAssertEqual(try Settings(arguments: ["--tracker-threads", "2"]).trackerThreads, 2)
        XCTAssertNil(settings.frameSize, "the camera mode is chosen")
        XCTAssertNil(settings.mains, "guessed from the time zone")
        XCTAssertEqual(try Settings(arguments: ["--mains", "60"]).mains, .hz60)
        XCTAssertEqual(try Settings(arguments: ["--mains", "50Hz"]).mains, .hz50)
        XCTAssertEqual(try Settings(arguments: ["--camera-format", "mjpg"]).cameraFormat, .mjpeg)
    }

    func testValuesAreParsedInEveryForm() throws {
        let settings = try Settings(arguments: ["--replay", "t.csv", "-o", "x.wav", "--low=C3", "--high", "880Hz",
                                                "--pitch-law", "exponential", "-w", "SAW", "--effect", "delay:time=120,mix=0.5",
                                                "--effect", "echo", "--beta", "0.5", "--rate", "44100"])
        XCTAssertEqual(settings.mode, Settings.Mode(.replay, operand: "t.csv"))
        XCTAssertEqual(settings.output, "x.wav")
        XCTAssertEqual(settings.mapping.low, Note.frequency(midi: 48), accuracy: 1e-9)
        XCTAssertEqual(settings.mapping.high, 880)
        XCTAssertEqual(settings.mapping.law, .exponential)
        XCTAssertEqual(settings.voice.waveform, .saw)
        XCTAssertEqual(settings.effects, [.delay(DelaySettings(time: 120, feedback: 0.35, mix: 0.5)), .delay(DelaySettings())])
        // A One Euro option chooses the One Euro filter (--response steady) and its 12 ms glide.
        XCTAssertEqual(settings.smoothing, .oneEuro(OneEuroSettings(beta: 0.5)))
        XCTAssertEqual(settings.voice.glide, 12)
        XCTAssertEqual(settings.sampleRate, 44_100)
    }

    func testTheExpressiveResponseIsTheDefaultAndRefusesOneEuroOptions() throws {
        let settings = try Settings(arguments: ["--replay", "t.csv"])
        XCTAssertEqual(settings.smoothing, .expressive)
        XCTAssertEqual(settings.voice.glide, VoiceSettings.glideSpec.defaultValue)
        XCTAssertEqual(try Settings(arguments: ["--replay", "t.csv", "--response", "steady"]).smoothing, .steady)
        XCTAssertThrowsError(try Settings(arguments: ["--replay", "t.csv", "--response", "expressive", "--beta", "3"]))
        XCTAssertThrowsError(try Settings(arguments: ["--replay", "t.csv", "--response", "jumpy"]))
    }

    func testBadValuesNameTheOptionAndWhatIsAccepted() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus'"),
            (["--replay"], "--replay needs a value"),
            (["--wave", "organ"], "is not a waveform"),
            (["--volume", "2"], "out of range"),
            (["--volume", "abc"], "out of range"),
            (["--glide", "nan"], "out of range"),
            (["--low", "H9"], "is not a note"),
            (["--low", "A4", "--high", "A3"], "must be below"),
            (["--pitch-law", "cubic"], "use linear, exponential or antenna"),
            (["--effect", "chorus"], "is unknown"),
            (["--effect", "delay:feedback=2"], "outside"),
            (["--effect", "delay:speed=2"], "unknown parameter"),
            (["--rate", "96000"], "use 48000 or 44100"),
            (["--size", "big"], "not a frame size"),
            (["--fps", "0"], "not a frame rate"),
            (["--tracker", "magic"], "use neural or classic"),
            (["--tracker-threads", "0"], "not a thread count from 1 to 16"),
            (["--tracker-threads", "two"], "not a thread count"),
            (["--mains", "55"], "--mains '55' is not a mains frequency; use 50 or 60"),
            (["--main", "50"], "unknown option '--main' (did you mean '--mains'?)"),
            (["--camera-format", "H264"], "--camera-format 'H264' is not a camera format theremin decodes; use MJPG, YUYV, BGR3"),
            (["--output", "x.wav"], "--output needs --replay"),
            (["--replay", "a", "--input", "b"], "cannot be combined"),
            (["--replay", "a", "--record", "b"], "does not apply"),
            (["--volume", "0.5", "--volume", "0.6"], "more than once"),
            (["stray"], "unexpected argument"),
            (["--json"], "--json only applies"),
        ]
        for (arguments, expected) in cases {
            XCTAssertThrowsError(try Settings(arguments: arguments), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(expected), "\(arguments): \(error)")
            }
        }
    }

    func testHelpListsEveryOptionWithItsDefault() {
        let help = HelpText.render()
        for spec in OptionTable.all {
            XCTAssertTrue(help.contains(spec.name), spec.name)
            if let value = spec.defaultText { XCTAssertTrue(help.contains("[default: \(value)]"), spec.name) }
        }
    }
}
