import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminJACK

/// JACK MIDI out against a real jackd2 and a JACK MIDI receiver (`jack_midi_dump`): the messages arrive as sent,
/// each at the frame it was sent at, not bunched at the start of the cycle (a 1024-frame period makes the
/// difference plain: 21 ms a cycle).
final class JACKMIDIOutputTests: XCTestCase {
    func testMessagesArriveAtTheFramesTheyWereSentAt() throws {
        let server = try JACKServer.startOrSkip(periodFrames: 1_024)
        defer { server.stop() }
        let monitor = try server.startMIDIMonitor()
        let output = try JACKMIDIOutput(request: JACKRequest(server: server.name, clientName: "theremin-midi",
                                                             connection: .ports(["midi-monitor:input"])))
        XCTAssertEqual(output.portName, "theremin-midi:midi_out")
        XCTAssertTrue(server.wait(timeout: 10) { (try? server.connections())?["theremin-midi:midi_out"] == ["midi-monitor:input"] })

        let messages: [MIDIMessage] = [
            .noteOn(channel: 0, note: 67, velocity: 100), .pitchBend(channel: 0, value: 8_500),
            .controlChange(channel: 0, controller: 74, value: 40), .channelPressure(channel: 1, value: 90),
            .noteOff(channel: 0, note: 67, velocity: 0),
        ]
        // When each was sent, on JACK's clock: between the readings either side of the call.
        var windows: [(UInt64, UInt64)] = []
        for message in messages {
            let before = JACKClient.now()
            try output.send(message)
            windows.append((before, JACKClient.now()))
            usleep(4_000)
        }
        XCTAssertTrue(server.wait(timeout: 10) { output.messagesWritten == messages.count }, "written into JACK's buffers")
        // The receiver runs after theremin in the same cycle; two more cycles and it has certainly had them.
        let cycles = output.cycles
        XCTAssertTrue(server.wait(timeout: 10) { output.cycles >= cycles + 2 })
        XCTAssertEqual(output.droppedMessages, 0)
        let events = JACKServer.events(of: monitor)

        XCTAssertEqual(events.map(\.bytes), messages.map(\.bytes), "every message, in order, as sent")
        guard events.count == messages.count else { return }
        for index in 1..<events.count {
            let frames = events[index].frame - events[0].frame
            let earliest = Double(windows[index].0) - Double(windows[0].1), latest = Double(windows[index].1) - Double(windows[0].0)
            let low = Int((earliest / 1_000_000 * 48_000).rounded(.down)) - 48
            let high = Int((latest / 1_000_000 * 48_000).rounded(.up)) + 48
            XCTAssertTrue((low...high).contains(frames),
                          "message \(index) \(frames) frames after the first, sent \(low + 48)…\(high - 48) frames after it (±1 ms)")
        }
        XCTAssertGreaterThan(Set(events.map(\.frame)).count, 3, "spread over their frames, not bunched at a cycle's start")
    }

    func testAMissingPortIsRefused() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        XCTAssertThrowsError(try JACKMIDIOutput(request: JACKRequest(server: server.name, clientName: "theremin-midi",
                                                                     connection: .ports(["fluidsynth:midi_00"])))) { error in
            XCTAssertEqual((error as? JACKError)?.problem, .noSuchPort("fluidsynth:midi_00"))
        }
    }
}
