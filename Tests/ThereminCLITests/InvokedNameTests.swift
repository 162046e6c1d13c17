import XCTest
@testable import ThereminCLI

/// The command a first-run message suggests is the one the player can paste: the name when run by name, the path
/// when run by path.
final class InvokedNameTests: XCTestCase {
    func testANameIsSuggestedAsThereminAndAPathAsTyped() {
        XCTAssertEqual(InvokedName.of("theremin"), "theremin")
        XCTAssertEqual(InvokedName.of(nil), "theremin")
        XCTAssertEqual(InvokedName.of(".build/release/theremin"), ".build/release/theremin")
        XCTAssertEqual(InvokedName.of("/usr/local/bin/theremin"), "/usr/local/bin/theremin")
    }
}
