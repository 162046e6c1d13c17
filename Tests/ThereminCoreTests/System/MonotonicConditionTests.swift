import XCTest
import Foundation
import Synchronization
import ThereminTestSupport
@testable import ThereminCore

/// The monotonic condition: a timed wait ends at its deadline on the monotonic clock, not before (a condition on
/// the wall clock would take a monotonic deadline, decades in its past, as passed at once), and a signal ends it
/// early.
final class MonotonicConditionTests: XCTestCase {
    func testATimedWaitEndsAtItsDeadlineOnTheMonotonicClock() {
        let condition = MonotonicCondition()
        let deadline = MonotonicClock.now() + 0.05
        condition.lock()
        // A wake before the deadline (spurious) waits again, as every caller does.
        while condition.wait(until: deadline) {}
        condition.unlock()
        XCTAssertGreaterThanOrEqual(MonotonicClock.now(), deadline, "the wait did not end before its deadline")
    }

    func testAPassedDeadlineReturnsAtOnce() {
        let condition = MonotonicCondition()
        let timedOut = condition.withLock { !condition.wait(until: MonotonicClock.now() - 1) }
        XCTAssertTrue(timedOut)
        XCTAssertFalse(condition.withLock { condition.wait(seconds: 0) })
    }

    func testASignalEndsAWaitLongBeforeItsDeadline() {
        let condition = MonotonicCondition()
        let ready = Mutex(false)
        let waiting = Atomic<Bool>(false)
        let woken = Atomic<Bool>(false)
        let thread = Thread {
            condition.lock()
            waiting.store(true, ordering: .releasing)
            let deadline = MonotonicClock.now() + 600
            while !ready.withLock({ $0 }) && MonotonicClock.now() < deadline { condition.wait(until: deadline) }
            condition.unlock()
            woken.store(true, ordering: .releasing)
        }
        thread.start()
        XCTAssertTrue(waitUntil(timeout: 30) { waiting.load(ordering: .acquiring) })
        condition.withLock {
            ready.withLock { $0 = true }
            condition.signal()
        }
        XCTAssertTrue(waitUntil(timeout: 30) { woken.load(ordering: .acquiring) }, "the signal woke the waiter")
    }
}
