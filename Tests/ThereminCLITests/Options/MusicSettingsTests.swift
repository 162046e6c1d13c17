import XCTest
@testable import ThereminCLI
import ThereminCore

final class MusicSettingsTests: XCTestCase {
    func testDefaultsPlayContinuouslyWithOneHand() throws {
        let settings = try Settings(arguments: [])
        XCTAssertTrue(settings.music.correction.isOff)
        XCTAssertEqual(settings.music.octave, 0)
        XCTAssertEqual(settings.music.handMode, .one)
        XCTAssertTrue(settings.voice.vibrato.isOff)
    }

    func testMusicOptionsParse() throws {
        let settings = try Settings(arguments: ["--correct", "60", "--scale", "blues", "--root", "Bb", "--octave", "-1",
                                                "--hands", "2", "--left-handed", "--volume-bottom", "0.9",
                                                "--wave", "theremin", "--brightness", "0.6", "--vibrato", "5.5,15",
                                                "--effect", "lowpass:cutoff=1500,resonance=2", "--effect", "delay"])
        XCTAssertEqual(settings.music.correction, PitchCorrection(scale: .blues, root: 10, amount: 60))
        XCTAssertEqual(settings.music.octave, -1)
        XCTAssertEqual(settings.music.handMode, .two(TwoHandSettings(leftHanded: true, volumeTop: 0.2, volumeBottom: 0.9)))
        XCTAssertEqual(settings.voice.waveform, .theremin)
        XCTAssertEqual(settings.voice.brightness, 0.6)
        XCTAssertEqual(settings.voice.vibrato, VibratoSettings(rate: 5.5, depth: 15))
        XCTAssertEqual(settings.effects, [.lowpass(LowPassSettings(cutoff: 1500, resonance: 2)), .delay(DelaySettings())])
        XCTAssertEqual(try Settings(arguments: ["--octave", "+2"]).music.octave, 2)
    }

    func testBadMusicValuesNameTheOptionAndWhatIsAccepted() {
        let cases: [([String], String)] = [
            (["--scale", "bebop"], "--scale 'bebop' is unknown; use one of chromatic, major"),
            (["--correct", "150"], "--correct '150' is out of range; use a number from 0 to 100 %"),
            (["--correct", "-5"], "out of range"),
            (["--root", "H"], "--root 'H' is not a note name"),
            (["--octave", "4"], "--octave '4' is out of range"),
            (["--octave", "1.5"], "whole number"),
            (["--hands", "3"], "--hands '3' is not supported; use 1 or 2"),
            (["--left-handed"], "--left-handed needs --hands 2"),
            (["--hands", "2", "--volume-top", "0.9", "--volume-bottom", "0.5"], "must be above"),
            (["--brightness", "2"], "--brightness '2' is out of range"),
            (["--vibrato", "fast"], "is not RATE,DEPTH"),
            (["--vibrato", "50,10"], "rate 50 Hz is out of range"),
            (["--vibrato", "5,500"], "depth 500 cents is out of range"),
            (["--effect", "lowpass:cutoff=5"], "outside"),
            (["--effect", "lowpass:q=2"], "unknown parameter 'q'; use cutoff, resonance"),
        ]
        for (arguments, expected) in cases {
            XCTAssertThrowsError(try Settings(arguments: arguments), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(expected), "\(arguments): \(error)")
            }
        }
    }
}
