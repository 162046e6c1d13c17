import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One background program of a private test server (PipeWire's, RealtimeKit's), its output in a log file.
///
/// The output goes through a pipe this process copies into the file, not straight into it: a daemon that limits its
/// own file size (rtkit-daemon sets `RLIMIT_FSIZE` to 0) would be killed by SIGXFSZ on its first line.
final class Daemon: @unchecked Sendable {
    let name: String
    private let process = Process()
    private let log: URL
    private let exited = DispatchSemaphore(value: 0)
    private let copied = DispatchSemaphore(value: 0)

    init(name: String, path: String, arguments: [String], environment: [String: String], log: URL) throws {
        self.name = name
        self.log = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let file = try FileHandle(forWritingTo: log)
        // setpriv --pdeathsig: the daemon is killed with the test process if that dies without stopping it.
        if let setpriv = PipeWireServer.findProgram("setpriv") {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--pdeathsig", "TERM", "--", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        let output = Pipe()
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let copied = self.copied
        Thread.detachNewThread {
            let reading = output.fileHandleForReading
            while let data = try? reading.read(upToCount: 4096), !data.isEmpty { try? file.write(contentsOf: data) }
            try? file.close()
            copied.signal()
        }
    }

    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }

    /// SIGTERM, then SIGKILL if it has not ended within 5 s.
    func stop() {
        if process.isRunning { process.terminate() }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
        }
        // The copy ends when the daemon's last descriptor on the pipe closes (a child of it may still hold one).
        _ = copied.wait(timeout: .now() + 2)
    }

    /// Everything the daemon printed so far.
    private var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Whether the daemon has printed `text` (anywhere in its log, not only its last lines).
    func logContains(_ text: String) -> Bool { logText.contains(text) }

    func logTail() -> String {
        logText.split(separator: "\n").suffix(5).joined(separator: "\n")
    }
}

extension Array where Element == Daemon {
    /// Polls `condition` every 50 ms until it holds; returns nil then, or what went wrong (a daemon exited, `deadline`
    /// passed) with the daemons' logs.
    func wait(for what: String, until deadline: Date, condition: () -> Bool) -> String? {
        while !condition() {
            if let dead = first(where: { !$0.isRunning }) { return "\(dead.name) exited while waiting for \(what): \(logTails())" }
            if Date() > deadline { return "timed out waiting for \(what): \(logTails())" }
            usleep(50_000)
        }
        return nil
    }

    /// The last lines each daemon printed, for failure messages.
    func logTails() -> String { map { "\($0.name): \($0.logTail().debugDescription)" }.joined(separator: "; ") }

    /// Stops the daemons, the last started first, forgets them and removes their `folder`.
    mutating func stopAll(removing folder: URL) {
        for daemon in reversed() { daemon.stop() }
        removeAll()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A private test server made of daemons: launched whole, or stopped again so that a failed start leaves none behind.
protocol DaemonGroup {
    func launch(timeout: Double) throws
    func stop()
}

extension DaemonGroup {
    /// Launches the group; on failure stops what it started and rethrows.
    func launched(timeout: Double) throws -> Self {
        do {
            try launch(timeout: timeout)
        } catch {
            stop()
            throw error
        }
        return self
    }
}
