import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The graph's cycles as the server measured them, from `pw-profiler` (PipeWire's profiler module, the source
/// `pw-top` reads too): for each cycle of the driver, its period and which followers ran in it.
///
/// pw-profiler's log has one line a cycle: four tab-separated columns for the driver (signal interval µs, processing
/// µs, clock delay µs, period µs = the quantum's duration at the driver's measured rate), then eight per follower slot
/// (node id, five timings, status, 0), blank while that follower was not in the cycle. The driver's period times the
/// graph rate is the quantum of that cycle (within the driver's rate correction, under 1 % for a sound card).
public struct PipeWireProfile: Sendable {
    public struct Cycle: Sendable, Equatable {
        /// The driver's period this cycle, in microseconds.
        public var periodMicroseconds: Double
        /// The node ids of the followers that ran in this cycle.
        public var followers: [Int]
    }

    public let cycles: [Cycle]

    /// Parses pw-profiler's log text; lines that are not cycles (too few columns, no numeric period) are skipped.
    public init(log: String) {
        var cycles: [Cycle] = []
        for line in log.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count >= 4, let period = Double(columns[3]), period > 0 else { continue }
            var followers: [Int] = []
            var slot = 4
            while slot < columns.count {
                if let id = Int(columns[slot]) { followers.append(id) }
                slot += 8
            }
            cycles.append(Cycle(periodMicroseconds: period, followers: followers))
        }
        self.cycles = cycles
    }

    /// The quantum (frames at `rate`) of every cycle in which node `id` ran.
    public func quanta(whileRunning id: Int, rate: Int) -> [Double] {
        cycles.filter { $0.followers.contains(id) }.map { $0.periodMicroseconds * Double(rate) / 1e6 }
    }
}

/// `pw-profiler` running against a server until `stop()`, which returns what it logged.
public final class PipeWireProfiler: @unchecked Sendable {
    private let running: ProcessRunner.Running
    private let folder: TemporaryFolder

    /// Starts logging (pw-profiler writes its log and plot scripts into a scratch folder of its own).
    public init(server: PipeWireServer) throws {
        folder = try TemporaryFolder(prefix: "theremin-pw-profiler")
        running = try server.spawnTool("pw-profiler", ["-o", folder.path("profiler.log")], in: folder.url.path)
    }

    /// Stops it (SIGINT, as Ctrl-C: it writes out its log) and parses the log.
    /// - Throws: `PipeWireError` when it failed or logged nothing.
    public func stop() throws -> PipeWireProfile {
        running.signal(SIGINT)
        let result = running.wait()
        guard let log = try? String(contentsOfFile: folder.path("profiler.log"), encoding: .utf8) else {
            throw PipeWireError(description: "pw-profiler wrote no log (status \(result.status)): \(result.stdout) \(result.stderr)")
        }
        return PipeWireProfile(log: log)
    }
}
