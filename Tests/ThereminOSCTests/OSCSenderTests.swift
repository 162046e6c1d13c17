import XCTest
import Foundation
import Synchronization
import ThereminCore
import ThereminOSC
import ThereminTestSupport

/// The sender against a real receiver, liblo's `oscdump` on loopback: values, their order and the time tag arrive
/// as sent; a full queue drops its oldest bundles and counts them; a refused port and a host that does not resolve
/// are each one clear line.
final class OSCSenderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("osc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testBundlesArriveWithTheirValuesInOrderAndTheirTimeTag() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let port = receiver.port
        let sender = try OSCSender(endpoint: OSCEndpoint(host: "127.0.0.1", port: port), report: { _ in })
        sender.start()
        let control = Control(frequency: 440, amplitude: 0.5, gate: true)
        let hand = HandSample(t: 1, x: 0.25, y: 0.75, present: true, confidence: 0.875, handedness: .right,
                              landmarks: (0..<21).map {
                                  NormalizedPoint(x: Double($0) / 32, y: 1 - Double($0) / 64, z: -Double($0) / 128)
                              })
        // 1234567890.5 s after 1970: the time tag oscdump prints as NTP seconds.fraction in hex.
        let time = 1_234_567_890.5
        sender.send(OSCPacket(time: time, capturedAt: 0,
                              messages: OSCAddressSpace.messages(control: control, hands: HandsFrame(hand))))
        let lines = receiver.lines(atLeast: 8)
        sender.finish()
        XCTAssertEqual(sender.statistics.bundles, 1)
        XCTAssertEqual(sender.statistics.messages, 8)
        let addresses = lines.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        XCTAssertEqual(addresses, ["/theremin/pitch", "/theremin/note", "/theremin/level", "/theremin/gate",
                                   "/theremin/hands", "/theremin/hand/1/tip", "/theremin/hand/1/side",
                                   "/theremin/hand/1/landmarks"], lines.joined(separator: "\n"))
        guard lines.count == 8 else { return }
        let ntp = UInt64(time + 2_208_988_800)
        XCTAssertTrue(lines[0].hasPrefix(String(format: "%08x.80000000 ", ntp)), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("/theremin/pitch f 440.000000"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("/theremin/note if 69 0.000000"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("/theremin/level f 0.500000"), lines[2])
        XCTAssertTrue(lines[3].hasSuffix("/theremin/gate i 1"), lines[3])
        XCTAssertTrue(lines[4].hasSuffix("/theremin/hands i 1"), lines[4])
        // The tip's z is landmark 8's.
        XCTAssertTrue(lines[5].hasSuffix("/theremin/hand/1/tip ffff 0.250000 0.750000 -0.062500 0.875000"), lines[5])
        XCTAssertTrue(lines[6].hasSuffix("/theremin/hand/1/side s \"right\""), lines[6])
        XCTAssertTrue(lines[7].contains("/theremin/hand/1/landmarks " + String(repeating: "f", count: 63) + " "), lines[7])
        let values = lines[7].split(separator: " ").suffix(63).compactMap { Double($0) }
        XCTAssertEqual(values.count, 63)
        XCTAssertEqual(values[3 * 20], 20.0 / 32, accuracy: 1e-6)
        XCTAssertEqual(values[3 * 20 + 1], 1 - 20.0 / 64, accuracy: 1e-6)
        XCTAssertEqual(values[3 * 20 + 2], -20.0 / 128, accuracy: 1e-6)
    }

    func testAFullQueueDropsTheOldestAndCountsThem() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let port = receiver.port
        let sender = try OSCSender(endpoint: OSCEndpoint(host: "127.0.0.1", port: port), capacity: 3, report: { _ in })
        // Not started: the queue fills, and the first two of five are dropped.
        for index in 1...5 {
            sender.send(OSCPacket(time: 0, capturedAt: 0, messages: [OSCMessage("/n", [.int(Int32(index))])]))
        }
        XCTAssertEqual(sender.statistics.dropped, 2)
        sender.start()
        let lines = receiver.lines(atLeast: 3)
        sender.finish()
        XCTAssertEqual(lines.map { $0.split(separator: " ").last.map(String.init) ?? "" }, ["3", "4", "5"])
        XCTAssertEqual(sender.statistics.bundles, 3)
    }

    func testARefusedPortIsOneLineAndSendingGoesOn() throws {
        let port = OSCReceivers.freeUDPPort()
        let lines = Mutex<[String]>([])
        let sender = try OSCSender(endpoint: OSCEndpoint(host: "127.0.0.1", port: port),
                                   report: { line in lines.withLock { $0.append(line) } })
        sender.start()
        // The refusal comes back (ICMP) after a first datagram; keep sending until it is reported.
        let deadline = Date().addingTimeInterval(20)
        while lines.withLock({ $0.isEmpty }) && Date() < deadline {
            sender.send(OSCPacket(time: 0, capturedAt: 0, messages: [OSCMessage("/x", [.float(1)])]))
            usleep(10_000)
        }
        for _ in 0..<5 { sender.send(OSCPacket(time: 0, capturedAt: 0, messages: [OSCMessage("/x", [.float(1)])])) }
        sender.finish()
        let reported = lines.withLock { $0 }
        XCTAssertEqual(reported.count, 1, "\(reported)")
        XCTAssertTrue(reported.first?.contains("127.0.0.1:\(port)") == true, "\(reported)")
        XCTAssertTrue(reported.first?.contains("start the receiver") == true, "\(reported)")
        XCTAssertGreaterThan(sender.statistics.failed, 0)
    }

    func testAHostThatDoesNotResolveIsAClearError() {
        XCTAssertThrowsError(try OSCSender(endpoint: OSCEndpoint(host: "no-such-host.invalid", port: 9000),
                                           report: { _ in })) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("no-such-host.invalid:9000"), text)
            XCTAssertTrue(text.contains("playing goes on"), text)
        }
    }
}
