import ThereminCore
import XCTest

/// The rate policy as a pure function of frame costs: what it chooses, when, and that it does not swing back and
/// forth.
final class RatePolicyTests: XCTestCase {
    /// Feeds `seconds` of frames tracked at the policy's current rate, each costing `cost(t)`; returns the decisions
    /// with their times.
    func play(_ policy: inout RatePolicy, from start: Double = 0, seconds: Double, cost: (Double) -> Double)
        -> [(t: Double, decision: RatePolicy.Decision)] {
        var decisions: [(Double, RatePolicy.Decision)] = []
        var t = start
        while t < start + seconds {
            if let decision = policy.note(cost: cost(t), at: t) { decisions.append((t, decision)) }
            t += policy.current.interval
        }
        return decisions
    }

    func testAMachineThatKeepsUpStaysAtTheCamerasRate() {
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30, 15])
        // 9 ms a frame with every tenth frame 15 ms: within 60 fps's 16.7 ms.
        var k = 0
        let decisions = play(&policy, seconds: 30) { _ in
            k += 1
            return k % 10 == 0 ? 0.015 : 0.009
        }
        XCTAssertTrue(decisions.isEmpty, "\(decisions.map(\.decision.reason))")
        XCTAssertEqual(policy.current, TrackingRate(cameraRate: 60))
    }

    func testASlowMachineTakesTheCamerasSlowerRateAfterItsFirstSeconds() throws {
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30, 15])
        let decisions = play(&policy, seconds: 5) { _ in 0.024 }
        XCTAssertEqual(decisions.count, 1)
        let first = try XCTUnwrap(decisions.first)
        XCTAssertEqual(first.decision.rate, TrackingRate(cameraRate: 30), "the camera's own 30 fps")
        XCTAssertGreaterThanOrEqual(first.t, RatePolicy.assessment)
        XCTAssertLessThan(first.t, RatePolicy.assessment + 0.1, "decided once the first seconds are judged")
        XCTAssertTrue(first.decision.reason.contains("24.0 ms"), first.decision.reason)
    }

    func testWithoutASlowerCameraRateItTracksEverySecondOrThirdFrame() {
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60])
        _ = play(&policy, seconds: 5) { _ in 0.024 }
        XCTAssertEqual(policy.current, TrackingRate(cameraRate: 60, stride: 2))
        var slower = RatePolicy(cameraRate: 60, offeredRates: [60])
        _ = play(&slower, seconds: 5) { _ in 0.036 }
        XCTAssertEqual(slower.current, TrackingRate(cameraRate: 60, stride: 3), "36 ms needs 50 ms between frames")
        XCTAssertEqual(slower.current.description, "every third frame of 60 fps (20 fps)")
    }

    func testItGoesBackUpOnlyAfterTenSecondsWithRoom() throws {
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30])
        _ = play(&policy, seconds: 5) { _ in 0.024 }
        XCTAssertEqual(policy.current.trackedRate, 30)
        // The load goes at 5 s: back to 60 fps 10 s after the first frame with room, not before.
        let decisions = play(&policy, from: 5, seconds: 20) { _ in 0.006 }
        XCTAssertEqual(decisions.count, 1)
        let up = try XCTUnwrap(decisions.first)
        XCTAssertEqual(up.decision.rate, TrackingRate(cameraRate: 60))
        // The room shows once the cheap frames are most of the judged window's, then 10 s pass.
        XCTAssertGreaterThanOrEqual(up.t, 5 + RatePolicy.patience)
        XCTAssertLessThanOrEqual(up.t, 5 + RatePolicy.assessment + RatePolicy.patience)
    }

    func testCostsNearTheBoundaryDoNotSwingTheRate() {
        // 15.5 ms a frame: too slow to go back up to 60 fps with room, fast enough to keep 30.
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30])
        _ = play(&policy, seconds: 5) { _ in 0.024 }
        let decisions = play(&policy, from: 5, seconds: 60) { t in 0.0155 + 0.001 * sin(t) }
        XCTAssertTrue(decisions.isEmpty, "\(decisions.map(\.decision.reason))")
        XCTAssertEqual(policy.current.trackedRate, 30)
    }

    func testARateThePlayerGaveIsKept() {
        var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30], fixed: true)
        XCTAssertTrue(play(&policy, seconds: 20) { _ in 0.05 }.isEmpty)
        XCTAssertEqual(policy.current, TrackingRate(cameraRate: 60))
        XCTAssertEqual(policy.recentCost ?? 0, 0.05, accuracy: 1e-12, "the cost is still measured for --stats")
    }

    func testTheSameCostsGiveTheSameDecisions() {
        func run() -> [String] {
            var policy = RatePolicy(cameraRate: 60, offeredRates: [60, 30, 15])
            var k = 0.0
            return play(&policy, seconds: 40) { t in
                k += 1
                return t < 20 ? 0.02 + 0.01 * sin(k) : 0.004
            }.map { "\($0.t) \($0.decision.rate)" }
        }
        XCTAssertEqual(run(), run())
        XCTAssertFalse(run().isEmpty)
    }

    func testTheSlowestRateWhenNothingKeepsUp() {
        var policy = RatePolicy(cameraRate: 30, offeredRates: [30])
        _ = play(&policy, seconds: 5) { _ in 1.0 }
        XCTAssertEqual(policy.current.trackedRate, RatePolicy.slowestTrackedRate, accuracy: 1)
    }
}
