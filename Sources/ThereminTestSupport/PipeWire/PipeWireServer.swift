import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// PipeWire cannot run here because something it needs is absent (a package, the ALSA plugin). Tests turn this into a
/// skip whose message is `description`.
public struct PipeWireUnavailable: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// A private PipeWire that should have worked here did not (it exited, or never became ready).
public struct PipeWireError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// A private PipeWire server for one test class: its own D-Bus session bus, `pipewire`, `wireplumber` and one sink,
/// all in a fresh temporary folder (runtime, configuration and state), so neither the machine's sound server nor its
/// ALSA configuration is touched or seen.
///
/// The sink is PipeWire's ALSA sink over this package's paced test device (`ALSAPacedDevice`) with
/// `latency.internal.ns` set: a sound card that plays in real time and reports a known latency to the graph (as a USB
/// or Bluetooth device reports its own), so tests can check that the latency theremin shows includes the server's. Clients reach the server through
/// `clientEnvironment`, whose `ALSA_CONFIG_PATH` names a configuration where `default` is the `pipewire` ALSA plugin
/// (pipewire-alsa), as on a PipeWire desktop.
public final class PipeWireServer: @unchecked Sendable, DaemonGroup {
    /// The node name of the sink.
    public let sinkName = "theremin-test-sink"
    /// The graph's sample rate.
    public let sampleRate = 48_000
    /// The latency the sink reports beyond its own quantum (`latency.internal.ns`), in seconds.
    public let sinkLatency: Double
    /// The temporary folder holding everything of this server.
    public let directory: URL
    /// `XDG_RUNTIME_DIR` of the server and its clients (the `pipewire-0` socket and the bus live here).
    public let runtimeDirectory: String
    /// The ALSA configuration clients use: `default` and `pipewire` go to this server.
    public let alsaConfigPath: String
    private var daemons: [Daemon] = []
    private var stopped = false

    /// Where the ALSA plugin of pipewire-alsa is installed on Debian.
    static let alsaPluginDirectories = ["/usr/lib/x86_64-linux-gnu/alsa-lib", "/usr/lib/aarch64-linux-gnu/alsa-lib",
                                        "/usr/lib/alsa-lib", "/usr/lib64/alsa-lib"]

    /// Starts the bus, the server and the session manager, and waits until the session manager has made the sink
    /// the default one (the server answers and streams will be linked).
    /// - Parameter sinkLatency: seconds the sink reports beyond one quantum.
    /// - Throws: `PipeWireUnavailable` when a program or the ALSA plugin is missing (callers skip), `PipeWireError`
    ///   when it is all there but does not start.
    public static func start(sinkLatency: Double = 0.030, timeout: Double = 60) throws -> PipeWireServer {
        try checkInstalled()
        return try PipeWireServer(sinkLatency: sinkLatency).launched(timeout: timeout)
    }

    /// The programs these tests need, with the Debian package that brings each.
    static let requiredPrograms: [(program: String, package: String)] = [
        ("pipewire", "pipewire-bin"), ("wireplumber", "wireplumber"), ("dbus-daemon", "dbus-daemon"),
        ("pw-dump", "pipewire-bin"), ("pw-record", "pipewire-bin"), ("pw-profiler", "pipewire-bin"),
        ("pw-metadata", "pipewire-bin"),
    ]

    static func checkInstalled() throws {
        for (program, package) in requiredPrograms where findProgram(program) == nil {
            throw PipeWireUnavailable(description: "\(program) not installed (Debian package \(package)): cannot start "
                + "a private PipeWire; `make test` installs it (scripts/deps.txt)")
        }
        guard alsaPluginInstalled else {
            throw PipeWireUnavailable(description: "the pipewire ALSA plugin is not installed (Debian package "
                + "pipewire-alsa): cannot play through PipeWire; `make test` installs it (scripts/deps.txt)")
        }
    }

    /// Whether pipewire-alsa's ALSA plugin is installed: what makes `type pipewire` in an ALSA configuration mean a
    /// PipeWire server.
    public static var alsaPluginInstalled: Bool {
        alsaPluginDirectories.contains { FileManager.default.fileExists(atPath: $0 + "/libasound_module_pcm_pipewire.so") }
    }

