import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// RealtimeKit cannot run here because something it needs is absent (root, a package, a user). Tests turn this into a
/// skip whose message is `description`.
public struct RealtimeKitUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// A private RealtimeKit that should have worked here did not start.
public struct RealtimeKitError: Error, CustomStringConvertible {
    public let description: String
}

/// A system bus of the test's own with Debian's polkitd and rtkit-daemon on it, unmodified, as on a desktop: a program
/// run with `clientEnvironment` (`DBUS_SYSTEM_BUS_ADDRESS`) asks this rtkit, and the machine's own bus (if any) is not
/// touched.
///
/// On a desktop polkit lets rtkit serve the user of the active session; a test user has no session, so this polkitd
/// reads one rule more, granting rtkit's two actions to `user`. The rule is bind-mounted over
/// /etc/polkit-1/rules.d in a mount namespace of polkitd's own, so nothing on the machine changes. rtkit-daemon runs
/// with its defaults (chroot, dropped privileges, canary watchdog, MaxRealtimePriority 20, RTTimeUSecMax 200 ms).
public final class RealtimeKitBus: @unchecked Sendable, DaemonGroup {
    public let directory: URL
    /// The bus address clients use (`DBUS_SYSTEM_BUS_ADDRESS`).
    public let address: String
    private var daemons: [Daemon] = []
    private var stopped = false

    static let rtkitDaemon = "/usr/libexec/rtkit-daemon"
    static let polkitDaemon = "/usr/lib/polkit-1/polkitd"
    static let polkitRules = "/etc/polkit-1/rules.d"

    /// Starts the bus, polkitd and rtkit-daemon, and waits until both own their names.
    /// - Throws: `RealtimeKitUnavailable` when root, a program or a user is missing (callers skip), `RealtimeKitError`
    ///   when all is there but it does not start.
    public static func start(allowing user: String, timeout: Double = 20) throws -> RealtimeKitBus {
        try checkInstalled()
        return try RealtimeKitBus(allowing: user).launched(timeout: timeout)
    }

    static func checkInstalled() throws {
        guard geteuid() == 0 else {
            throw RealtimeKitUnavailable(description: "needs root: rtkit-daemon starts as root and polkitd's rule is "
                + "bind-mounted in a mount namespace")
        }
        for (path, package) in [(rtkitDaemon, "rtkit"), (polkitDaemon, "polkitd")]
        where !FileManager.default.isExecutableFile(atPath: path) {
            throw RealtimeKitUnavailable(description: "\(path) not installed (Debian package \(package)); `make test` "
                + "installs it (scripts/deps.txt)")
        }
        for (program, package) in [("dbus-daemon", "dbus-daemon"), ("dbus-send", "dbus-bin"), ("unshare", "util-linux"),
                                   ("setpriv", "util-linux")] where PipeWireServer.findProgram(program) == nil {
            throw RealtimeKitUnavailable(description: "\(program) not installed (Debian package \(package))")
        }
        for name in ["rtkit", "polkitd"] where getpwnam(name) == nil {
            throw RealtimeKitUnavailable(description: "no user \(name) (made when the Debian package is installed)")
        }
        guard FileManager.default.fileExists(atPath: polkitRules) else {
            throw RealtimeKitUnavailable(description: "\(polkitRules) is missing (Debian package polkitd)")
        }
    }

    private init(allowing user: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-rtkit-\(UUID().uuidString)")
        address = "unix:path=" + directory.appendingPathComponent("system_bus_socket").path
        let rules = directory.appendingPathComponent("rules.d")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        chmod(directory.path, 0o755)  // rtkit, polkitd and the test user reach the socket
        try Data(Self.busConfiguration(address: address).utf8).write(to: directory.appendingPathComponent("bus.conf"))
        let rule = rules.appendingPathComponent("50-theremin-test-rtkit.rules")
        try Data(Self.polkitRule(user: user).utf8).write(to: rule)
        chmod(rule.path, 0o644)
    }

