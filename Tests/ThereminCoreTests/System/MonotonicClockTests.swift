import Foundation
import XCTest
@testable import ThereminCore

/// The one monotonic clock: it never goes back, whichever thread reads it, and it counts real seconds.
final class MonotonicClockTests: XCTestCase {
    func testReadingsNeverDecreaseOnAnyThread() {
        let backwards = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var last = MonotonicClock.now()
            var stepsBack = 0
            for _ in 0..<200_000 {
                let now = MonotonicClock.now()
                if now < last { stepsBack += 1 }
                last = now
            }
            backwards.update { $0 += stepsBack }
        }
        XCTAssertEqual(backwards.current, 0)
    }

    func testItAdvancesAtLeastAsLongAsASleep() {
        // A sleep never ends early unless a signal comes: a lower bound that holds on any load.
        let start = MonotonicClock.now()
        usleep(20_000)
        XCTAssertGreaterThanOrEqual(MonotonicClock.now() - start, 0.02)
    }

    func testItIsTheKernelsMonotonicClock() {
        // The clock V4L2 stamps frames with: a reading of CLOCK_MONOTONIC falls between two of ours.
        var ts = timespec()
        let before = MonotonicClock.now()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let after = MonotonicClock.now()
        let kernel = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        XCTAssertLessThanOrEqual(before, kernel)
        XCTAssertLessThanOrEqual(kernel, after)
        XCTAssertNotEqual(WallClock.now(), 0)
        XCTAssertGreaterThan(WallClock.now() - MonotonicClock.now(), 1e9, "the wall clock counts from 1970")
    }
}
