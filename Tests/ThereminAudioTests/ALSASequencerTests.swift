import CALSA
import Foundation
import XCTest
import ThereminAudio
import ThereminCore

/// The live MIDI port through the kernel's ALSA sequencer: a second client here receives what theremin sends.
/// Needs /dev/snd/seq (the snd-seq module), which build machines and containers usually lack: skipped there.
final class ALSASequencerTests: XCTestCase {
    func testMessagesArriveAtTheConnectedPort() throws {
        guard FileManager.default.fileExists(atPath: "/dev/snd/seq") else {
            throw XCTSkip("/dev/snd/seq is missing (load snd-seq with `modprobe snd-seq`): the live MIDI port cannot be tested here")
        }
        var receiver: OpaquePointer?
        guard snd_seq_open(&receiver, "hw", SND_SEQ_OPEN_INPUT, 0) >= 0, let receiver else {
            throw XCTSkip("the ALSA sequencer cannot be opened for input here")
        }
        defer { snd_seq_close(receiver) }
        let port = snd_seq_create_simple_port(receiver, "test in", UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE),
                                              UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC))
        XCTAssertGreaterThanOrEqual(port, 0)
        let address = "\(snd_seq_client_id(receiver)):\(port)"

        let sequencer = try ALSASequencer(connectingTo: address)
        defer { sequencer.close() }
        let sent: [MIDIMessage] = [.pitchBend(channel: 0, value: 9_387), .controlChange(channel: 0, controller: 11, value: 64),
                                   .noteOn(channel: 0, note: 69, velocity: 64), .noteOff(channel: 0, note: 69, velocity: 0)]
        for message in sent { try sequencer.send(message) }

        var received: [String] = []
        while received.count < sent.count {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            guard snd_seq_event_input(receiver, &event) >= 0, let event else { break }
            switch Int32(event.pointee.type) {
            case Int32(SND_SEQ_EVENT_PITCHBEND.rawValue): received.append("bend \(event.pointee.data.control.value)")
            case Int32(SND_SEQ_EVENT_CONTROLLER.rawValue):
                received.append("cc \(event.pointee.data.control.param) \(event.pointee.data.control.value)")
            case Int32(SND_SEQ_EVENT_NOTEON.rawValue): received.append("on \(event.pointee.data.note.note) \(event.pointee.data.note.velocity)")
            case Int32(SND_SEQ_EVENT_NOTEOFF.rawValue): received.append("off \(event.pointee.data.note.note)")
            default: continue
            }
        }
        XCTAssertEqual(received, ["bend 1195", "cc 11 64", "on 69 64", "off 69"])
    }

    func testAPortThatDoesNotExistIsASetupError() throws {
        XCTAssertThrowsError(try ALSASequencer(connectingTo: "no-such-synth")) { error in
            guard let midi = error as? MIDIError else { return XCTFail("\(error)") }
            XCTAssertTrue(midi.isSetup)
            XCTAssertTrue(midi.description.hasPrefix("MIDI port 'no-such-synth': "), midi.description)
        }
    }
}
