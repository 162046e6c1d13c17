import XCTest
@testable import ThereminCore

/// Each of `--check`'s verdicts from the condition it names (the binary's tests fake the conditions a test can:
/// rlimits, no RealtimeKit, no camera, a JACK server's period).
final class ReadinessPolicyTests: XCTestCase {
    func testRealTimePriority() {
        let fifo = ReadinessPolicy.realTime(audio: .fifo(priority: 70), tracking: .fifo(priority: 60), capture: .fifo(priority: 55),
                                            rtprioLimit: 95, mayRaiseItself: false)
        XCTAssertEqual(fifo.level, .ok)
        XCTAssertEqual(fifo.finding, "rtprio limit 95: audio SCHED_FIFO 70, tracking SCHED_FIFO 60, capture SCHED_FIFO 55")
        let root = ReadinessPolicy.realTime(audio: .fifo(priority: 70), tracking: .fifo(priority: 60), capture: .fifo(priority: 55),
                                            rtprioLimit: 0, mayRaiseItself: true)
        XCTAssertTrue(root.finding.hasPrefix("CAP_SYS_NICE: "), root.finding)
        let rtkit = ReadinessPolicy.realTime(audio: .realtimeKit(priority: 20), tracking: .realtimeKit(priority: 10),
                                             capture: .realtimeKit(priority: 5), rtprioLimit: 0, mayRaiseItself: false)
        XCTAssertEqual(rtkit.level, .ok)
        XCTAssertTrue(rtkit.finding.contains("RealtimeKit grants SCHED_RR: audio SCHED_RR 20 via rtkit"), rtkit.finding)
        let none = ReadinessPolicy.realTime(audio: .normal(reason: "no system D-Bus"), tracking: .normal(reason: "no system D-Bus"),
                                            capture: .normal(reason: "no system D-Bus"), rtprioLimit: 0, mayRaiseItself: false)
        XCTAssertEqual(none.level, .fail)
        XCTAssertTrue(none.fix?.contains("@audio - rtprio 95") == true && none.fix?.contains("rtkit") == true, none.fix ?? "")
    }

    func testLockedMemory() {
        XCTAssertEqual(ReadinessPolicy.memoryLock(limitBytes: nil).level, .ok)
        let limited = ReadinessPolicy.memoryLock(limitBytes: 8 << 20)
        XCTAssertEqual(limited.level, .warn)
        XCTAssertTrue(limited.finding.hasPrefix("memlock limit 8192 KiB"), limited.finding)
        XCTAssertTrue(limited.fix?.contains("memlock unlimited") == true)
    }

    func testGovernors() {
        XCTAssertEqual(ReadinessPolicy.governors([]).level, .ok)
        XCTAssertEqual(ReadinessPolicy.governors(["performance", "performance"]).level, .ok)
        let saving = ReadinessPolicy.governors(["powersave", "performance", "powersave"])
        XCTAssertEqual(saving.level, .warn)
        XCTAssertTrue(saving.finding.hasPrefix("governor performance, powersave on 3 cores"), saving.finding)
        XCTAssertTrue(saving.fix?.contains("cpupower frequency-set -g performance") == true)
    }

    func testThreadedInterrupts() {
        XCTAssertEqual(ReadinessPolicy.threadedInterrupts(commandLine: "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet threadirqs",
                                                         realtimeKernel: false).level, .ok)
        XCTAssertEqual(ReadinessPolicy.threadedInterrupts(commandLine: "root=/dev/sda1 quiet", realtimeKernel: true).level, .ok)
        let plain = ReadinessPolicy.threadedInterrupts(commandLine: "root=/dev/sda1 nothreadirqs", realtimeKernel: false)
        XCTAssertEqual(plain.level, .warn)
        XCTAssertTrue(plain.fix?.contains("GRUB_CMDLINE_LINUX_DEFAULT") == true)
    }

    func testJACKPeriod() {
        XCTAssertEqual(ReadinessPolicy.jack(server: "default", sampleRate: 48_000, periodFrames: 128).level, .ok)
        let long = ReadinessPolicy.jack(server: "default", sampleRate: 48_000, periodFrames: 1_024)
        XCTAssertEqual(long.level, .warn)
        XCTAssertTrue(long.finding.contains("1024-frame period (21.3 ms)"), long.finding)
        XCTAssertTrue(long.fix?.contains("jack_bufsize 128") == true)
    }

    func testTrackerAgainstTheFrameInterval() {
        let quick = ReadinessPolicy.tracker(followed: 5, afresh: 23, frameRate: 30, periodFrames: 128, sampleRate: 48_000)
        XCTAssertEqual(quick.level, .ok)
        XCTAssertEqual(quick.finding, "a followed frame 5 ms, a hand found afresh 23 ms: expect about 13.2 ms from motion "
                           + "to sound at 30 fps (tracking 5, hand-off 1.5, sound 6.7)")
        // A searching frame slower than the interval is no reason to lower the rate: play follows.
        let searching = ReadinessPolicy.tracker(followed: 17.5, afresh: 47, frameRate: 30, periodFrames: 128, sampleRate: 48_000)
        XCTAssertEqual(searching.level, .ok)
        XCTAssertNil(searching.fix)
        let slow = ReadinessPolicy.tracker(followed: 40, afresh: 90, frameRate: 30, periodFrames: 240, sampleRate: 48_000)
        XCTAssertEqual(slow.level, .warn)
        XCTAssertEqual(slow.fix, "close other busy programs, or play with --fps 20")
        XCTAssertEqual(ReadinessPolicy.tracker(followed: 150, afresh: 300, frameRate: 30, periodFrames: 240,
                                               sampleRate: 48_000).level, .fail)
    }

    func testReadyWhenNothingFails() {
        XCTAssertTrue([Readiness("a", .ok, ""), Readiness("b", .warn, "")].isReady)
        XCTAssertFalse([Readiness("a", .ok, ""), Readiness("b", .fail, "")].isReady)
    }
}