    /// The absolute path of `program` on `PATH` (or in /usr/bin), or nil.
    public static func findProgram(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin"] {
            let candidate = folder + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private init(sinkLatency: Double) throws {
        self.sinkLatency = sinkLatency
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-pipewire-\(UUID().uuidString)")
        runtimeDirectory = directory.appendingPathComponent("run").path
        alsaConfigPath = directory.appendingPathComponent("asound.conf").path
        guard let pacedPlugin = ALSATestEnvironment.pacedPluginPath else {
            throw PipeWireUnavailable(description: ALSATestEnvironment.pacedDeviceMissing + " (the PipeWire sink plays into it)")
        }
        let files = PipeWireTestConfiguration(sinkName: sinkName, sampleRate: sampleRate, sinkLatency: sinkLatency,
                                              busSocket: runtimeDirectory + "/bus", pacedPlugin: pacedPlugin)
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        for (relativePath, text) in files.files(alsaConfigPath: "asound.conf") {
            let url = directory.appendingPathComponent(relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    deinit { stop() }

    /// What a client of this server needs in its environment: the runtime folder (where `pipewire-0` is) and the ALSA
    /// configuration whose `default` is pipewire-alsa.
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "PIPEWIRE_RUNTIME_DIR": runtimeDirectory,
         "ALSA_CONFIG_PATH": alsaConfigPath, "PIPEWIRE_REMOTE": "pipewire-0"]
    }

    /// The daemons' environment: everything PipeWire, WirePlumber and D-Bus read or write goes under `directory`.
    private var daemonEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        for (key, value) in clientEnvironment { environment[key] = value }
        environment["HOME"] = directory.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtimeDirectory)/bus"
        return environment
    }

    func launch(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let environment = daemonEnvironment
        let busConfig = directory.appendingPathComponent("bus.conf").path
        daemons.append(try start("dbus-daemon", ["--config-file=\(busConfig)", "--nofork", "--nopidfile"],
                                        environment: environment, log: directory.appendingPathComponent("dbus.log")))
        try waitFor("the D-Bus session bus", until: deadline) {
            FileManager.default.fileExists(atPath: self.runtimeDirectory + "/bus")
        }
        daemons.append(try start("pipewire", [], environment: environment,
                                        log: directory.appendingPathComponent("pipewire.log")))
        try waitFor("pipewire's socket", until: deadline) {
            FileManager.default.fileExists(atPath: self.runtimeDirectory + "/pipewire-0")
        }
        daemons.append(try start("wireplumber", [], environment: environment,
                                        log: directory.appendingPathComponent("wireplumber.log")))
        // Ready when the session manager has chosen the sink as the default: the server answers, the sink exists and
        // the policy that links new streams to it runs.
        try waitFor("wireplumber to choose \(sinkName) as the default sink", until: deadline) {
            guard let graph = try? self.graph() else { return false }
            return graph.defaultSinkName == self.sinkName
        }
    }

    private func start(_ program: String, _ arguments: [String], environment: [String: String], log: URL) throws -> Daemon {
        guard let path = PipeWireServer.findProgram(program) else {
            throw PipeWireUnavailable(description: "\(program) not installed")
        }
        return try Daemon(name: program, path: path, arguments: arguments, environment: environment, log: log)
    }

    private func waitFor(_ what: String, until deadline: Date, condition: () -> Bool) throws {
        guard let problem = daemons.wait(for: what, until: deadline, condition: condition) else { return }
        throw PipeWireError(description: problem)
    }

    /// The last lines each daemon printed, for failure messages.
    public func logTails() -> String { daemons.logTails() }

    /// The server's objects now (`pw-dump`).
    public func graph() throws -> PipeWireGraph {
        let result = try runTool("pw-dump", [])
        guard result.status == 0 else {
            throw PipeWireError(description: "pw-dump failed (\(result.status)): \(result.stderr)")
        }
        return try PipeWireGraph(json: Data(result.stdout.utf8))
    }

    /// Changes one of the server's live settings, as a user would (`pw-metadata -n settings 0 KEY VALUE`, e.g.
    /// `clock.force-quantum 1024`; 0 undoes a forced value).
    public func setSetting(_ key: String, _ value: Int) throws {
        let result = try runTool("pw-metadata", ["-n", "settings", "0", key, String(value)])
        guard result.status == 0 else {
            throw PipeWireError(description: "pw-metadata could not set \(key) to \(value): \(result.stderr)")
        }
    }

    /// Runs one of PipeWire's tools against this server and waits for it.
    public func runTool(_ program: String, _ arguments: [String]) throws -> ProcessRunner.Result {
        guard let path = PipeWireServer.findProgram(program) else {
            throw PipeWireUnavailable(description: "\(program) not installed (Debian package pipewire-bin)")
        }
        return try ProcessRunner.run(path, arguments, environment: clientEnvironment)
    }

    /// Starts one of PipeWire's tools against this server in the background (e.g. `pw-record`).
    public func spawnTool(_ program: String, _ arguments: [String], in folder: String? = nil) throws -> ProcessRunner.Running {
        guard let path = PipeWireServer.findProgram(program) else {
            throw PipeWireUnavailable(description: "\(program) not installed (Debian package pipewire-bin)")
        }
        return try ProcessRunner.spawn(path, arguments, environment: clientEnvironment, currentDirectory: folder)
    }

    /// Stops the session manager, the server and the bus (in that order), and removes the folder; safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        daemons.stopAll(removing: directory)
    }
}
