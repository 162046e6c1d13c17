import XCTest
import Foundation
import Glibc
import ThereminCore
import ThereminOSC
import ThereminTestSupport

/// `--osc-in` against a real sender, liblo's `oscsend`: each action arrives as sent; a malformed packet, an address
/// that is not an action and a preset without its number are each one line, and what follows still arrives.
final class OSCActionInputTests: XCTestCase {
    private static let oscsend = "/usr/bin/oscsend"

    private func send(_ port: UInt16, _ address: String, _ types: String = "", _ values: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.oscsend) else {
            throw XCTSkip("oscsend is not installed (Debian package liblo-tools; scripts/install-deps --test)")
        }
        let arguments = ["127.0.0.1", String(port), address] + (types.isEmpty ? [] : [types] + values)
        let result = try ProcessRunner.run(Self.oscsend, arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Polls until `count` actions came (or ten seconds passed), keeping the problems said meanwhile.
    private func receive(_ input: OSCActionInput, count: Int) -> (actions: [TimedAction], problems: [String]) {
        var actions: [TimedAction] = [], problems: [String] = []
        _ = waitUntil(timeout: 10) {
            input.poll(into: &actions, problems: &problems)
            return actions.count >= count
        }
        return (actions, problems)
    }

    func testEveryActionSentByOscsendArrives() throws {
        let port = OSCReceivers.freeUDPPort()
        // Every interface (IPv6 taking IPv4 too): a sender to 127.0.0.1 reaches it.
        let input = try OSCActionInput(listeningOn: OSCListenAddress(host: nil, port: port))
        defer { input.close() }
        try send(port, "/theremin/next-preset")
        try send(port, "/theremin/preset", "i", ["4"])
        try send(port, "/theremin/correction", "f", ["62.5"])
        try send(port, "/theremin/take-back", "i", ["1"])
        try send(port, "/theremin/take-back", "i", ["0"])  // the button's release: nothing
        try send(port, "/theremin/octave-down")
        let (actions, problems) = receive(input, count: 5)
        XCTAssertEqual(actions.map(\.action), [.nextPreset, .preset(4), .correction(62.5), .takeBack, .octaveDown])
        XCTAssertEqual(actions.first?.origin, "OSC in: /theremin/next-preset")
        XCTAssertEqual(problems, [])
    }

    func testBadMessagesAreOneLineEachAndPlayingGoesOn() throws {
        let port = OSCReceivers.freeUDPPort()
        let input = try OSCActionInput(listeningOn: OSCListenAddress(host: "127.0.0.1", port: port))
        defer { input.close() }
        // Not OSC at all, from a socket of the test's own.
        let raw = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(raw) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let garbage = Array("hello, no OSC here".utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(raw, garbage, garbage.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(sent, garbage.count)
        try send(port, "/theremin/jump")
        try send(port, "/theremin/jump")
        try send(port, "/theremin/preset")
        try send(port, "/theremin/mute")
        let (actions, problems) = receive(input, count: 1)
        XCTAssertEqual(actions.map(\.action), [.mute])
        XCTAssertEqual(problems.count, 3, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("OSC in: a packet from 127.0.0.1:"), problems[0])
        XCTAssertTrue(problems[0].contains("is not an OSC message"), problems[0])
        XCTAssertTrue(problems[1].contains("OSC address /theremin/jump from 127.0.0.1:"), problems[1])
        XCTAssertTrue(problems[1].contains("is not an action"), problems[1])
        XCTAssertTrue(problems[2].contains("/theremin/preset from 127.0.0.1:"), problems[2])
        XCTAssertTrue(problems[2].contains("needs the preset's number"), problems[2])
        XCTAssertTrue(problems.allSatisfy { !$0.contains("\n") && $0.contains("playing goes on") }, "\(problems)")
    }

    func testATakenPortIsRefusedWithItsRemedy() throws {
        let port = OSCReceivers.freeUDPPort()
        let first = try OSCActionInput(listeningOn: OSCListenAddress(host: "127.0.0.1", port: port))
        defer { first.close() }
        XCTAssertThrowsError(try OSCActionInput(listeningOn: OSCListenAddress(host: "127.0.0.1", port: port))) { error in
            XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1:\(port)"), "\(error)")
            XCTAssertTrue("\(error)".contains("pick a free port"), "\(error)")
        }
    }

    func testTheListenAddressTakesAPortAloneOrAHost() {
        XCTAssertEqual(OSCListenAddress(parsing: "9000"), OSCListenAddress(host: nil, port: 9000))
        XCTAssertEqual(OSCListenAddress(parsing: "127.0.0.1:9000"), OSCListenAddress(host: "127.0.0.1", port: 9000))
        XCTAssertEqual(OSCListenAddress(parsing: "[::1]:9000"), OSCListenAddress(host: "::1", port: 9000))
        for bad in ["", "0", "70000", "host:", ":9000", "a b:9"] { XCTAssertNil(OSCListenAddress(parsing: bad), bad) }
    }
}
