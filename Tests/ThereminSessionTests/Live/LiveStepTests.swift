import ThereminCore
import ThereminSession
import XCTest

/// One frame of live play without a thread or a device: trace time, the mapping, pausing and the guided calibration.
final class LiveStepTests: XCTestCase {
    private func hand(x: Double, y: Double) -> HandsFrame { HandsFrame(HandSample(t: 0, x: x, y: y, present: true)) }

    func testTheHandIsMappedAndStampedWithTraceTime() {
        var step = LiveStep(mapper: ControlMapper())
        let first = step.step(hand(x: 0.8, y: 0.5), capturedAt: 100, trackedAt: 100.004, paused: false)
        let second = step.step(hand(x: 0.8, y: 0.5), capturedAt: 100.5, trackedAt: 100.504, paused: false)
        XCTAssertEqual(first.hands.t, 0, "trace time counts from the first frame")
        XCTAssertEqual(second.hands.t, 0.5, accuracy: 1e-9)
        XCTAssertEqual(second.hands.primary.t, 0.5, accuracy: 1e-9)
        XCTAssertTrue(second.isPlayed && second.control.gate)
        XCTAssertEqual(second.control.frequency, 330, accuracy: 0.5, "y = 0.5: 440 − 220 × 0.5")
        XCTAssertEqual(second.control.sourceTime, 100.5)
        XCTAssertEqual(second.control.trackedTime, 100.504)
        XCTAssertNil(second.calibrationStatus)
    }

    func testWithThePlayerLockOnlyThePlayersHandIsMappedAndTheTrackerIsSteered() {
        var step = LiveStep(mapper: ControlMapper(), playerLock: PlayerLock.Settings())
        let player = HandSample(t: 0, x: 0.2, y: 0.5, present: true, acquired: true)
        let first = step.step(HandsFrame(t: 0, hands: [player, .absent(at: 0)]), capturedAt: 10, trackedAt: 10, paused: false)
        XCTAssertEqual(first.hands.primary.x, 0.2)
        XCTAssertEqual(first.search?.release, [])
        // The player's hand leaves; a hand at the other side plays nothing, and the tracker is told to look on.
        var bystander = HandSample(t: 0, x: 0.9, y: 0.5, present: true, acquired: true)
        let away = step.step(HandsFrame(t: 0, hands: [.absent(at: 0), bystander]), capturedAt: 11, trackedAt: 11,
                             paused: false)
        XCTAssertFalse(away.control.gate, "silent")
        XCTAssertFalse(away.hands.primary.present, "nor recorded")
        XCTAssertEqual(away.ignored.map(\.reason), [.outsideArea])
        XCTAssertEqual(away.search?.detectorInterval, 1)
        // Without the lock the same hand plays.
        var open = LiveStep(mapper: ControlMapper())
        _ = open.step(HandsFrame(t: 0, hands: [player, .absent(at: 0)]), capturedAt: 10, trackedAt: 10, paused: false)
        bystander.acquired = true
        let played = open.step(HandsFrame(t: 0, hands: [.absent(at: 0), bystander]), capturedAt: 11, trackedAt: 11,
                               paused: false)
        XCTAssertTrue(played.control.gate)
        XCTAssertNil(played.search)
    }

    func testPausedPlaysSilentlyAndStillFollowsTheHand() {
        var step = LiveStep(mapper: ControlMapper())
        let paused = step.step(hand(x: 0.8, y: 0.25), capturedAt: 1, trackedAt: 1, paused: true)
        XCTAssertTrue(paused.isPlayed, "MIDI and the display still follow")
        XCTAssertFalse(paused.control.gate)
        XCTAssertEqual(paused.control.frequency, 385, accuracy: 0.5)
    }

    func testAGuidedCalibrationIsSilentUntilDoneThenPlaysThroughIt() {
        var step = LiveStep(mapper: ControlMapper(), calibrating: true)
        let positions: [(x: Double, y: Double)] = [(0.5, 0.1), (0.5, 0.9), (0.9, 0.5), (0.1, 0.5)]
        let hold = (step.calibration?.countdownSeconds ?? 0) + (step.calibration?.measureSeconds ?? 0)
        var points = 0, ended: GuidedCalibration.Phase?
        for frame in 0..<Int(hold * 4 * 30) {
            let t = Double(frame) / 30
            let position = positions[min(3, Int((t + 1e-9) / hold))]
            let result = step.step(hand(x: position.x, y: position.y), capturedAt: 10 + t, trackedAt: 10 + t, paused: false)
            if ended == nil {
                XCTAssertFalse(result.control.gate, "silent while calibrating (frame \(frame))")
                XCTAssertFalse(result.isPlayed)
                XCTAssertNotNil(result.calibrationStatus)
            }
            if result.readPoint { points += 1 }
            ended = ended ?? result.calibrationEnded
        }
        guard case .done(let box)? = ended else { return XCTFail("calibration ended as \(String(describing: ended))") }
        XCTAssertEqual(points, 4, "a cue for each position read")
        XCTAssertNil(step.calibration)
        XCTAssertEqual(step.mapper.calibration, box, "the new calibration maps from now on")
        var after = step.step(hand(x: 0.9, y: 0.1), capturedAt: 30, trackedAt: 30, paused: false)
        for frame in 1...10 {  // the hand held there while the smoothing settles
            after = step.step(hand(x: 0.9, y: 0.1), capturedAt: 30 + Double(frame) / 30, trackedAt: 30, paused: false)
        }
        XCTAssertTrue(after.isPlayed && after.control.gate)
        XCTAssertEqual(after.control.frequency, 440, accuracy: 1, "the calibrated top is the highest pitch")
        step.recalibrate()
        XCTAssertNotNil(step.calibration, "the c key starts again")
    }
}
