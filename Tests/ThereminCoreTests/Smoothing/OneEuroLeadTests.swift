import XCTest
import ThereminCore

/// The lead: the input that makes the One Euro filter's output a chosen value, as the demo's hand uses it.
final class OneEuroLeadTests: XCTestCase {
    func testTheLedInputMakesTheOutputTheTarget() {
        var filter = OneEuroFilter()
        _ = filter.filter(0.5, at: 0)
        _ = filter.filter(0.5, at: 1.0 / 30)
        var copy = filter
        let input = filter.lead(to: 0.35, at: 2.0 / 30)
        XCTAssertLessThan(input, 0.35, "the hand goes further than the value it aims at")
        XCTAssertEqual(copy.filter(input, at: 2.0 / 30), 0.35, accuracy: 1e-12, "the output is the target")
        // The filter took the input: held there, the output stays put.
        XCTAssertEqual(filter.lead(to: 0.35, at: 3.0 / 30), 0.35, accuracy: 1e-9)
    }

    func testATargetOutOfReachGetsTheNearestBound() {
        var filter = OneEuroFilter(settings: OneEuroSettings(minCutoff: 0.01, beta: 0, derivativeCutoff: 1))
        _ = filter.filter(0.5, at: 0)
        XCTAssertEqual(filter.lead(to: 0, at: 1.0 / 30), 0, "heavy smoothing cannot reach 0 in one frame")
    }
}
