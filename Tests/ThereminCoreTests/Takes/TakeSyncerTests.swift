import XCTest
import Foundation
import Synchronization
@testable import ThereminCore

/// The live take's syncer: rows written are synced within about one interval, never twice within one, and only
/// when something was written; stopping waits for its thread.
final class TakeSyncerTests: XCTestCase {
    private final class Calls: Sendable {
        let times = Mutex<[Double]>([])
        func record() { times.withLock { $0.append(Date().timeIntervalSinceReferenceDate) } }
        var count: Int { times.withLock { $0.count } }
    }

    private func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    func testWritesAreSyncedWithinAnIntervalAndNeverTwiceInOne() {
        let calls = Calls()
        let interval = 0.1
        let syncer = TakeSyncer(interval: interval) { calls.record() }
        syncer.start()
        // A tracker writing rows faster than the interval until three syncs came (a loaded machine may hold the
        // syncer's thread back for intervals at a time, so the writes go on until then, not for a fixed time).
        let deadline = Date().addingTimeInterval(30)
        while calls.count < 3 && Date() < deadline {
            syncer.noteWrite()
            usleep(10_000)
        }
        XCTAssertGreaterThanOrEqual(calls.count, 3, "synced while rows kept coming")
        syncer.stop()
        let times = calls.times.withLock { $0 }
        for (earlier, later) in zip(times, times.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later - earlier, interval * 0.9, "at most once an interval: \(times)")
        }
    }

    func testNothingWrittenNothingSynced() {
        let calls = Calls()
        let syncer = TakeSyncer(interval: 0.02) { calls.record() }
        syncer.start()
        syncer.noteWrite()
        XCTAssertTrue(waitUntil(timeout: 30) { calls.count == 1 }, "the one write is synced")
        // Ten more intervals without writes: no further sync.
        usleep(200_000)
        syncer.stop()
        XCTAssertEqual(calls.count, 1)
    }
}