    deinit { stop() }

    /// A system bus like Debian's system.conf (deny by default, the services' own policies from system.d), listening
    /// on `address`, with no service activation (nothing of the machine's is started on it).
    static func busConfiguration(address: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>\(address)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <deny own="*"/>
            <deny send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_requested_reply="true" send_type="method_return"/>
            <allow send_requested_reply="true" send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
            <allow receive_type="signal"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
          </policy>
          <includedir>/usr/share/dbus-1/system.d</includedir>
        </busconfig>

        """
    }

    /// What an active desktop session gets from rtkit's own policy (allow_active), for `user`.
    static func polkitRule(user: String) -> String {
        """
        polkit.addRule(function(action, subject) {
            if (action.id.indexOf("org.freedesktop.RealtimeKit1.") == 0 && subject.user == "\(user)") {
                return polkit.Result.YES;
            }
        });

        """
    }

    /// What a client of this bus needs in its environment.
    public var clientEnvironment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

    func launch(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        func start(_ name: String, _ path: String, _ arguments: [String]) throws {
            daemons.append(try Daemon(name: name, path: path, arguments: arguments, environment: environment,
                                      log: directory.appendingPathComponent(name + ".log")))
        }
        try start("dbus-daemon", PipeWireServer.findProgram("dbus-daemon") ?? "dbus-daemon",
                  ["--config-file=" + directory.appendingPathComponent("bus.conf").path, "--nofork", "--nopidfile"])
        try waitFor("the bus", until: deadline) {
            FileManager.default.fileExists(atPath: self.directory.appendingPathComponent("system_bus_socket").path)
        }
        let rules = directory.appendingPathComponent("rules.d").path
        try start("polkitd", PipeWireServer.findProgram("unshare") ?? "unshare", [
            "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
            "mount --bind \"$0\" \"$1\" && exec \"$2\" --no-debug", rules, Self.polkitRules, Self.polkitDaemon,
        ])
        try waitFor("polkitd on the bus", until: deadline) { self.hasOwner("org.freedesktop.PolicyKit1") }
        // rtkit-daemon caps its user's processes (RLIMIT_NPROC 3): beside the machine's own rtkit-daemon, which
        // holds those three, ours could not start its threads without this.
        let beside = Self.processesOfUser("rtkit") > 0 ? ["--no-limit-resources"] : []
        try start("rtkit-daemon", Self.rtkitDaemon, ["--stderr"] + beside)
        try waitFor("rtkit-daemon on the bus", until: deadline) { self.hasOwner("org.freedesktop.RealtimeKit1") }
    }

    /// How many processes run as `user` (the real uid in /proc/PID/status).
    static func processesOfUser(_ user: String) -> Int {
        guard let entry = getpwnam(user) else { return 0 }
        let uid = String(entry.pointee.pw_uid)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
            guard pid.allSatisfy(\.isNumber),
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return false }
            return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.map(String.init) == uid
        }.count
    }

    /// Whether `name` has an owner on this bus (dbus-send).
    private func hasOwner(_ name: String) -> Bool {
        guard let dbusSend = PipeWireServer.findProgram("dbus-send"),
              let result = try? ProcessRunner.run(dbusSend, [
                  "--bus=" + address, "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                  "org.freedesktop.DBus.NameHasOwner", "string:" + name,
              ]) else { return false }
        return result.status == 0 && result.stdout.contains("boolean true")
    }

    private func waitFor(_ what: String, until deadline: Date, condition: () -> Bool) throws {
        guard let problem = daemons.wait(for: what, until: deadline, condition: condition) else { return }
        throw RealtimeKitError(description: problem)
    }

    /// The last lines each daemon printed, for failure messages.
    public func logTails() -> String { daemons.logTails() }

    /// Stops rtkit-daemon, polkitd and the bus (in that order) and removes the folder; safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        daemons.stopAll(removing: directory)
    }
}
