import XCTest
import ThereminCore

/// The looper's state in words, as the terminal line and the preview show it.
final class LoopTextTests: XCTestCase {
    private func status(_ state: LoopState, layers: Int, length: Double, position: Double, full: Bool = false) -> LoopStatus {
        var status = LoopStatus()
        status.state = state
        status.layers = layers
        status.length = length
        status.position = position
        status.full = full
        return status
    }

    func testEachStateSaysWhatTheLooperDoesTheLayersAndWhere() {
        XCTAssertNil(LoopText.describe(nil), "no looper: nothing")
        XCTAssertNil(LoopText.describe(LoopStatus()), "an empty looper says nothing")
        XCTAssertEqual(LoopText.describe(status(.recording, layers: 1, length: 2.04, position: 2.04)),
                       "loop: recording 2.0 s (l closes it)")
        XCTAssertEqual(LoopText.describe(status(.playing, layers: 2, length: 4, position: 1.25)),
                       "loop: playing 2 layers 1.2/4.0 s")
        XCTAssertEqual(LoopText.describe(status(.overdubbing, layers: 3, length: 4, position: 3.5)),
                       "loop: overdubbing layer 3 3.5/4.0 s")
        XCTAssertEqual(LoopText.describe(status(.playing, layers: 4, length: 4, position: 0, full: true)),
                       "loop: playing 4 layers 0.0/4.0 s (full: u to undo one)")
    }
}
