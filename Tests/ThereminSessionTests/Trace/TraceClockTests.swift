import XCTest
import ThereminCore
import ThereminSession

final class TraceClockTests: XCTestCase {
    func testTraceTimeStartsAtTheFirstFrameAndNeverGoesNegative() {
        var clock = TraceClock()
        XCTAssertEqual(clock.time(ofCapture: 1234.5), 0)
        XCTAssertEqual(clock.time(ofCapture: 1234.75), 0.25, accuracy: 1e-12)
        XCTAssertEqual(clock.time(ofCapture: 1234), 0, "a frame stamped before the first one")
    }

    func testRebasingStampsEveryHand() {
        var clock = TraceClock()
        _ = clock.rebase(HandsFrame(t: 10, hands: [.absent(at: 10)]))
        let frame = clock.rebase(HandsFrame(t: 10.5, hands: [HandSample(t: 10.5, x: 0.2, y: 0.3, present: true),
                                                            .absent(at: 10.5)]))
        XCTAssertEqual(frame.t, 0.5)
        XCTAssertEqual(frame.hands.map(\.t), [0.5, 0.5])
        XCTAssertEqual(frame.hands[0].x, 0.2)
    }
}
