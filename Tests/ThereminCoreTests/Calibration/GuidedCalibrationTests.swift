import XCTest
import ThereminCore

final class GuidedCalibrationTests: XCTestCase {
    /// Feeds 30 fps samples from `position` (x, y or nil for no hand) for up to `seconds`, starting at `t`; stops
    /// early at a retry, so the test sees it.
    private func run(_ calibration: inout GuidedCalibration, from t: inout Double, seconds: Double,
                     _ position: (Int) -> (Double, Double)?) -> GuidedCalibration.Status {
        var status = calibration.status
        let frames = Int(seconds * 30)
        for i in 0..<frames {
            if let (x, y) = position(i) {
                status = calibration.feed(HandSample(t: t, x: x, y: y, present: true))
            } else {
                status = calibration.feed(.absent(at: t))
            }
            t += 1.0 / 30
            if case .retry = status.phase { break }
        }
        return status
    }

    func testFourSteadyPositionsMakeACalibration() {
        var calibration = GuidedCalibration()
        var t = 0.0
        let jitter = { (i: Int) in Double(i % 3 - 1) * 0.004 }
        var status = run(&calibration, from: &t, seconds: 4.2) { (0.5, 0.15 + jitter($0)) }
        XCTAssertEqual(status.target, .lowestPitch)
        status = run(&calibration, from: &t, seconds: 4.2) { (0.5, 0.85 + jitter($0)) }
        XCTAssertEqual(status.target, .loudest)
        status = run(&calibration, from: &t, seconds: 4.2) { (0.9 + jitter($0), 0.5) }
        status = run(&calibration, from: &t, seconds: 4.2) { (0.2 + jitter($0), 0.5) }
        guard case .done(let box) = status.phase else { return XCTFail("\(status.phase)") }
        XCTAssertEqual(box.pitchTop, 0.15, accuracy: 0.005)
        XCTAssertEqual(box.pitchBottom, 0.85, accuracy: 0.005)
        XCTAssertEqual(box.volumeLoud, 0.9, accuracy: 0.005)
        XCTAssertEqual(box.volumeQuiet, 0.2, accuracy: 0.005)
    }

    func testCountdownThenProgress() {
        var calibration = GuidedCalibration()
        var status = calibration.feed(HandSample(t: 10, x: 0.5, y: 0.2, present: true))
        XCTAssertEqual(status.phase, .countdown(remaining: 2))
        status = calibration.feed(HandSample(t: 11.5, x: 0.5, y: 0.2, present: true))
        XCTAssertEqual(status.phase, .countdown(remaining: 0.5))
        status = calibration.feed(HandSample(t: 12, x: 0.5, y: 0.2, present: true))
        XCTAssertEqual(status.phase, .measuring(progress: 0))
        status = calibration.feed(HandSample(t: 13, x: 0.5, y: 0.2, present: true))
        XCTAssertEqual(status.phase, .measuring(progress: 0.5))
    }

    func testMissingOrShakyHandIsAskedAgain() {
        var calibration = GuidedCalibration()
        var t = 0.0
        var status = run(&calibration, from: &t, seconds: 4.5) { _ in nil }
        guard case .retry(let reason) = status.phase else { return XCTFail("\(status.phase)") }
        XCTAssertTrue(reason.contains("No hand"))
        XCTAssertEqual(status.target, .highestPitch, "same target again")
        status = run(&calibration, from: &t, seconds: 4.5) { (0.5, $0 % 2 == 0 ? 0.1 : 0.3) }
        guard case .retry(let shaky) = status.phase else { return XCTFail("\(status.phase)") }
        XCTAssertTrue(shaky.contains("moved too much"))
    }

    func testPositionsTooCloseRestartAndEventuallyFail() {
        var calibration = GuidedCalibration()
        var t = 0.0
        var status = calibration.status
        for _ in 0..<3 {
            for _ in 0..<4 { status = run(&calibration, from: &t, seconds: 4.2) { _ in (0.5, 0.5) } }
        }
        guard case .failed(let reason) = status.phase else { return XCTFail("\(status.phase)") }
        XCTAssertTrue(reason.contains("too close"), reason)
    }
}
