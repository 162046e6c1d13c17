import Foundation
import XCTest
@testable import ThereminCore

/// The voice's polynomial sin and exp2 against libm's, over their whole ranges and at the folding points.
final class FastMathTests: XCTestCase {
    func testSineOfTurnsMatchesLibmWithin5e9() {
        var worst = 0.0
        for i in 0..<200_000 {
            let t = Double(i) / 200_000
            worst = max(worst, abs(FastMath.sinTurns(t) - sin(2 * Double.pi * t)))
        }
        for t in [0.0, 0.25, 0.5, 0.75, 0.25.nextUp, 0.75.nextDown, 1.0.nextDown] {
            worst = max(worst, abs(FastMath.sinTurns(t) - sin(2 * Double.pi * t)))
        }
        XCTAssertLessThan(worst, 5e-9)
        XCTAssertEqual(FastMath.sinTurns(0.25), 1, accuracy: 5e-9)
        XCTAssertEqual(FastMath.sinTurns(0.75), -1, accuracy: 5e-9)
    }

    func testExp2MatchesLibmWithin1e8Relative() {
        var worst = 0.0
        for i in 0..<200_000 {
            let x = -20 + 40 * Double(i) / 200_000  // 1 µHz … 1 MHz in log2 Hz, and negative exponents
            worst = max(worst, abs(FastMath.exp2(x) / Foundation.exp2(x) - 1))
        }
        XCTAssertLessThan(worst, 1e-8)
        XCTAssertEqual(FastMath.exp2(log2(440)), 440, accuracy: 1e-5)
        XCTAssertEqual(FastMath.exp2(3), 8, accuracy: 1e-7)
        XCTAssertLessThan(FastMath.exp2(.nan), 1e-300, "never a trap, even for a NaN")
        XCTAssertEqual(FastMath.exp2(-0.5), 1 / 2.0.squareRoot(), accuracy: 2e-9, "negative fractions round down")
        XCTAssertEqual(FastMath.exp2(5000), FastMath.exp2(1000), "beyond the range: the value at its end")
    }
}
