import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// The vibrato fit: it finds a swing's rate, position and slope through the tracker's noise, and leaves leaps,
/// glides and still hands alone.
final class SwingFitTests: XCTestCase {
    func noise(_ sigma: Double, _ generator: inout SeededGenerator) -> Double {
        let u = max(Double.random(in: 0..<1, using: &generator), 1e-12), v = Double.random(in: 0..<1, using: &generator)
        return sigma * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// The fit after `seconds` of `path` sampled at `rate` fps with noise σ.
    func fit(_ path: (Double) -> Double, rate: Double, sigma: Double, seconds: Double = 1) -> (SwingFit.Fit?, Double) {
        var fitter = SwingFit()
        var generator = SeededGenerator(seed: 11)
        var t = 0.0
        for k in 0..<Int(seconds * rate) {
            t = Double(k) / rate
            fitter.add(path(t) + noise(sigma, &generator), at: t)
        }
        return (fitter.fit(at: t, noise: max(sigma, 0.0002)), t)
    }

    func testAVibratoIsFoundAtItsRatePositionAndSlope() {
        for (hz, fps) in [(3.0, 60.0), (6.0, 60.0), (6.0, 30.0), (8.0, 30.0)] {
            let omega = 2 * Double.pi * hz
            let vibrato = { (t: Double) in 0.5 + 0.02 * sin(omega * t) }
            let (found, t) = fit(vibrato, rate: fps, sigma: 0.0005)
            guard let found else { return XCTFail("\(hz) Hz at \(fps) fps: no swing found") }
            XCTAssertEqual(found.path.rate / (2 * .pi), hz, accuracy: 0.1, "\(hz) Hz at \(fps) fps")
            XCTAssertEqual(found.value, vibrato(t), accuracy: 0.001, "\(hz) Hz at \(fps) fps: position")
            XCTAssertEqual(found.slope, 0.02 * omega * cos(omega * t), accuracy: 0.02 * omega * 0.1,
                           "\(hz) Hz at \(fps) fps: slope")
        }
    }

    func testLeapsGlidesAndStillHandsAreNotSwings() {
        let leap = { (t: Double) -> Double in
            let s = min(max((t - 0.7) / 0.05, 0), 1)
            return 0.4 + 0.2 * (10 * s * s * s - 15 * s * s * s * s + 6 * s * s * s * s * s)
        }
        XCTAssertNil(fit(leap, rate: 60, sigma: 0.0005).0, "a leap")
        XCTAssertNil(fit({ 0.3 + 0.2 * $0 }, rate: 60, sigma: 0.0005).0, "a glide")
        XCTAssertNil(fit({ _ in 0.5 }, rate: 60, sigma: 0.0005).0, "a still hand")
        XCTAssertNil(fit({ _ in 0.5 }, rate: 30, sigma: 0.002).0, "a still hand in dim light")
    }
}
