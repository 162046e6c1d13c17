import XCTest
import ThereminCore

/// `-v`'s scheduling line names what each thread that asks got, how, and why not; it leaves out a thread that does not run.
final class ThreadSchedulingTests: XCTestCase {
    func testGrantedAndRefusedThreadsAreNamed() {
        XCTAssertEqual(ThreadScheduling.summary(audio: .fifo(priority: 70), tracking: .normal(reason: "no system D-Bus")),
                       "scheduling: audio thread SCHED_FIFO 70, tracking thread normal (SCHED_FIFO refused; rtkit: no "
                           + "system D-Bus); capture and the rest normal")
        XCTAssertEqual(ThreadScheduling.summary(audio: nil, tracking: .fifo(priority: 60)),
                       "scheduling: tracking thread SCHED_FIFO 60; capture and the rest normal", "no sound, no audio thread")
        XCTAssertEqual(ThreadScheduling.summary(audio: .realtimeKit(priority: 20), tracking: .realtimeKit(priority: 10)),
                       "scheduling: audio thread SCHED_RR 20 via rtkit, tracking thread SCHED_RR 10 via rtkit; capture "
                           + "and the rest normal")
        XCTAssertEqual(ThreadScheduling.summary(audio: .fifo(priority: 70), tracking: .fifo(priority: 60),
                                                capture: .fifo(priority: 55)),
                       "scheduling: audio thread SCHED_FIFO 70, tracking thread SCHED_FIFO 60, capture thread SCHED_FIFO "
                           + "55; the rest normal", "a camera's capture thread that asked")
    }
}
