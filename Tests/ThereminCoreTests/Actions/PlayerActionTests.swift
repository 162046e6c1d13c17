import XCTest
import ThereminCore

/// The actions' written form (a mapping file, an OSC address, a take) reads back as the same action.
final class PlayerActionTests: XCTestCase {
    func testEveryActionReadsBackFromItsText() {
        let all: [PlayerAction] = [.nextPreset, .previousPreset, .preset(3), .mute, .nextWaveform, .loop, .undoLayer,
                                   .clearLoop, .recalibrate, .correction(50), .correction(33.07086614173228),
                                   .octaveUp, .octaveDown, .takeBack]
        for action in all {
            XCTAssertEqual(PlayerAction(text: action.text), action, action.text)
        }
        XCTAssertEqual(Set(all.map { $0.text.split(separator: " ")[0] }).count, PlayerAction.allNames.count)
    }

    func testValuesOutOfRangeOrMissingAreRefused() {
        for text in ["preset", "preset 0", "preset x", "correction", "correction 101", "correction -1", "mute 1",
                     "jump", "", "preset 1 2"] {
            XCTAssertNil(PlayerAction(text: text), text)
        }
    }

    func testTheControlSideMovesTheRegisterAndTheCorrectionWithinBounds() {
        var mapper = ControlMapper()
        for _ in 0..<5 { mapper.apply(.octaveUp) }
        XCTAssertEqual(mapper.octave, 3)
        mapper.apply(.octaveDown)
        XCTAssertEqual(mapper.octave, 2)
        mapper.apply(.correction(70))
        XCTAssertEqual(mapper.correction.amount, 70)
        mapper.apply(.mute)
        XCTAssertEqual(mapper.octave, 2, "mute is the sound's, not the mapping's")
    }
}
