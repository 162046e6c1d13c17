import Foundation
import ThereminCore
import XCTest

/// The path a swinging hand is expected to take: a sine is followed exactly, however far ahead.
final class SwingPathTests: XCTestCase {
    func testASineIsFollowedFromItsValueAndSlope() {
        // centre 0.3 + 0.05·t, swing 0.02·sin(ωt + 0.7), seen at t = 0.
        let omega = 2 * Double.pi * 5, drift = 0.05
        let value = { (t: Double) in 0.3 + drift * t + 0.02 * sin(omega * t + 0.7) }
        let slope = drift + 0.02 * omega * cos(0.7)
        let path = SwingPath(rate: omega, offCentre: 0.02 * sin(0.7), drift: drift)
        for tau in stride(from: 0.0, through: 0.1, by: 0.01) {
            XCTAssertEqual(value(0) + path.offset(slope: slope, after: tau), value(tau), accuracy: 1e-12, "τ \(tau)")
        }
        // Half way on, the path carries on from there.
        let later = path.advanced(slope: slope, by: 0.04)
        let slopeLater = path.slope(slope, after: 0.04)
        XCTAssertEqual(slopeLater, drift + 0.02 * omega * cos(omega * 0.04 + 0.7), accuracy: 1e-12)
        XCTAssertEqual(value(0.04) + later.offset(slope: slopeLater, after: 0.03), value(0.07), accuracy: 1e-12)
    }

    func testAStraightPathGoesAlongItsSlope() {
        XCTAssertEqual(SwingPath.straight.offset(slope: 2, after: 0.03), 0.06, accuracy: 1e-15)
        XCTAssertEqual(SwingPath.straight.slope(2, after: 0.03), 2)
        XCTAssertEqual(SwingPath.straight.advanced(slope: 2, by: 0.03), .straight)
    }
}
