import XCTest
@testable import ThereminCLI

/// What an option's declaration says is what the program does: every declared choice is accepted by the settings,
/// a word outside them is refused, and presets keep exactly the options declared for them.
final class OptionDeclarationTests: XCTestCase {
    private let noPresets = ["XDG_CONFIG_HOME": "/nonexistent-theremin-test"]
    /// Options that only make sense beside others.
    private let context = ["--midi-volume": ["--replay", "take.csv", "--midi-file", "take.mid"]]

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
}
