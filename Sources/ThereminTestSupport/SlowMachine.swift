import Foundation
import XCTest

/// `scripts/slow-machine FACTOR` held open around a test: a real-time spinner takes 1 - 1/FACTOR of every CPU until
/// `stop()` (which puts the kernel's real-time throttling back). Fake cameras started meanwhile should be raised above
/// it with `raise(_:)`, as a webcam's driver runs in the kernel.
public final class SlowMachine {
    private let running: ProcessRunner.Running
    private var stopped = false
    /// The priority the spinner runs at is 80; this is above it.
    public static let cameraPriority = 90

    /// Starts the spinner and waits until it runs; skips where it cannot (not root, no C compiler).
    public static func startOrSkip(factor: Double) throws -> SlowMachine {
        guard geteuid() == 0 else { throw XCTSkip("slow-machine needs root (a SCHED_FIFO spinner)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") else {
            throw XCTSkip("slow-machine needs a C compiler (/usr/bin/cc: Debian package gcc)")
        }
        let script = TestMedia.repositoryRoot.appendingPathComponent("scripts/slow-machine").path
        let marker = NSTemporaryDirectory() + "slow-machine-\(getpid())-\(UUID().uuidString)"
        let running = try ProcessRunner.spawn("/bin/bash", [script, String(factor), "--", "/bin/bash", "-c",
                                                            "touch \"$0\"; exec sleep 600", marker])
        let machine = SlowMachine(running: running)
        let deadline = Date().addingTimeInterval(60)  // a condition: compiling the spinner on a loaded machine
        while !FileManager.default.fileExists(atPath: marker) && running.process.isRunning && Date() < deadline {
            usleep(20_000)
        }
        try? FileManager.default.removeItem(atPath: marker)
        guard running.process.isRunning else {
            throw SlowMachineError(description: "scripts/slow-machine ended: \(running.wait().stderr)")
        }
        return machine
    }

    private init(running: ProcessRunner.Running) { self.running = running }

    deinit { stop() }

    /// Runs every thread of process `pid` above the spinner.
    public func raise(_ pid: Int32) throws {
        let result = try ProcessRunner.run("/usr/bin/chrt", ["-a", "-f", "-p", String(Self.cameraPriority), String(pid)])
        guard result.status == 0 else { throw SlowMachineError(description: "chrt: \(result.stderr)") }
    }

    /// Ends the spinner; the script puts the throttling back.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        running.signal(SIGINT)
        _ = running.wait()
    }
}

public struct SlowMachineError: Error, CustomStringConvertible {
    public let description: String
}
