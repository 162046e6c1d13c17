import XCTest
@testable import ThereminCLI

/// The looper's keys: bound in the terminal and the window, each to one thing, and listed in the help.
final class LooperKeysTests: XCTestCase {
    func testTheLooperKeysAreBoundAndListedInTheHelp() {
        XCTAssertEqual(KeyboardInput.action(for: 108), .loop)
        XCTAssertEqual(KeyboardInput.action(for: 76), .loop, "L as well")
        XCTAssertEqual(KeyboardInput.action(for: 117), .undoLayer)
        XCTAssertEqual(KeyboardInput.action(for: 120), .clearLoop)
        XCTAssertEqual(KeyboardInput.action(for: 113), .quit, "the existing keys keep their meaning")
        let codes = KeyBindings.all.flatMap(\.codes)
        XCTAssertEqual(codes.count, Set(codes).count, "no key does two things")
        let help = HelpText.render()
        for line in ["  l       looper: record a phrase", "  u       looper: undo the last layer", "  x       looper: clear the loop"] {
            XCTAssertTrue(help.contains(line), "--help lists '\(line)'")
        }
    }
}
