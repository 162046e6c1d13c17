import XCTest
import ThereminCore

/// `--osc-in`'s addresses: a button's press and release, the two actions with values, and what is refused.
final class OSCActionsTests: XCTestCase {
    func testButtonsFireOnPressAndNotOnRelease() {
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/next-preset", arguments: []),
                       .action(.nextPreset, origin: "/theremin/next-preset"))
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/mute", arguments: [.float(1)]),
                       .action(.mute, origin: "/theremin/mute"))
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/mute", arguments: [.float(0)]), .ignored)
    }

    func testPresetAndCorrectionTakeTheirValue() {
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/preset", arguments: [.int(3)]),
                       .action(.preset(3), origin: "/theremin/preset"))
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/correction", arguments: [.float(62.5)]),
                       .action(.correction(62.5), origin: "/theremin/correction"))
        for arguments: [OSCMessage.Argument] in [[], [.int(0)], [.float(2.5)], [.string("3")]] {
            guard case .malformed = OSCActions.outcome(address: "/theremin/preset", arguments: arguments) else {
                return XCTFail("\(arguments)")
            }
        }
        guard case .malformed = OSCActions.outcome(address: "/theremin/correction", arguments: [.int(101)]) else {
            return XCTFail("101 %")
        }
    }

    func testOtherAddressesAreNotActions() {
        XCTAssertEqual(OSCActions.outcome(address: "/theremin/jump", arguments: []),
                       .unmapped(what: "OSC address /theremin/jump"))
        XCTAssertEqual(OSCActions.outcome(address: "/mute", arguments: []), .unmapped(what: "OSC address /mute"))
        guard case .malformed = OSCActions.outcome(address: "/theremin/mute", arguments: [.int(1), .int(1)]) else {
            return XCTFail("two arguments")
        }
    }
}
