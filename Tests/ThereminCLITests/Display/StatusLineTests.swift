import XCTest
@testable import ThereminCLI

final class StatusLineTests: XCTestCase {
    func testShowsTimeNoteCentsFrequencyAndLevel() {
        let text = StatusLine.text(time: 65.25, frequency: 446, level: 0.5)
        XCTAssertEqual(text, "1:05.2  A4    +23¢   446.00 Hz  level [#####.....]")
    }

    func testSilenceShowsNoNote() {
        let text = StatusLine.text(time: nil, frequency: 300, level: 0)
        XCTAssertTrue(text.hasPrefix("--"), text)
        XCTAssertFalse(text.contains("Hz") && text.contains("300"), text)
    }
}
