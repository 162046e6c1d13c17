import XCTest
import Foundation
import Synchronization
import ThereminTestSupport
@testable import ThereminCore

/// The live take's syncer: rows written are synced within about one interval, never twice within one, and only
/// when something was written; a clock set back does not hold the syncing back; stopping waits for its thread.
final class TakeSyncerTests: XCTestCase {
    /// When each sync came, on the clock the syncer runs on.
    private final class Calls: Sendable {
        let times = Mutex<[Double]>([])
        let clock: any TimeSource
        init(clock: any TimeSource = SystemTimeSource()) { self.clock = clock }
        func record() { times.withLock { $0.append(clock.now()) } }
        var count: Int { times.withLock { $0.count } }
    }

    func testWritesAreSyncedWithinAnIntervalAndNeverTwiceInOne() {
        let calls = Calls()
        let interval = 0.1
        let syncer = TakeSyncer(interval: interval) { calls.record() }
        syncer.start()
        // A tracker writing rows faster than the interval until three syncs came (a loaded machine may hold the
        // syncer's thread back for intervals at a time, so the writes go on until then, not for a fixed time).
        let deadline = MonotonicClock.now() + 30
        while calls.count < 3 && MonotonicClock.now() < deadline {
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

    /// The clock set back an hour after a sync (NTP after a resume, a user changing the time): the take goes on
    /// syncing each interval from then, instead of waiting for the clock to come back to where it was.
    func testAClockSetBackStillSyncsEachInterval() {
        let clock = ScriptedClock(at: 5000)
        let calls = Calls(clock: clock)
        let interval = 1.0
        let syncer = TakeSyncer(interval: interval, clock: clock, longestWait: 0.002) { calls.record() }
        syncer.start()
        defer { syncer.stop() }
        // Rows keep coming while the scripted clock runs ten times faster than the real one, until `syncs` came.
        func play(until syncs: Int) -> Bool {
            waitUntil(timeout: 30) {
                syncer.noteWrite()
                clock.set(clock.now() + 0.01)
                usleep(1_000)
                return calls.count >= syncs
            }
        }
        XCTAssertTrue(play(until: 1), "synced once an interval had passed")
        let setBack = clock.now() - 3600
        clock.set(setBack)
        let synced = play(until: 4)
        let times = calls.times.withLock { $0 }
        guard synced else { return XCTFail("no sync each interval after the clock was set back: \(times)") }
        XCTAssertLessThan(times[1], 5000, "the first sync after it came before the clock was back: \(times)")
        XCTAssertGreaterThanOrEqual(times[1], setBack, "\(times)")
        for (earlier, later) in zip(times.dropFirst(), times.dropFirst(2)) {
            XCTAssertGreaterThanOrEqual(later - earlier, interval, "at most once an interval: \(times)")
        }
    }
}
