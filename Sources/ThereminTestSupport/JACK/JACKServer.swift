import Foundation

/// A private jackd2 with the dummy driver (no sound card): its own server name, so neither the machine's JACK nor
/// another test's is touched. Clients reach it through `clientEnvironment` (`JACK_DEFAULT_SERVER`).
public final class JACKServer: @unchecked Sendable {
    public let name: String
    public private(set) var sampleRate: Int
    public private(set) var periodFrames: Int
    private let directory: URL
    private var daemon: Daemon?
    /// Killed and not started again: its entry in the machine's JACK registry is still taken.
    private var killedWithoutRestart = false

    /// The programs the JACK tests need, with the Debian package that brings each.
    static let requiredPrograms: [(program: String, package: String)] = [
        ("jackd", "jackd2"), ("jack_lsp", "jackd2"), ("jack_rec", "jackd2"), ("jack_bufsize", "jackd2"),
    ]

    /// Starts `jackd -d dummy` and waits until it lists its playback ports.
    /// - Throws: `JACKUnavailable` when jackd2 is not installed (callers skip), `JACKServerError` when it does not start.
    public static func start(sampleRate: Int = 48_000, periodFrames: Int = 128, timeout: Double = 30) throws -> JACKServer {
        for (program, package) in requiredPrograms where PipeWireServer.findProgram(program) == nil {
            throw JACKUnavailable(description: "\(program) not installed (Debian package \(package)): cannot start a "
                + "private JACK server; `make test` installs it (scripts/deps.txt)")
        }
        let server = JACKServer(sampleRate: sampleRate, periodFrames: periodFrames)
        try server.launch(timeout: timeout)
        return server
    }

    private init(sampleRate: Int, periodFrames: Int) {
        name = "theremin-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.sampleRate = sampleRate
        self.periodFrames = periodFrames
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-jack-\(UUID().uuidString)")
    }

    deinit { stop() }

    /// What a JACK client of this server needs in its environment.
    public var clientEnvironment: [String: String] {
        ["JACK_DEFAULT_SERVER": name, "JACK_NO_AUDIO_RESERVATION": "1"]
    }

    /// Starts (or starts again, after `kill`) the server under the same name. Clients get 10 s to finish a cycle
    /// (`-t 10000`) instead of jackd's 500 ms: on a loaded test machine the server otherwise drops a client that fell
    /// behind, which is the machine's doing, not the client's.
    /// - Parameter rate: start at this rate instead (as a server restarted with other settings).
    public func launch(timeout: Double = 30, rate: Int? = nil) throws {
        do {
            try launchOnce(timeout: timeout, rate: rate)
        } catch is JACKRegistryFull {
            try JACKServer.clearStaleRegistry()
            try launchOnce(timeout: timeout, rate: rate)
        }
        killedWithoutRestart = false
    }

    /// jackd keeps at most 8 servers in one registry for the machine (`/dev/shm/jack-shm-registry`) and frees an
    /// entry only when a server of the same name starts: servers killed and never started again (a test process
    /// killed mid-run) fill it, and then no jackd starts at all. With no jackd running, every entry is stale, and the
    /// registry is removed (jackd makes it anew).
    /// - Throws: `JACKServerError` when a jackd runs (its entry is live: nothing is removed).
    static func clearStaleRegistry() throws {
        let running = runningDaemons()
        guard running.isEmpty else {
            throw JACKServerError(description: "jackd: too many servers registered on this machine and \(running.count) "
                + "jackd running: stop them, or remove /dev/shm/jack-shm-registry once none runs")
        }
        try? FileManager.default.removeItem(atPath: "/dev/shm/jack-shm-registry")
    }

