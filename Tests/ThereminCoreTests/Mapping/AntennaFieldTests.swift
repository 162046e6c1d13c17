import XCTest
import ThereminCore

/// The virtual antenna's inverse-distance law: bounded by the range, monotonic, steeper near the antenna, and
/// inverted exactly (for note lines and calibration).
final class AntennaFieldTests: XCTestCase {
    func testTheRangeBoundsItAtTheFarEdgeAndAtTheAntenna() {
        let right = AntennaField(side: .right)
        XCTAssertEqual(right.frequency(x: 0, low: 220, high: 880), 220, accuracy: 1e-9, "far edge: --low")
        XCTAssertEqual(right.frequency(x: 1, low: 220, high: 880), 880, accuracy: 1e-9, "at the antenna: --high")
        XCTAssertEqual(right.frequency(x: -0.3, low: 220, high: 880), 220, accuracy: 1e-9, "clamped")
        XCTAssertEqual(right.frequency(x: 1.4, low: 220, high: 880), 880, accuracy: 1e-9, "clamped")
        let left = AntennaField(side: .left)
        XCTAssertEqual(left.frequency(x: 0, low: 220, high: 880), 880, accuracy: 1e-9, "antenna on the left")
        // Halfway with d₀ = 0.25: s = (1/0.75 − 0.8)/(4 − 0.8) = 0.5333/3.2 = 1/6 -> 220 + 660/6 = 330 Hz.
        XCTAssertEqual(left.frequency(x: 0.5, low: 220, high: 880), 330, accuracy: 1e-9)
    }

    func testPitchRisesTowardsTheAntennaAndEverMoreSteeply() {
        for field in [0.05, 0.25, 1.0] {
            let antenna = AntennaField(side: .right, field: field)
            var previous = antenna.frequency(x: 0, low: 220, high: 880)
            var previousStep = 0.0
            for i in 1...100 {
                let f = antenna.frequency(x: Double(i) / 100, low: 220, high: 880)
                let step = f - previous
                XCTAssertGreaterThan(step, 0, "rises at x \(Double(i) / 100), field \(field)")
                XCTAssertGreaterThan(step, previousStep, "steeper nearer the antenna at x \(Double(i) / 100)")
                (previous, previousStep) = (f, step)
            }
        }
        // Steeper with a smaller field: the last tenth of the way covers more of the range.
        let narrow = AntennaField(field: 0.05), wide = AntennaField(field: 1)
        XCTAssertGreaterThan(880 - narrow.frequency(x: 0.9, low: 220, high: 880), 880 - wide.frequency(x: 0.9, low: 220, high: 880))
    }

    func testTheInverseFindsThePositionOfEveryPitch() {
        for side in AntennaField.Side.allCases {
            let antenna = AntennaField(side: side, field: 0.3)
            for i in 0...200 {
                let x = Double(i) / 200
                let f = antenna.frequency(x: x, low: 110, high: 1_760)
                let back = antenna.x(forFrequency: f, low: 110, high: 1_760)
                XCTAssertEqual(back ?? -1, x, accuracy: 1e-9, "\(side) at \(x)")
            }
            XCTAssertNil(antenna.x(forFrequency: 100, low: 110, high: 1_760), "below the range")
            XCTAssertNil(antenna.x(forFrequency: 1_800, low: 110, high: 1_760), "above the range")
        }
    }

    func testTheVolumeLoopIsSilentAtTheBottomAndFullAtTheTop() {
        let loop = AntennaField()
        XCTAssertEqual(loop.amplitude(y: 1), 0, accuracy: 1e-12, "at the loop")
        XCTAssertEqual(loop.amplitude(y: 0), 1, accuracy: 1e-12, "far above it")
        var previous = loop.amplitude(y: 1)
        for i in stride(from: 99, through: 0, by: -1) {
            let a = loop.amplitude(y: Double(i) / 100)
            XCTAssertGreaterThan(a, previous, "louder higher up at y \(Double(i) / 100)")
            previous = a
        }
        // Most of the swell is just above the loop: the lowest tenth of the picture gives over a quarter of it.
        XCTAssertGreaterThan(loop.amplitude(y: 0.9), 0.25)
    }
}
