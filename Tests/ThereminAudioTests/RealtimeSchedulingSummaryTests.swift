import XCTest
@testable import ThereminAudio

/// `-v`'s scheduling line names what each thread that asks got, and leaves out a thread that does not run.
final class RealtimeSchedulingSummaryTests: XCTestCase {
    func testGrantedAndRefusedThreadsAreNamed() {
        XCTAssertEqual(RealtimeScheduling.summary(audio: true, tracking: false),
                       "scheduling: audio thread SCHED_FIFO 70, tracking thread normal (SCHED_FIFO refused); "
                           + "capture and the rest normal")
        XCTAssertEqual(RealtimeScheduling.summary(audio: nil, tracking: true),
                       "scheduling: tracking thread SCHED_FIFO 60; capture and the rest normal", "no sound, no audio thread")
    }
}
