import Foundation
import XCTest
import ThereminTestSupport

/// The private jackd every JACK test starts, on a machine whose JACK registry is full: jackd keeps eight servers in
/// one registry (`/dev/shm/jack-shm-registry`), and servers killed and never started again (a test process killed
/// mid-run) keep their entries, after which no jackd starts at all and every JACK test fails.
final class JACKServerRegistryTests: XCTestCase {
    func testAServerStartsWhenKilledServersFilledTheRegistry() throws {
        guard let jackd = PipeWireServer.findProgram("jackd") else {
            throw XCTSkip("jackd not installed (Debian package jackd2); `make test` installs it")
        }
        let others = JACKServer.runningDaemons()
        guard others.isEmpty, let jackLsp = PipeWireServer.findProgram("jack_lsp") else {
            throw XCTSkip("a jackd already runs here (pid \(others.map(String.init).joined(separator: ", "))) or jack_lsp "
                + "is missing: a live registry entry cannot be cleared, so the registry is not filled")
        }
        // Servers, each killed once it is up, until jackd refuses one: every entry taken by a server that is gone
        // (eight fill an empty registry; a registry with stale entries already fills sooner).
        let stale = "theremin-stale-\(getpid())-"
        defer {
            // What the killed servers left in /dev/shm (their sockets and wake-ups).
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [] where entry.contains(stale) {
                try? FileManager.default.removeItem(atPath: "/dev/shm/" + entry)
            }
        }
        var refusal: String?
        for index in 0...8 where refusal == nil {
            let name = stale + String(index)
            let server = try ProcessRunner.spawn(jackd, ["-n", name, "-d", "dummy", "-r", "48000", "-p", "128"])
            let settled = try waitUntil(timeout: 10, every: 0.1) {
                try !server.process.isRunning
                    || ProcessRunner.run(jackLsp, [], environment: ["JACK_DEFAULT_SERVER": name]).status == 0
            }
            if server.process.isRunning { server.signal(SIGKILL) }
            let result = server.wait()
            XCTAssertTrue(settled, "jackd \(name) came up or was refused")
            let said = result.stdout + result.stderr
            if said.contains("Too many servers already active") { refusal = said }
        }
        XCTAssertNotNil(refusal, "the registry filled: jackd refused a server after the killed ones")

        let server = try JACKServer.start()
        defer { server.stop() }
        XCTAssertTrue(try server.ports().contains("system:playback_1"), "the private server runs")
    }
}
