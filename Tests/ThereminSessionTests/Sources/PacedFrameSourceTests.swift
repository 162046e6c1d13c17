import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A file played like a camera, on a scripted clock: frames wait for their time, late ones are skipped and counted,
/// and each is stamped when handed out.
final class PacedFrameSourceTests: XCTestCase {
    /// A clock that only moves when the source sleeps, or when the test says the tracker took time.
    private final class FakeClock: @unchecked Sendable {
        var now = 50.0
        var sleeps: [Double] = []
    }

    func testFramesWaitForTheirTimeAndAreStampedWhenHandedOut() throws {
        let clock = FakeClock()
        let paced = PacedFrameSource(ScriptedFrameSource(count: 3, rate: 10, start: 7), clock: { clock.now },
                                     sleep: { clock.sleeps.append($0); clock.now += $0 })
        let stamps = try (0..<3).compactMap { _ in try paced.nextFrame()?.captureTime }
        XCTAssertEqual(stamps.count, 3)
        XCTAssertEqual(stamps[0], 50, accuracy: 1e-9, "the first frame at once")
        XCTAssertEqual(stamps[1], 50.1, accuracy: 1e-9)
        XCTAssertEqual(stamps[2], 50.2, accuracy: 1e-9)
        XCTAssertEqual(clock.sleeps.count, 2)
        XCTAssertNil(try paced.nextFrame(), "then the end of the file")
        XCTAssertEqual(paced.droppedFrames, 0)
    }

    func testFramesMoreThanAnIntervalLateAreSkippedAndCounted() throws {
        let clock = FakeClock()
        let paced = PacedFrameSource(ScriptedFrameSource(count: 6, rate: 10, start: 0), clock: { clock.now },
                                     sleep: { clock.now += $0 })
        let first = try XCTUnwrap(try paced.nextFrame())
        XCTAssertEqual(first.sequence, 0)
        clock.now += 0.35  // the tracker took 350 ms: frames 1 and 2 (due at 0.1, 0.2) are over an interval late
        let next = try XCTUnwrap(try paced.nextFrame())
        XCTAssertEqual(next.sequence, 3, "frame 3 (due at 0.3) is less than an interval late")
        XCTAssertEqual(paced.droppedFrames, 2)
        XCTAssertEqual(next.captureTime, 50.35, accuracy: 1e-9, "stamped when handed out, without waiting")
    }
}
