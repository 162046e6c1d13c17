import XCTest
import ThereminCore

/// The playing box in words (terminal, preview, `--calibrate`): along the law's axes.
final class CalibrationDescriptionTests: XCTestCase {
    private let box = Calibration(pitchTop: 0.2, pitchBottom: 0.85, volumeQuiet: 0.3, volumeLoud: 0.9)

    func testTheResultIsDescribedAlongTheLawsAxes() {
        XCTAssertEqual(box.described(),
                       "pitch from y=0.20 (high) to y=0.85 (low), volume from x=0.30 (quiet) to x=0.90 (loud)")
        XCTAssertEqual(box.described(antenna: .right),
                       "pitch from x=0.90 (high, near the antenna) to x=0.30 (low), volume from y=0.85 (quiet) to y=0.20 (loud)")
        XCTAssertEqual(box.described(antenna: .left),
                       "pitch from x=0.30 (high, near the antenna) to x=0.90 (low), volume from y=0.85 (quiet) to y=0.20 (loud)")
    }
}
