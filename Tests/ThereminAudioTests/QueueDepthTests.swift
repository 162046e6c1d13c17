import ThereminAudio
import XCTest

/// The queue's depth decided from wake-ups alone: shallow only after a calm spell and a spell without an underrun,
/// deep at once on a late wake-up or an underrun, a period deeper after an underrun until a spell without one.
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

    func testAnUnderrunAddsAPeriodUpToTheBuffersRoom() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: QueueDepth.bufferPeriods * period, now: 0)
        XCTAssertEqual(depth.periods, 2)
        XCTAssertEqual(depth.maximumPeriods, 3, "a period of the four left to write into")
        XCTAssertEqual(depth.wakeThreshold, 2 * period, "woken with two queued: two free")
        XCTAssertTrue(depth.underran(at: 1))
        XCTAssertEqual(depth.periods, 3)
        XCTAssertFalse(depth.underran(at: 2), "no deeper than the buffer allows")
        XCTAssertEqual(depth.queuedAtWake, 3 * period)
        XCTAssertEqual(depth.wakeThreshold, period)
        XCTAssertFalse(depth.woke(queued: 0, at: 2.1), "a late wake-up at a grown depth changes nothing")
        XCTAssertEqual(depth.periods, 3)
        var wide = QueueDepth(periodFrames: period, bufferFrames: 6 * period, now: 0)
        XCTAssertEqual(wide.maximumPeriods, 3, "a larger buffer grows no further")
        _ = wide.underran(at: 0)
        XCTAssertFalse(wide.underran(at: 0))
    }

    func testThePeriodComesBackAfterASpellWithoutAnUnderrun() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 4 * period, calm: 5, relax: 30, now: 0)
        _ = depth.underran(at: 0)
        XCTAssertEqual(depth.periods, 3)
        var changes: [(time: Double, periods: Int)] = []
        let interval = Double(period) / 48_000
        for k in 0..<Int(65 / interval) {
            let now = Double(k) * interval
            if depth.woke(queued: depth.queuedAtWake, at: now) { changes.append((now, depth.periods)) }
        }
        XCTAssertEqual(changes.map(\.periods), [2, 1], "back to two, then shallow")
        guard changes.count == 2 else { return }
        XCTAssertEqual(changes[0].time, 30, accuracy: 0.01)
        XCTAssertEqual(changes[1].time, 60, accuracy: 0.01, "shallow once another spell has passed at two")
        // An underrun in between restarts the spell.
        var again = QueueDepth(periodFrames: period, bufferFrames: 4 * period, relax: 30, now: 0)
        _ = again.underran(at: 0)
        XCTAssertFalse(again.woke(queued: again.queuedAtWake, at: 29))
        _ = again.underran(at: 29)
        XCTAssertFalse(again.woke(queued: again.queuedAtWake, at: 58))
        XCTAssertTrue(again.woke(queued: again.queuedAtWake, at: 59))
        XCTAssertEqual(again.periods, 2)
    }

    func testAThreadAtNormalPriorityGrowsButNeverGoesShallow() {
        var depth = QueueDepth(periodFrames: 240, bufferFrames: 4 * 240, calm: 1, relax: 10, mayBeShallow: false, now: 0)
        XCTAssertFalse(depth.canBeShallow)
        _ = depth.underran(at: 0)
        XCTAssertEqual(depth.periods, 3)
        for k in 0..<4_000 { _ = depth.woke(queued: depth.queuedAtWake, at: Double(k) * 0.005) }
        XCTAssertEqual(depth.periods, 2, "back to two after 10 s, and no shallower in 20 s")
    }

    func testAShallowQueueThatUnderrunsGoesBackToTwo() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 4 * period, calm: 1, now: 0)
        _ = play(&depth, from: 0, seconds: 2)
        XCTAssertTrue(depth.isShallow)
        XCTAssertEqual(depth.wakeThreshold, 3 * period)
        XCTAssertTrue(depth.underran(at: 2))
        XCTAssertEqual(depth.periods, 2, "two, not three: shallow was a choice, not the machine's limit")
    }

    func testNotShallowAgainUntilASpellWithoutAnUnderrun() {
        var depth = QueueDepth(periodFrames: period, bufferFrames: 4 * period, calm: 1, relax: 30, now: 0)
        _ = play(&depth, from: 0, seconds: 2)
        XCTAssertTrue(depth.isShallow, "calm from the start: no underrun to wait out")
        _ = depth.underran(at: 2)
        let seen = play(&depth, from: 2, seconds: 35)
        let interval = Double(period) / 48_000
        let shallowAt = seen.firstIndex(of: true).map { 2 + Double($0) * interval }
        XCTAssertEqual(shallowAt ?? 0, 32, accuracy: 0.01, "punctual all along, yet deep for 30 s after the underrun")
    }
}
