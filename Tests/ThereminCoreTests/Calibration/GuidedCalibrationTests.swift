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

    /// The four positions of a step-by-step clip held for exactly one countdown and one measuring window each.
    private static let heldPositions: [(x: Double, y: Double)] = [(0.5, 0.1), (0.5, 0.9), (0.9, 0.5), (0.1, 0.5)]

    /// Feeds a clip that holds each position for exactly `countdown + measure` seconds at `rate` frames a second,
    /// time stamps rounded to the millisecond when asked (as OpenCV reports a video's), and returns the final status.
    private func feedHeldClip(rate: Double, roundedToMilliseconds: Bool) -> GuidedCalibration.Status {
        var calibration = GuidedCalibration()
        let step = calibration.countdownSeconds + calibration.measureSeconds
        var status = calibration.status
        let frames = Int((step * 4 * rate).rounded())
        for i in 0..<frames {
            let t = Double(i) / rate
            let position = Self.heldPositions[min(3, Int((t + 1e-9) / step))]
            let stamp = roundedToMilliseconds ? (t * 1000).rounded() / 1000 : t
            status = calibration.feed(HandSample(t: stamp, x: position.x, y: position.y, present: true))
        }
        return status
    }

    func testAClipHoldingEachPositionForExactlyTheWindowsCalibratesAtAnyFrameRate() {
        for rate in [3.0, 5, 7, 10, 12, 15, 24, 25, 29.97, 30, 50, 60] {
            for rounded in [false, true] {
                let status = feedHeldClip(rate: rate, roundedToMilliseconds: rounded)
                guard case .done(let box) = status.phase else {
                    XCTFail("\(rate) fps, stamps rounded to ms: \(rounded): \(status.phase)")
                    continue
                }
                XCTAssertEqual(box.pitchTop, 0.1, accuracy: 1e-12, "\(rate) fps")
                XCTAssertEqual(box.pitchBottom, 0.9, accuracy: 1e-12, "\(rate) fps")
                XCTAssertEqual(box.volumeLoud, 0.9, accuracy: 1e-12, "\(rate) fps")
                XCTAssertEqual(box.volumeQuiet, 0.1, accuracy: 1e-12, "\(rate) fps")
            }
        }
    }

    func testTheSampleThatClosesTheWindowIsNotJudged() {
        var calibration = GuidedCalibration()
        _ = calibration.feed(HandSample(t: 0, x: 0.5, y: 0.2, present: true))
        for t in stride(from: 2.0, to: 4.0, by: 0.5) {
            _ = calibration.feed(HandSample(t: t, x: 0.5, y: 0.2, present: true))
        }
        // The hand moves right at the prompt change: the sample at 4 s is the next step's.
        let status = calibration.feed(HandSample(t: 4, x: 0.5, y: 0.9, present: true))
        XCTAssertEqual(status.target, .lowestPitch)
        XCTAssertEqual(status.readings[GuidedCalibration.Target.highestPitch.rawValue], 0.2)
        XCTAssertEqual(status.phase, .countdown(remaining: 2))
    }

    func testTheSampleThatOpensTheWindowIsJudged() {
        var calibration = GuidedCalibration()
        _ = calibration.feed(HandSample(t: 0, x: 0.5, y: 0.2, present: true))
        // Only the sample at 2 s falls in the window [2, 4): it alone must carry the reading.
        XCTAssertEqual(calibration.feed(HandSample(t: 2, x: 0.5, y: 0.3, present: true)).phase, .measuring(progress: 0))
        let status = calibration.feed(HandSample(t: 4, x: 0.5, y: 0.9, present: true))
        XCTAssertEqual(status.readings[GuidedCalibration.Target.highestPitch.rawValue], 0.3)
    }

    func testAStallLongerThanACountdownRestartsTheCountdownFromNow() {
        var calibration = GuidedCalibration()
        _ = calibration.feed(.absent(at: 0))
        let status = calibration.feed(.absent(at: 30))
        guard case .retry = status.phase else { return XCTFail("\(status.phase)") }
        XCTAssertEqual(calibration.feed(.absent(at: 31)).phase, .countdown(remaining: 1))
    }
}
