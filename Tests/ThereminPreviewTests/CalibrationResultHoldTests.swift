import XCTest
import ThereminCore
import ThereminSession
@testable import ThereminPreview

final class CalibrationResultHoldTests: XCTestCase {
    /// A guided calibration fed four steady positions in turn: top, bottom, right, left.
    static func finished() -> GuidedCalibration.Status {
        var guided = GuidedCalibration()
        var status = guided.status
        var t = 0.0
        for (index, position) in [(0.5, 0.2), (0.5, 0.8), (0.9, 0.5), (0.1, 0.5)].enumerated() {
            while status.readings.count == index && t < 60 {
                status = guided.feed(HandSample(t: t, x: position.0, y: position.1, present: true))
                t += 1.0 / 30
            }
        }
        return status
    }

    func testTheResultStaysForItsTimeThenGoes() {
        let done = Self.finished()
        guard case .done = done.phase else { return XCTFail("the calibration did not finish: \(done.phase)") }
        var hold = CalibrationResultHold(seconds: 1.5)
        var snapshot = LiveSnapshot()
        snapshot.calibrationStatus = done
        XCTAssertEqual(hold.apply(to: snapshot, now: 10).calibrationStatus, done)
        XCTAssertEqual(hold.apply(to: snapshot, now: 10.5).calibrationStatus, done, "the same result, not a new hold")
        snapshot.calibrationStatus = nil
        XCTAssertEqual(hold.apply(to: snapshot, now: 11).calibrationStatus, done, "held after the snapshot moved on")
        XCTAssertNil(hold.apply(to: snapshot, now: 11.6).calibrationStatus, "gone after 1.5 s")
        XCTAssertNil(hold.apply(to: snapshot, now: 11.7).calibrationStatus)
    }

    func testANewCalibrationReplacesTheHeldResult() {
        var hold = CalibrationResultHold(seconds: 1.5)
        var snapshot = LiveSnapshot()
        snapshot.calibrationStatus = Self.finished()
        _ = hold.apply(to: snapshot, now: 0)
        snapshot.calibrationStatus = GuidedCalibration().status
        XCTAssertEqual(hold.apply(to: snapshot, now: 0.2).calibrationStatus, GuidedCalibration().status)
        snapshot.calibrationStatus = nil
        XCTAssertNil(hold.apply(to: snapshot, now: 0.3).calibrationStatus, "the old result does not come back")
    }
}
