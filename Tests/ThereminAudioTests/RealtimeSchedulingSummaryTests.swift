import XCTest
@testable import ThereminAudio

/// `-v`'s scheduling line names what each thread that asks got, how, and why not; it leaves out a thread that does not run.
final class RealtimeSchedulingSummaryTests: XCTestCase {
    func testGrantedAndRefusedThreadsAreNamed() {
        XCTAssertEqual(RealtimeScheduling.summary(audio: .fifo(priority: 70), tracking: .normal(reason: "no system D-Bus")),
                       "scheduling: audio thread SCHED_FIFO 70, tracking thread normal (SCHED_FIFO refused; rtkit: no "
                           + "system D-Bus); capture and the rest normal")
        XCTAssertEqual(RealtimeScheduling.summary(audio: nil, tracking: .fifo(priority: 60)),
                       "scheduling: tracking thread SCHED_FIFO 60; capture and the rest normal", "no sound, no audio thread")
        XCTAssertEqual(RealtimeScheduling.summary(audio: .realtimeKit(priority: 20), tracking: .realtimeKit(priority: 10)),
                       "scheduling: audio thread SCHED_RR 20 via rtkit, tracking thread SCHED_RR 10 via rtkit; capture "
                           + "and the rest normal")
    }

    /// With no system bus at all (an address nobody listens on), the request falls back quietly and says why.
    func testWithoutASystemBusTheThreadStaysNormalAndSaysWhy() throws {
        guard geteuid() != 0 else {
            throw XCTSkip("runs as root, where SCHED_FIFO is granted directly (UnprivilegedLiveTests covers the fallback)")
        }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/theremin-test-bus", 1)
        defer { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") }
        XCTAssertEqual(RealtimeScheduling.request(), .normal(reason: "no system D-Bus"))
    }
}
