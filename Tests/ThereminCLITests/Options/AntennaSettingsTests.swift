import XCTest
@testable import ThereminCLI
import ThereminCore

/// `--pitch-law antenna` and its options: the rod's side (right, or left for a left-handed player), the field, the
/// volume loop given to the volume hand, and the combinations refused.
final class AntennaSettingsTests: XCTestCase {
    private let replay = ["--replay", "t.csv"]

    func testTheRodStandsOnThePitchHandsSide() throws {
        let plain = try Settings(arguments: replay + ["--pitch-law", "antenna"])
        XCTAssertEqual(plain.mapping.law, .antenna)
        XCTAssertEqual(plain.mapping.antenna, AntennaField(side: .right, field: AntennaField.fieldSpec.defaultValue))
        XCTAssertEqual(plain.music.handMode, .one)
        let lefty = try Settings(arguments: replay + ["--pitch-law", "ANTENNA", "--hands", "2", "--left-handed"])
        XCTAssertEqual(lefty.mapping.antenna.side, .left, "a left-handed player's rod is on the left")
        let chosen = try Settings(arguments: replay + ["--pitch-law", "antenna", "--antenna", "Left", "--antenna-field", "0.1"])
        XCTAssertEqual(chosen.mapping.antenna, AntennaField(side: .left, field: 0.1))
        XCTAssertEqual(chosen.sound.mapper.mapping, chosen.mapping, "the mapper plays the law")
    }

    func testTwoHandsPlayTheVolumeAboveTheLoop() throws {
        let settings = try Settings(arguments: replay + ["--pitch-law", "antenna", "--hands", "2", "--volume-bottom", "0.9"])
        guard case .two(let hands) = settings.music.handMode else { return XCTFail("not two hands") }
        XCTAssertEqual(hands.loop, settings.mapping.antenna)
        XCTAssertEqual(hands.volumeBottom, 0.9, "the loop lies along the zone's bottom")
        guard case .two(let linear) = try Settings(arguments: replay + ["--hands", "2"]).music.handMode else {
            return XCTFail("not two hands")
        }
        XCTAssertNil(linear.loop, "the height laws keep the linear zone")
    }

    func testOptionsThatMakeNoSenseAreRefused() {
        let cases: [([String], String)] = [
            (["--antenna", "left"], "--antenna needs --pitch-law antenna"),
            (["--pitch-law", "linear", "--antenna-field", "0.5"], "--antenna-field needs --pitch-law antenna"),
            (["--pitch-law", "antenna", "--antenna", "top"], "--antenna 'top' is not a side; use left or right"),
            (["--pitch-law", "antenna", "--antenna-field", "9"], "--antenna-field '9' is out of range"),
            (["--pitch-law", "antenna", "--hands", "2", "--antenna", "left"], "add --left-handed"),
            (["--pitch-law", "antenna", "--hands", "2", "--left-handed", "--antenna", "right"], "use --antenna left"),
        ]
        for (arguments, expected) in cases {
            XCTAssertThrowsError(try Settings(arguments: replay + arguments), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(expected), "\(arguments): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
        }
    }
}
