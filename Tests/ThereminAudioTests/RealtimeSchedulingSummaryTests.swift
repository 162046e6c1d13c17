import XCTest
@testable import ThereminAudio

/// Without a system bus, the request for real-time scheduling falls back to normal and says why (the line `-v`
/// prints from it is tested in ThereminCoreTests' `ThreadSchedulingTests`).
final class RealtimeSchedulingSummaryTests: XCTestCase {
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
