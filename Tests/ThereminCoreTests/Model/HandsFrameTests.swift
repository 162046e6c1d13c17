import XCTest
import ThereminCore

/// The one choice of the hand one-hand play follows, and the slots two-hand traces keep.
final class HandsFrameTests: XCTestCase {
    private let left = HandSample(t: 2, x: 0.2, y: 0.3, present: true)
    private let right = HandSample(t: 2, x: 0.7, y: 0.6, present: true)

    func testThePrimaryHandIsTheFirstPresentSlot() {
        XCTAssertEqual(HandsFrame(t: 2, hands: [left, right]).primary, left)
        XCTAssertEqual(HandsFrame(t: 2, hands: [.absent(at: 2), right]).primary, right, "an empty first slot is skipped")
        XCTAssertEqual(HandsFrame(right).primary, right)
    }

    func testWithNoHandThePrimaryIsNoHandAtTheFramesTime() {
        XCTAssertEqual(HandsFrame(t: 2, hands: [.absent(at: 2), .absent(at: 2)]).primary, .absent(at: 2))
        XCTAssertEqual(HandsFrame(t: 3, hands: []).primary, .absent(at: 3))
    }

    func testSlotsKeepTheirPlaceAndMissingOnesAreEmpty() {
        let frame = HandsFrame(t: 2, hands: [.absent(at: 2), right])
        XCTAssertEqual(frame.slot(0), .absent(at: 2))
        XCTAssertEqual(frame.slot(1), right)
        XCTAssertEqual(HandsFrame(left).slot(1), .absent(at: 2), "a one-hand frame's second slot is empty")
    }
}
