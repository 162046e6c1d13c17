import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminJACK

/// JACK MIDI in against a real jackd2 (dummy driver), sent by another JACK MIDI client as a USB foot controller's
/// bridge would be (`footswitch:midi_out`): every default binding arrives as its action, an unknown CC is one line,
/// and the controller going away and coming back is said and reconnected while the input keeps going.
final class JACKMIDIInputTests: XCTestCase {
    /// Polls until `count` actions came, keeping the problems said meanwhile.
    private func receive(_ input: JACKMIDIInput, count: Int, timeout: Double = 10,
                         until: ([String]) -> Bool = { _ in true }) -> (actions: [PlayerAction], problems: [String]) {
        var actions: [TimedAction] = [], problems: [String] = []
        _ = waitUntil(timeout: timeout) {
            input.poll(into: &actions, problems: &problems)
            return actions.count >= count && until(problems)
        }
        return (actions.map(\.action), problems)
    }

    private func footswitch(_ server: JACKServer) throws -> JACKMIDIOutput {
        try JACKMIDIOutput(request: JACKRequest(server: server.name, clientName: "footswitch", connection: .none))
    }

    func testEveryDefaultBindingArrivesAsItsAction() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        let sender = try footswitch(server)
        let input = try JACKMIDIInput(request: JACKRequest(server: server.name, clientName: "theremin-midi-in",
                                                           connection: .ports(["footswitch"])), map: .standard)
        defer { input.close() }
        XCTAssertEqual(input.portName, "theremin-midi-in:midi_in")
        XCTAssertTrue(server.wait(timeout: 10) {
            (try? server.connections())?["footswitch:midi_out"] == ["theremin-midi-in:midi_in"]
        })
        var messages: [[UInt8]] = []
        for index in 0..<4 { messages.append([0xC0, UInt8(index)]) }
        for controller in 80...90 { messages += [[0xB0, UInt8(controller), 127], [0xB0, UInt8(controller), 0]] }
        messages += [[0xB0, 11, 127], [0xB0, 7, 100], [0xB0, 7, 90]]
        for bytes in messages {
            try sender.send(bytes[0] == 0xC0 ? .programChange(channel: 0, program: bytes[1])
                                             : .controlChange(channel: 0, controller: bytes[1], value: bytes[2]))
        }
        let expected: [PlayerAction] = [.nextPreset, .previousPreset, .loop, .mute, .nextPreset, .previousPreset, .loop,
                                        .mute, .takeBack, .nextWaveform, .octaveUp, .octaveDown, .undoLayer, .clearLoop,
                                        .recalibrate, .correction(100)]
        let (actions, problems) = receive(input, count: expected.count) { !$0.isEmpty }
        XCTAssertEqual(actions, expected, "switches' presses only, in order")
        XCTAssertEqual(problems, ["MIDI in: CC 7 on channel 1 is not mapped to an action (see --midi-map); playing goes on"])
        XCTAssertEqual(input.droppedMessages, 0)
    }

    func testTheControllerGoingAwayIsSaidAndItIsConnectedAgainWhenBack() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        var sender: JACKMIDIOutput? = try footswitch(server)
        let input = try JACKMIDIInput(request: JACKRequest(server: server.name, clientName: "theremin-midi-in",
                                                           connection: .ports(["footswitch:midi_out"])), map: .standard)
        defer { input.close() }
        try sender?.send(.controlChange(channel: 0, controller: 83, value: 127))
        XCTAssertEqual(receive(input, count: 1).actions, [.mute])

        sender = nil  // unplugged: its client and port are gone
        let away = receive(input, count: 0) { $0.contains { $0.contains("went away") } }.problems
        XCTAssertEqual(away, ["MIDI in: footswitch:midi_out went away; playing goes on, and it is connected again when it is back"])

        sender = try footswitch(server)
        let back = receive(input, count: 0) { $0.contains { $0.contains("is back") } }.problems
        XCTAssertEqual(back, ["MIDI in: footswitch:midi_out is back and connected"])
        try sender?.send(.controlChange(channel: 0, controller: 80, value: 127))
        XCTAssertEqual(receive(input, count: 1).actions, [.nextPreset], "actions come again after the reconnection")
    }

    func testAMissingSourceIsAnInputError() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        XCTAssertThrowsError(try JACKMIDIInput(request: JACKRequest(server: server.name, clientName: "theremin-midi-in",
                                                                    connection: .ports(["nopedal:out"])), map: .standard)) { error in
            XCTAssertTrue("\(error)".contains("has no MIDI output port 'nopedal:out'"), "\(error)")
            XCTAssertEqual((error as? JACKError)?.failureKind.exitStatus, 2)
        }
    }
}
