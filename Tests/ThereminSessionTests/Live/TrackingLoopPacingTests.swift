import Foundation
import Synchronization
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// The tracking loop on a machine slower than its camera, simulated on a scripted clock (each frame costs the
/// tracker what the test says, in clock time): it chooses a rate it can keep and the camera side applies it, a rate
/// the player gave is kept, and every choice is said once.
final class TrackingLoopPacingTests: XCTestCase {
    /// A hand held still; each frame takes `cost(frame)` seconds of the clock to track.
    private func tracking(_ clock: ScriptedClock, cost: @escaping @Sendable (Frame) -> Double) -> HandTrackingFunction {
        HandTrackingFunction { frame in
            clock.set(max(clock.now(), frame.captureTime) + cost(frame))
            return HandsFrame(HandSample(t: frame.captureTime, x: 0.8, y: 0.4, present: true))
        }
    }

    /// A tracker that notes each frame budget the loop gives it.
    private final class BudgetedTracking: HandTracking {
        let inner: HandTrackingFunction
        let budgets = Mutex<[Double]>([])
        init(_ inner: HandTrackingFunction) { self.inner = inner }
        func hands(in frame: Frame) throws -> HandsFrame { try inner.hands(in: frame) }
        func forget() {}
        func setFrameBudget(_ seconds: Double) { budgets.withLock { $0.append(seconds) } }
    }

    private func run(_ camera: SimulatedCamera, clock: ScriptedClock, keepsRate: Bool = false,
                     tracker: (any HandTracking)? = nil, cost: @escaping @Sendable (Frame) -> Double) -> TrackingLoop {
        let loop = TrackingLoop(source: camera, tracker: tracker ?? tracking(clock, cost: cost), isTransient: { _ in false },
                                mapper: ControlMapper(), renderer: nil, recorder: nil,
                                configuration: TrackingLoop.Configuration(keepsFrameRate: keepsRate), clock: clock)
        loop.start()
        XCTAssertTrue(waitUntil(timeout: 60) { loop.hasEnded }, "the simulated camera ends")
        loop.stop()
        return loop
    }

    func testASlowMachineSwitchesTheCameraToARateItKeeps() throws {
        let clock = ScriptedClock()
        let camera = SimulatedCamera(clock: clock, rate: 60, offered: [60, 30], seconds: 12)
        let loop = run(camera, clock: clock) { _ in 0.024 }
        XCTAssertEqual(camera.applied, [TrackingRate(cameraRate: 30)], "once, to the camera's own 30 fps")
        let choice = try XCTUnwrap(loop.rateChoice.withLock { $0 })
        XCTAssertEqual(choice.rate, TrackingRate(cameraRate: 30))
        XCTAssertTrue(choice.line.hasPrefix("rate: tracking takes 24.0 ms a frame (p90)"), choice.line)
        // At 60 fps about 30 of the first 2 s's 120 frames could not be taken; at 30 fps none.
        let tracked = loop.snapshot.withLock { $0.trackedFrames }
        XCTAssertGreaterThan(tracked, 290, "10 s at 30 fps and the first 2 s")
        XCTAssertLessThan(loop.droppedFrames, 60, "frames dropped only before the switch")
    }

    /// The tracker's frame budget is one and a half tracked frame intervals: the camera's at first, the chosen
    /// rate's after.
    func testTheTrackerIsGivenTheIntervalOfTheRateInForce() {
        let clock = ScriptedClock()
        let camera = SimulatedCamera(clock: clock, rate: 60, offered: [60, 30], seconds: 6)
        let tracker = BudgetedTracking(tracking(clock) { _ in 0.024 })
        _ = run(camera, clock: clock, tracker: tracker) { _ in 0 }
        let budgets = tracker.budgets.withLock { $0 }
        XCTAssertEqual(budgets.count, 2, "\(budgets)")
        XCTAssertEqual(budgets.first ?? 0, 1.5 / 60, accuracy: 1e-9)
        XCTAssertEqual(budgets.last ?? 0, 1.5 / 30, accuracy: 1e-9)
    }

    func testACameraThatKeepsItsRateIsTrackedEverySecondFrame() {
        let clock = ScriptedClock()
        let camera = SimulatedCamera(clock: clock, rate: 60, offered: [60, 30], seconds: 12, switchesRate: false)
        let loop = run(camera, clock: clock) { _ in 0.024 }
        XCTAssertEqual(loop.rateChoice.withLock { $0 }?.rate, TrackingRate(cameraRate: 60, stride: 2))
        let droppedBefore = loop.droppedFrames
        XCTAssertLessThan(droppedBefore, 60, "the grid's frames are taken once it runs")
    }

    func testARateThePlayerGaveIsKeptAndSaid() throws {
        let clock = ScriptedClock()
        let camera = SimulatedCamera(clock: clock, rate: 60, offered: [60, 30], seconds: 5)
        let loop = run(camera, clock: clock, keepsRate: true) { _ in 0.024 }
        XCTAssertTrue(camera.applied.isEmpty)
        let choice = try XCTUnwrap(loop.rateChoice.withLock { $0 })
        XCTAssertTrue(choice.line.hasSuffix("60 fps, as asked (--fps)"), choice.line)
    }

    func testAMachineThatKeepsUpKeepsTheCamerasRate() throws {
        let clock = ScriptedClock()
        let camera = SimulatedCamera(clock: clock, rate: 60, offered: [60, 30], seconds: 5)
        let loop = run(camera, clock: clock) { _ in 0.006 }
        XCTAssertTrue(camera.applied.isEmpty)
        XCTAssertEqual(loop.droppedFrames, 0)
        let choice = try XCTUnwrap(loop.rateChoice.withLock { $0 })
        XCTAssertEqual(choice.line, "rate: tracking takes 6.0 ms a frame (p90) against 16.7 ms between frames: 60 fps, kept")
    }
}
