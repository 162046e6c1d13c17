import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// OSC out for a trace: played, each bundle goes when its control is heard and may be dropped; rendered, every one
/// goes, stamped at its time in the performance.
final class OSCFollowerTests: XCTestCase {
    private let trace = Trace(metadata: TraceMetadata(),
                              samples: (0...30).map { HandSample(t: Double($0) / 30, x: 1, y: 0, present: true) })
    private var plan: ReplayPlan { ReplayPlan(trace: trace, mapper: ControlMapper(), sampleRate: 48_000, tail: 0) }

    func testPlayedEachBundleGoesWhenItsControlIsHeard() {
        let sink = MemoryOSCSink()
        var follower = OSCFollower(sender: sink, plan: plan, trace: trace)
        var finished = false
        follower.whenFinished = { finished = true }
        let heard = plan.schedule[10].sampleIndex
        follower.advance(toFrame: heard)
        XCTAssertEqual(sink.packets.count, plan.schedule.prefix { $0.sampleIndex <= heard }.count)
        XCTAssertFalse(sink.packets.contains(where: \.waited), "live: a full queue drops its oldest")
        follower.finish()
        XCTAssertTrue(finished, "the sender's owner finishes it")
    }

    func testRenderedEveryBundleGoesStampedAtItsTime() throws {
        let sink = MemoryOSCSink()
        var follower = OSCFollower(sender: sink, plan: plan, trace: trace)
        follower.sendAll()
        XCTAssertEqual(sink.packets.count, plan.schedule.count)
        XCTAssertTrue(sink.packets.allSatisfy(\.waited))
        let first = try XCTUnwrap(sink.packets.first?.packet.time)
        let last = try XCTUnwrap(sink.packets.last?.packet.time)
        let span = Double((plan.schedule.last?.sampleIndex ?? 0) - (plan.schedule.first?.sampleIndex ?? 0)) / 48_000
        XCTAssertEqual(last - first, span, accuracy: 1e-6)
    }
}
