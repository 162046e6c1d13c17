import XCTest
import ThereminCore

/// The standard mapping as a 4-switch foot controller uses it, and mapping files with their errors.
final class MIDIActionMapTests: XCTestCase {
    private let map = MIDIActionMap.standard

    func testTheFourSwitchesInProgramOrControllerMode() {
        let expected: [PlayerAction] = [.nextPreset, .previousPreset, .loop, .mute]
        for (index, action) in expected.enumerated() {
            XCTAssertEqual(map.outcome(of: [0xC0, UInt8(index)]), .action(action, origin: "program change \(index) on channel 1"))
            XCTAssertEqual(map.outcome(of: [0xB3, UInt8(80 + index), 127]),
                           .action(action, origin: "CC \(80 + index) on channel 4"))
            // The release of a momentary switch is not a second press.
            XCTAssertEqual(map.outcome(of: [0xB0, UInt8(80 + index), 0]), .ignored)
        }
    }

    func testTheLargerBoardAndTheExpressionPedal() {
        XCTAssertEqual(map.outcome(of: [0xB0, 84, 127]), .action(.takeBack, origin: "CC 84 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 90, 100]), .action(.recalibrate, origin: "CC 90 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 11, 127]), .action(.correction(100), origin: "CC 11 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 11, 0]), .action(.correction(0), origin: "CC 11 on channel 1"))
    }

    func testUnknownMessagesAreNamedAndTheRestIgnored() {
        XCTAssertEqual(map.outcome(of: [0xB0, 7, 100]), .unmapped(what: "CC 7 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xC1, 9]), .unmapped(what: "program change 9 on channel 2"))
        XCTAssertEqual(map.outcome(of: [0x90, 60, 100]), .unmapped(what: "note 60 on channel 1"))
        for ignored: [UInt8] in [[0x80, 60, 0], [0x90, 60, 0], [0xFE], [0xF8], [0xF0, 1, 2, 0xF7], [0xE0, 0, 64], [],
                                 [0xB0, 80]] {
            XCTAssertEqual(map.outcome(of: ignored), .ignored, "\(ignored)")
        }
    }

    func testAMappingFileReplacesTheStandardOne() throws {
        let text = """
            # my board
            cc 80 take-back            # switch 1
            cc 64 mute latching
            pc any preset
            note 36 octave-up channel 10
            cc 1 correction
            cc 2 correction 40

            """
        let map = try MIDIActionMap(parsing: text, file: "board.map")
        XCTAssertEqual(map.outcome(of: [0xB0, 80, 127]), .action(.takeBack, origin: "CC 80 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 81, 127]), .unmapped(what: "CC 81 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 64, 0]), .action(.mute, origin: "CC 64 on channel 1"), "latching: every message")
        XCTAssertEqual(map.outcome(of: [0xC0, 4]), .action(.preset(5), origin: "program change 4 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0x99, 36, 90]), .action(.octaveUp, origin: "note 36 on channel 10"))
        XCTAssertEqual(map.outcome(of: [0x90, 36, 90]), .unmapped(what: "note 36 on channel 1"))
        XCTAssertEqual(map.outcome(of: [0xB0, 2, 127]), .action(.correction(40), origin: "CC 2 on channel 1"))
    }

    func testMappingFileErrorsNameTheFileAndLine() {
        let cases: [(String, Int?, String)] = [
            ("cc 80 next-preset\nxx 1 mute\n", 2, "'xx' is not a MIDI message"),
            ("cc 128 mute", 1, "'128' is not a cc number"),
            ("\n\ncc 80 jump", 3, "'jump' is not an action"),
            ("cc 80", 1, "write 'cc NUMBER ACTION'"),
            ("pc 1 mute latching", 1, "only a cc binding can be latching"),
            ("cc 80 mute channel 17", 1, "'channel' needs a MIDI channel"),
            ("cc 80 mute 3", 1, "mute takes no value"),
            ("cc 80 preset 0", 1, "does not fit preset"),
            ("cc 80 correction 120", 1, "does not fit correction"),
            ("# nothing\n", nil, "has no bindings"),
        ]
        for (text, line, expected) in cases {
            XCTAssertThrowsError(try MIDIActionMap(parsing: text, file: "board.map"), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("board.map" + (line.map { ":\($0): " } ?? ": ")), message)
                XCTAssertTrue(message.contains(expected), "\(message) should say \(expected)")
                XCTAssertFalse(message.contains("\n"), message)
                XCTAssertEqual((error as? MappingFileError)?.failureKind.exitStatus, 2)
            }
        }
    }
}
