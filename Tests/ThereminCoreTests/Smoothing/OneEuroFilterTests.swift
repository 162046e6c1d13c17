import XCTest
import ThereminCore

final class OneEuroFilterTests: XCTestCase {
    /// Deterministic pseudo-noise in [-1, 1].
    private func noise(_ i: Int) -> Double {
        let x = sin(Double(i) * 12.9898) * 43_758.5453
        return (x - x.rounded(.down)) * 2 - 1
    }

    func testJitterOfAStillHandIsReduced() {
        var filter = OneEuroFilter()
        var rawSpread = 0.0, filteredSpread = 0.0
        for i in 0..<300 {
            let raw = 0.5 + 0.005 * noise(i)
            let out = filter.filter(raw, at: Double(i) / 30)
            if i > 30 {
                rawSpread += (raw - 0.5) * (raw - 0.5)
                filteredSpread += (out - 0.5) * (out - 0.5)
            }
        }
        XCTAssertLessThan(filteredSpread, rawSpread / 4, "jitter energy should drop at least fourfold")
    }

    func testFastMovementLagsLessThanWithoutSpeedAdaptation() {
        var adaptive = OneEuroFilter(settings: OneEuroSettings(minCutoff: 1, beta: 5))
        var fixed = OneEuroFilter(settings: OneEuroSettings(minCutoff: 1, beta: 0))
        var adaptiveLag = 0.0, fixedLag = 0.0
        for i in 0..<30 {
            let t = Double(i) / 30
            let value = t  // a sweep across the whole height in one second
            adaptiveLag = value - adaptive.filter(value, at: t)
            fixedLag = value - fixed.filter(value, at: t)
        }
        XCTAssertLessThan(adaptiveLag, fixedLag / 3)
        XCTAssertGreaterThanOrEqual(adaptiveLag, 0)
    }

    func testResetPassesTheNextValueThrough() {
        var filter = OneEuroFilter()
        _ = filter.filter(0.1, at: 0)
        _ = filter.filter(0.1, at: 0.1)
        filter.reset()
        XCTAssertEqual(filter.filter(0.9, at: 0.2), 0.9)
    }
}
