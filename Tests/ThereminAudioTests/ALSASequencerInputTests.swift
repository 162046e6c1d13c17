import CALSA
import Foundation
import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// `--midi-in` on the kernel's ALSA sequencer: a controller's messages sent by another sequencer client (theremin's
/// own MIDI out, as a USB foot controller's port would) arrive as actions; its port closing is said once.
/// Needs /dev/snd/seq (the snd-seq module), which build machines and containers usually lack: skipped there.
final class ALSASequencerInputTests: XCTestCase {
    func testTheControllersMessagesArriveAsActionsAndItsLeavingIsSaid() throws {
        guard FileManager.default.fileExists(atPath: "/dev/snd/seq") else {
            throw XCTSkip("/dev/snd/seq is missing (load snd-seq with `modprobe snd-seq`): MIDI in on the sequencer cannot be tested here")
        }
        // The controller: an output client of the test's own, as a USB foot controller's port is.
        var opened: OpaquePointer?
        guard snd_seq_open(&opened, "default", SND_SEQ_OPEN_OUTPUT, 0) >= 0, let pedal = opened else {
            throw XCTSkip("the ALSA sequencer cannot be opened for output here")
        }
        var pedalOpen = true
        defer { if pedalOpen { snd_seq_close(pedal) } }
        let port = snd_seq_create_simple_port(pedal, "pedal", UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ),
                                              UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC))
        XCTAssertGreaterThanOrEqual(port, 0)
        let input = try ALSASequencerInput(connectingFrom: "\(snd_seq_client_id(pedal)):\(port)", map: .standard)
        defer { input.close() }
        func send(_ type: UInt32, parameter: UInt32, value: Int32) {
            var event = snd_seq_event_t()
            event.type = snd_seq_event_type_t(type)
            event.source.port = UInt8(truncatingIfNeeded: port)
            event.dest.client = UInt8(SND_SEQ_ADDRESS_SUBSCRIBERS)
            event.dest.port = UInt8(SND_SEQ_ADDRESS_UNKNOWN)
            event.queue = UInt8(SND_SEQ_QUEUE_DIRECT)
            event.data.control.param = parameter
            event.data.control.value = value
            XCTAssertGreaterThanOrEqual(snd_seq_event_output_direct(pedal, &event), 0)
        }
        send(SND_SEQ_EVENT_PGMCHANGE.rawValue, parameter: 0, value: 1)
        send(SND_SEQ_EVENT_CONTROLLER.rawValue, parameter: 83, value: 127)
        send(SND_SEQ_EVENT_CONTROLLER.rawValue, parameter: 7, value: 1)
        var actions: [TimedAction] = [], problems: [String] = []
        XCTAssertTrue(waitUntil(timeout: 10) {
            input.poll(into: &actions, problems: &problems)
            return actions.count >= 2 && !problems.isEmpty
        })
        XCTAssertEqual(actions.map(\.action), [.previousPreset, .mute])
        XCTAssertEqual(problems, ["MIDI in: CC 7 on channel 1 is not mapped to an action (see --midi-map); playing goes on"])
        snd_seq_close(pedal)
        pedalOpen = false
        XCTAssertTrue(waitUntil(timeout: 10) {
            input.poll(into: &actions, problems: &problems)
            return problems.contains { $0.contains("went away") }
        }, "\(problems)")
    }
}
