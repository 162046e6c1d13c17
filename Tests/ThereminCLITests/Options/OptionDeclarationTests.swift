import XCTest
@testable import ThereminCLI
import ThereminAudio

/// What an option's declaration says is what the program does: every declared choice is accepted by the settings,
/// a word outside them is refused, and presets keep exactly the options declared for them.
final class OptionDeclarationTests: XCTestCase {
    private let noPresets = ["XDG_CONFIG_HOME": "/nonexistent-theremin-test"]
    /// Options that only make sense beside others.
    private let context = ["--midi-volume": ["--replay", "take.csv", "--midi-file", "take.mid"],
                           "--midi-mode": ["--replay", "take.csv", "--midi-file", "take.mid"],
                           "--midi-slide": ["--replay", "take.csv", "--midi-file", "take.mid", "--midi-mode", "mpe"],
                           "--antenna": ["--pitch-law", "antenna"]]

    func testEveryDeclaredChoiceIsAcceptedAndOthersAreNot() throws {
        var checked = 0
        for spec in OptionTable.all {
            guard case .choices(let words) = spec.values else { continue }
            XCTAssertFalse(words.isEmpty, spec.name)
            for word in words {
                XCTAssertNoThrow(try Settings(arguments: [spec.name, word] + (context[spec.name] ?? []),
                                              applyingPresetsFrom: noPresets), "\(spec.name) \(word)")
                checked += 1
            }
            XCTAssertThrowsError(try Settings(arguments: [spec.name, "no-such-choice"] + (context[spec.name] ?? []),
                                              applyingPresetsFrom: noPresets)) { error in
                XCTAssertTrue("\(error)".contains("no-such-choice"), "\(spec.name): \(error)")
            }
        }
        XCTAssertGreaterThan(checked, 20, "the table declares its choices")
    }

    func testPresetsKeepTheSoundAndNotTheMachine() {
        let kept = Set(OptionTable.all.filter(PresetOptions.isStorable).map(\.name))
        for machine in ["--audio-device", "--rate", "--period", "--midi-out", "--midi-file", "--mute-cues",
                        "--camera", "--record", "--output", "--replay"] {
            XCTAssertFalse(kept.contains(machine), machine)
        }
        for sound in ["--wave", "--glide", "--effect", "--low", "--scale", "--hands", "--backing-volume", "--midi-volume"] {
            XCTAssertTrue(kept.contains(sound), sound)
        }
    }

    /// The `[default: …]` of `--help` is derived from the declared default value: read back through the option's
    /// own parser it gives that value, and the settings start from it.
    func testTheHelpShowsTheDeclaredDefaultAndTheSettingsUseIt() throws {
        func roundTrip<V: Equatable>(_ option: Option<V>, file: StaticString = #filePath, line: UInt = #line) throws {
            let text = try XCTUnwrap(option.spec.defaultText, option.name, file: file, line: line)
            XCTAssertEqual(try option.parse(text), option.defaultValue, option.name, file: file, line: line)
        }
        for option in [Options.volume, Options.glide, Options.fade, Options.minCutoff, Options.beta,
                       Options.derivativeCutoff, Options.brightness, Options.correct, Options.volumeTop,
                       Options.volumeBottom, Options.backingVolume, Options.minHold, Options.antennaField] {
            try roundTrip(option)
        }
        for option in [Options.rate, Options.trackerThreads, Options.octave, Options.hands, Options.midiChannel,
                       Options.midiBendRange] {
            try roundTrip(option)
        }
        try roundTrip(Options.wave)
        try roundTrip(Options.pitchLaw)
        try roundTrip(Options.tracker)
        try roundTrip(Options.midiVolume)
        try roundTrip(Options.root)
        try roundTrip(Options.audioDevice)
        let settings = try Settings(arguments: [], applyingPresetsFrom: noPresets)
        XCTAssertEqual(settings.voice.volume, Options.volume.defaultValue)
        XCTAssertEqual(settings.voice.waveform, Options.wave.defaultValue)
        XCTAssertEqual(settings.sampleRate, Options.rate.defaultValue)
        XCTAssertNil(settings.periodMilliseconds, "no --period: chosen when the device opens")
        XCTAssertEqual(settings.periodFrames, PlaybackRequest.automaticPeriodFrames(sampleRate: settings.sampleRate))
        XCTAssertEqual(settings.mapping.low, Options.low.defaultValue)
        XCTAssertEqual(settings.mapping.high, Options.high.defaultValue)
        XCTAssertEqual(settings.trackerThreads, Options.trackerThreads.defaultValue)
        XCTAssertEqual(Options.low.spec.defaultText, "A3 (220 Hz)")
        XCTAssertEqual(Options.size.spec.defaultText, "chosen", "the camera mode chooser picks the size")
    }

    /// The files a run writes are tagged where they are declared, and the checks of written files find them: a
    /// --midi-file that is a folder is refused, and an --output that is the trace being replayed.
    func testWrittenFilesAreTaggedInTheTable() throws {
        let tagged = Dictionary(uniqueKeysWithValues: OptionTable.all.compactMap { spec in spec.writes.map { (spec.name, $0) } })
        XCTAssertEqual(Set(tagged.keys), ["--record", "--output", "--loop-out", "--midi-file", "--plot"])
        XCTAssertEqual(tagged["--record"], .take, "a take is written under its own name, never renamed over a file")
        XCTAssertThrowsError(try Settings(arguments: ["--replay", "t.csv", "--midi-file", "/tmp"])) { error in
            XCTAssertEqual((error as? UsageError)?.options, ["--midi-file"], "\(error)")
        }
        XCTAssertThrowsError(try Settings(arguments: ["--replay", "t.csv", "--output", "t.csv"])) { error in
            XCTAssertEqual((error as? UsageError)?.options, ["--output", "--replay"], "\(error)")
        }
    }
}
