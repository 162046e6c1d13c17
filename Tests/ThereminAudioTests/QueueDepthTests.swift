import ThereminAudio
import XCTest

/// The queue's depth decided from wake-ups alone: shallow only after a calm spell, deep at once on a late wake-up
/// or an underrun.
final class QueueDepthTests: XCTestCase {
    let period = 128

    /// Wake-ups every period from `from` for `seconds`, each `late` frames late; returns the depths seen.
    func play(_ depth: inout QueueDepth, from: Double, seconds: Double, late: (Int) -> Int = { _ in 0 }) -> [Bool] {
        var seen: [Bool] = []
        let interval = Double(period) / 48_000
        for k in 0..<Int(seconds / interval) {
            _ = depth.woke(queued: depth.queuedAtWake - late(k), at: from + Double(k) * interval)
            seen.append(depth.isShallow)
        }
        return seen
    }

    func testStartsDeepAndGoesShallowAfterACalmSpell() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 3 * period, calm: 10, now: 0)
        XCTAssertFalse(depth.isShallow)
        XCTAssertEqual(depth.wakeThreshold, period, "deep: woken with two periods still queued")
        XCTAssertEqual(depth.queuedAtWake, 2 * period)
        let seen = play(&depth, from: 0, seconds: 12)
        XCTAssertFalse(seen[0..<(seen.count * 9 / 12)].contains(true), "deep for the first 9 s")
        XCTAssertTrue(depth.isShallow)
        XCTAssertEqual(depth.wakeThreshold, 2 * period, "shallow: woken with one period left")
        XCTAssertEqual(depth.queuedAtWake, period)
    }

    func testALateWakeUpOrAnUnderrunMakesItDeepAtOnceAndRestartsTheCalmSpell() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 3 * period, calm: 10, now: 0)
        _ = play(&depth, from: 0, seconds: 11)
        XCTAssertTrue(depth.isShallow)
        // Lateness within half a period is jitter, not a stall.
        _ = play(&depth, from: 11, seconds: 1, late: { _ in self.period / 2 })
        XCTAssertTrue(depth.isShallow)
        XCTAssertTrue(depth.woke(queued: depth.queuedAtWake - period / 2 - 1, at: 12), "changed")
        XCTAssertFalse(depth.isShallow)
        XCTAssertFalse(depth.woke(queued: 0, at: 12.1), "already deep")
        let again = play(&depth, from: 12.1, seconds: 11)
        XCTAssertEqual(again.firstIndex(of: true).map { 12.1 + Double($0) * Double(period) / 48_000 } ?? 0,
                       22.1, accuracy: 0.01, "shallow again 10 s after the last late wake-up")
        XCTAssertTrue(depth.underran(at: 30))
        XCTAssertFalse(depth.isShallow)
    }

    func testAMachineThatStallsEveryFewSecondsStaysDeep() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 3 * period, calm: 10, now: 0)
        // A 5 ms stall every 3 s (375 periods): the kind a loaded virtual machine shows.
        let seen = play(&depth, from: 0, seconds: 60, late: { $0 % 1125 == 1000 ? 240 : 0 })
        XCTAssertFalse(seen.contains(true))
    }

    func testATwoPeriodBufferStaysDeep() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 2 * period, calm: 1, now: 0)
        XCTAssertFalse(depth.canBeShallow)
        _ = play(&depth, from: 0, seconds: 3)
        XCTAssertFalse(depth.isShallow)
        XCTAssertEqual(depth.wakeThreshold, period)
    }
}
