import Foundation
import XCTest
import ThereminTestSupport

/// A sound device that does not open, as a newcomer meets it (issue 46): `default` routed to a PipeWire server that
/// is not running, no sound card at all, a card another program holds. Each is one line with the fix that applies,
/// exit 2, never advice to use the device that just failed, and, where no device can play, the file that can.
/// Every case runs the built binary with the test's own ALSA configuration and runtime folder.
final class SoundUnavailableTests: BinaryTestCase {
    /// The runtime folder theremin looks for sound servers in: the test's own, where none runs.
    private var runtime: String { directory.appendingPathComponent("run").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    }

    /// Runs `--demo` with `configuration` as ALSA's whole configuration.
    private func demo(with configuration: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run(binary, ["--demo", "--no-preview"], environment: try environment(with: configuration))
    }

    /// The test's ALSA configuration and runtime folder, nothing of the machine's sound server.
    private func environment(with configuration: String) throws -> [String: String] {
        let path = directory.appendingPathComponent("asound.conf").path
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: path))
        return ["ALSA_CONFIG_PATH": path, "XDG_RUNTIME_DIR": runtime, "PIPEWIRE_RUNTIME_DIR": "", "PIPEWIRE_REMOTE": "",
                "XDG_CONFIG_HOME": directory.path]
    }

    /// The test configuration with `default` the paced test device holding `lock` while open.
    private static func lockedDefault(_ lock: String, paced: String, capture: String = "/dev/null") -> String {
        ALSATestEnvironment.configuration(default: "type theremin_paced lock \"\(lock)\" file \"\(capture)\"", extra: paced)
    }

    /// `default` as pipewire-alsa's `99-pipewire-default.conf` makes it.
    private static let pipewireDefault = """
        pcm.!default {
            type pipewire
            playback_node "-1"
            capture_node "-1"
            hint { show on description "Default ALSA Output (currently PipeWire Media Server)" }
        }

        """

    private func checkOneLineWithoutTheFailedDevice(_ result: ProcessRunner.Result, file: StaticString = #filePath,
                                                   line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("theremin: audio device 'default'"), result.stderr, file: file, line: line)
        XCTAssertFalse(result.stderr.contains("--audio-device default"), "never the device that failed: \(result.stderr)",
                       file: file, line: line)
        XCTAssertFalse(result.stderr.contains("demo: Ode to Joy"), "nothing announced before the sound: \(result.stderr)",
                       file: file, line: line)
    }

    func testDefaultRoutedToAPipeWireServerThatIsNotRunningSaysHowToStartIt() throws {
        guard PipeWireServer.alsaPluginInstalled else {
            throw XCTSkip("the pipewire ALSA plugin is not installed (Debian package pipewire-alsa; `make test` installs it)")
        }
        let result = try demo(with: Self.pipewireDefault)
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("audio device 'default' plays through PipeWire, which is not running "
                                             + "(nothing answers at \(runtime)/pipewire-0)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("`systemctl --user start pipewire wireplumber`"), result.stderr)
        XCTAssertTrue(result.stderr.contains("`\(binary!) --demo --output demo.wav`"), "what can play: \(result.stderr)")
        XCTAssertFalse(result.stderr.contains("Host is down"), "the reason a player cannot act on: \(result.stderr)")
    }

    /// A device the user may not open: the paced device's lock file is root's alone, and theremin runs as nobody; the
    /// fix is the `audio` group.
    func testPermissionDeniedNamesTheAudioGroup() throws {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv (util-linux) to run the binary as an ordinary user")
        }
        guard let plugin = ALSATestEnvironment.pacedPluginPath, isReachableByOthers(binary), isReachableByOthers(plugin)
        else { throw XCTSkip("the binary or the paced device's plugin is not reachable by other users") }
        chmod(directory.path, 0o777)
        let lock = directory.appendingPathComponent("card.lock").path
        XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: nil, attributes: [.posixPermissions: 0o600]))
        var environment = try environment(with: ALSATestEnvironment.configuration(
            default: "type theremin_paced lock \"\(lock)\"", extra: paced))
        chmod(environment["ALSA_CONFIG_PATH"] ?? "", 0o644)
        environment["HOME"] = directory.path
        let result = try ProcessRunner.run("/usr/bin/setpriv", [
            "--reuid=65534", "--regid=65534", "--clear-groups", binary, "--demo", "--no-preview",
        ], environment: environment)
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("audio device 'default': open failed: Permission denied: your user may not "
                                             + "use the sound card: add it to the 'audio' group"), result.stderr)
        XCTAssertTrue(result.stderr.contains("`\(binary!) --demo --output demo.wav`"), result.stderr)
    }

    /// `--list-devices` marks `default` when its server is down, in the table and in the JSON.
    func testTheListMarksADeviceWhoseServerIsDown() throws {
        let environment = try environment(with: Self.pipewireDefault)
        let table = try ProcessRunner.run(binary, ["--list-devices"], environment: environment)
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        let listed = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  default  ") }, table.stdout)
        XCTAssertEqual(lines[listed + 1], "           plays through PipeWire, which is not running (nothing answers at "
                       + "\(runtime)/pipewire-0): start it with `systemctl --user start pipewire wireplumber`")

        let json = try ProcessRunner.run(binary, ["--list-devices", "--json"], environment: environment)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let outputs = try XCTUnwrap(document["soundOutputs"] as? [[String: Any]])
        let server = try XCTUnwrap(outputs.first { $0["name"] as? String == "default" }?["server"] as? [String: Any])
        XCTAssertEqual(server["kind"] as? String, "pipewire")
        XCTAssertEqual(server["running"] as? Bool, false)
        XCTAssertEqual(server["socket"] as? String, runtime + "/pipewire-0")
    }

    /// `--check` opens the device live play would use: with `default` going to a server that is down it is FAIL with
    /// the fix, though the device is listed (issue 46: it said OK).
    func testCheckFailsWithTheFixWhenTheServerIsDown() throws {
        guard PipeWireServer.alsaPluginInstalled else {
            throw XCTSkip("the pipewire ALSA plugin is not installed (Debian package pipewire-alsa; `make test` installs it)")
        }
        let result = try ProcessRunner.run(binary, ["--check", "--camera", "/no/such/video7"],
                                           environment: try environment(with: Self.pipewireDefault))
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let sound = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("FAIL  sound server: ") }, result.stdout)
        XCTAssertTrue(lines[sound].hasPrefix("FAIL  sound server: audio device 'default' plays through PipeWire, which is "
                                             + "not running (nothing answers at \(runtime)/pipewire-0)"), lines[sound])
        XCTAssertTrue(lines[sound + 1].hasPrefix("      fix: "), result.stdout)
        XCTAssertTrue(lines[sound + 1].contains("`systemctl --user start pipewire wireplumber`"), lines[sound + 1])
        XCTAssertFalse(result.stdout.contains("--audio-device default"), result.stdout)
    }

    /// The file command is suggested as the player ran theremin: by its name when found on `PATH` (an install), by the
    /// path typed otherwise (`make play` runs `.build/release/theremin`), so it can be pasted as it stands.
    func testTheSuggestedCommandIsTheOneThePlayerRan() throws {
        guard PipeWireServer.alsaPluginInstalled else {
            throw XCTSkip("the pipewire ALSA plugin is not installed (Debian package pipewire-alsa; `make test` installs it)")
        }
        var environment = try environment(with: Self.pipewireDefault)
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        environment["PATH"] = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let byName = try ProcessRunner.run("/usr/bin/env", ["theremin", "--demo", "--no-preview"], environment: environment)
        XCTAssertEqual(byName.status, 2, byName.stderr)
        XCTAssertTrue(byName.stderr.contains("`theremin --demo --output demo.wav`"), byName.stderr)
        let byPath = try ProcessRunner.run(binary, ["--demo", "--no-preview"], environment: environment)
        XCTAssertTrue(byPath.stderr.contains("`\(binary!) --demo --output demo.wav`"), byPath.stderr)
    }

    /// The tests' own PipeWire, started and stopped: theremin looks for it where its clients found it while it ran.
    func testTheTestsPipeWireOnceStoppedIsNotRunning() throws {
        let server: PipeWireServer
        do {
            server = try PipeWireServer.start()
        } catch let unavailable as PipeWireUnavailable {
            throw XCTSkip(unavailable.description)
        }
        var environment = server.clientEnvironment
        let socket = server.runtimeDirectory + "/pipewire-0"
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket), "the server listened there")
        server.stop()
        environment["ALSA_CONFIG_PATH"] = try self.environment(with: Self.pipewireDefault)["ALSA_CONFIG_PATH"]
        environment["XDG_CONFIG_HOME"] = directory.path
        let result = try ProcessRunner.run(binary, ["--demo", "--no-preview"], environment: environment)
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("plays through PipeWire, which is not running (nothing answers at \(socket))"),
                      result.stderr)
    }

    /// A server that died leaves its socket file behind: nothing answers there either.
    func testAStaleSocketLeftByADeadServerIsNotRunning() throws {
        guard PipeWireServer.alsaPluginInstalled else {
            throw XCTSkip("the pipewire ALSA plugin is not installed (Debian package pipewire-alsa; `make test` installs it)")
        }
        let socket = runtime + "/pipewire-0"
        try Self.leaveStaleSocket(at: socket)
        let result = try demo(with: Self.pipewireDefault)
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("PipeWire, which is not running (nothing answers at \(socket))"), result.stderr)
    }

    func testNoSoundCardOffersTheFile() throws {
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd"))?.filter { $0.hasPrefix("controlC") } ?? []
        guard cards.isEmpty else { throw XCTSkip("this machine has a sound card (\(cards)); the case needs none") }
        let result = try demo(with: "pcm.!default { type hw card 0 }\n")
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("this machine has no sound card (none in /dev/snd)"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("no --audio-device can play here; write the demo to a file: "
                                              + "`\(binary!) --demo --output demo.wav`\n"), result.stderr)
    }

    /// The card held by another program: the paced test device holds a lock while open, as a card's playback node
    /// is held, and a second opener is told EBUSY.
    func testABusyCardSaysSoWithoutSuggestingItself() throws {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let lock = directory.appendingPathComponent("card.lock").path
        // One process holding the lock (the shell takes it, then becomes `sleep` keeping it).
        let holder = try ProcessRunner.spawn("/bin/sh", ["-c", "exec 9<>\"$0\" && flock -n 9 && exec sleep 30", lock])
        defer { holder.signal(SIGTERM); _ = holder.wait() }
        XCTAssertTrue(waitUntil(timeout: 10) { Self.isLocked(lock) }, "flock took the lock")
        let result = try demo(with: Self.lockedDefault(lock, paced: paced))
        checkOneLineWithoutTheFailedDevice(result)
        XCTAssertTrue(result.stderr.contains("audio device 'default' is busy: "), result.stderr)
        XCTAssertTrue(result.stderr.contains(": close it;"), result.stderr)
        XCTAssertTrue(result.stderr.contains("`\(binary!) --demo --output demo.wav`"), result.stderr)
    }

    /// The same configuration without the holder plays: the lock, not the configuration, made it busy. theremin holds
    /// the lock itself while it plays.
    func testTheSameDeviceUnheldPlays() throws {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let lock = directory.appendingPathComponent("card.lock").path
        let capture = directory.appendingPathComponent("sound.raw").path
        let running = try ProcessRunner.spawn(binary, ["--demo", "--no-preview"], environment: try environment(
            with: Self.lockedDefault(lock, paced: paced, capture: capture)))
        // Until sound reached the device (the session runs, and stops on SIGINT).
        let played = waitUntil(timeout: 20) {
            ((try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0) > 48_000
                || !running.process.isRunning
        }
        let held = Self.isLocked(lock)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(played && held, "sound reached the device while theremin held it: \(result.stderr)")
        XCTAssertFalse(Self.isLocked(lock), "released once it ended")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("demo: Ode to Joy"), result.stderr)
    }

    private static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }

    /// Binds a Unix socket at `path` and closes it: the file stays, nobody listens.
    static func leaveStaleSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