    /// The process ids of the jackd processes running on this machine (any user's, any server's).
    public static func runningDaemons() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == "jackd" else { return nil }
            return pid
        }
    }

    private func launchOnce(timeout: Double, rate: Int?) throws {
        if let rate { sampleRate = rate }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in clientEnvironment { environment[key] = value }
        guard let jackd = PipeWireServer.findProgram("jackd") else { throw JACKUnavailable(description: "jackd not installed") }
        let log = directory.appendingPathComponent("jackd-\(UUID().uuidString.prefix(4)).log")
        let started = try Daemon(name: "jackd", path: jackd,
                                 arguments: ["-n", name, "-t", "10000", "-d", "dummy", "-r", String(sampleRate),
                                             "-p", String(periodFrames)],
                                 environment: environment, log: log)
        daemon = started
        if let problem = [started].wait(for: "jackd's playback ports", until: Date().addingTimeInterval(timeout), condition: {
            (try? self.ports())?.contains("system:playback_1") == true
        }) {
            started.stop()
            daemon = nil
            if started.logContains("Too many servers already active") { throw JACKRegistryFull() }
            throw JACKServerError(description: problem)
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() {
        guard let daemon else { return }
        Glibc.kill(daemon.processIdentifier, SIGKILL)
        daemon.stop()
        self.daemon = nil
        killedWithoutRestart = true
    }

    /// Stops the server; one killed and not started again is started and stopped once more, which frees its entry in
    /// the machine's JACK registry (see `clearStaleRegistry`).
    public func stop() {
        if daemon == nil && killedWithoutRestart { try? launch(timeout: 10) }
        daemon?.stop()
        daemon = nil
    }

    /// Every port's full name (`jack_lsp`).
    public func ports() throws -> [String] {
        try tool("jack_lsp", []).split(separator: "\n").map(String.init)
    }

    /// Each port with the ports it is connected to (`jack_lsp -c`).
    public func connections() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        for line in try tool("jack_lsp", ["-c"]).split(separator: "\n") {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                if let current { result[current, default: []].append(line.trimmingCharacters(in: .whitespaces)) }
            } else {
                current = String(line)
                result[String(line)] = result[String(line)] ?? []
            }
        }
        return result
    }

    /// Changes the server's period (`jack_bufsize`), as QjackCtl does.
    public func setPeriod(_ frames: Int) throws {
        _ = try tool("jack_bufsize", [String(frames)])
        periodFrames = frames
    }

    /// Records `seconds` from `port` with `jack_rec` (a JACK capture client) and returns the samples.
    public func record(_ port: String, seconds: Double) throws -> [Float] {
        let file = directory.appendingPathComponent("rec-\(UUID().uuidString.prefix(6)).wav").path
        _ = try tool("jack_rec", ["-f", file, "-d", String(format: "%.2f", seconds), "-b", "16", port])
        return try SoundFile.readMono(path: file)
    }

    /// Starts `jack_midi_dump -a` (client `midi-monitor`, port `midi-monitor:input`): a JACK MIDI receiver printing
    /// each event's frame time and bytes; `stop(_:)` ends it and returns the events.
    public func startMIDIMonitor() throws -> ProcessRunner.Running {
        guard let path = PipeWireServer.findProgram("jack_midi_dump") else {
            throw JACKUnavailable(description: "jack_midi_dump not installed (Debian package jackd2)")
        }
        let running = try ProcessRunner.spawn(path, ["-a"], environment: clientEnvironment)
        guard wait(timeout: 20, until: { (try? self.ports())?.contains("midi-monitor:input") == true }) else {
            running.signal(SIGTERM)
            throw JACKServerError(description: "jack_midi_dump's port never appeared: \(running.wait().stderr)")
        }
        return running
    }

    /// Ends a MIDI monitor and returns what it received: each event's frame time and bytes, in order.
    public static func events(of monitor: ProcessRunner.Running) -> [(frame: Int, bytes: [UInt8])] {
        monitor.signal(SIGTERM)
        return monitor.wait().stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let frame = Int(parts[0].trimmingCharacters(in: .whitespaces)) else { return nil }
            let bytes = parts[1].split(separator: " ").prefix { $0.count == 2 }.compactMap { UInt8($0, radix: 16) }
            return (frame, Array(bytes))
        }
    }

    /// Waits until `condition` holds, polling every 50 ms; false once `timeout` passed or the server exited.
    public func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline || daemon?.isRunning != true { return false }
            usleep(50_000)
        }
        return true
    }

    public func logTail() -> String { daemon?.logTail() ?? "" }

    private func tool(_ program: String, _ arguments: [String]) throws -> String {
        guard let path = PipeWireServer.findProgram(program) else {
            throw JACKUnavailable(description: "\(program) not installed (Debian package jackd2)")
        }
        let result = try ProcessRunner.run(path, arguments, environment: clientEnvironment)
        guard result.status == 0 else {
            let server = daemon?.isRunning == true ? "jackd's log ends" : "jackd has exited; its log ends"
            throw JACKServerError(description: "\(program) \(arguments.joined(separator: " ")) failed (\(result.status)): "
                + "\(result.stderr); \(server): \(logTail().debugDescription)")
        }
        return result.stdout
    }
}

/// jackd2 is not installed here; tests skip with this message.
public struct JACKUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// jackd refused to start: the machine's JACK registry has no free entry.
struct JACKRegistryFull: Error {}

/// The private JACK server did not start or a JACK tool failed.
public struct JACKServerError: Error, CustomStringConvertible {
    public let description: String
}
