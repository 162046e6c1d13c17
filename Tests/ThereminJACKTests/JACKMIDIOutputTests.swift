import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminJACK

/// JACK MIDI out against a real jackd2 and JACK MIDI receivers (`jack_midi_dump`, a recorder client): the messages
/// arrive as sent, each at the start of the first cycle after it was sent, where the audio output applies the control
/// sent with it (its port on the audio output's client), so a note-on lands at the frame its sound starts.
final class JACKMIDIOutputTests: XCTestCase {
    func testMessagesGoAtTheStartOfTheCycleAfterTheyWereSent() throws {
        let server = try JACKServer.startOrSkip(periodFrames: 1_024)
        defer { server.stop() }
        let monitor = try server.startMIDIMonitor()
        let output = try JACKMIDIOutput(request: JACKRequest(server: server.name, clientName: "theremin-midi",
                                                             connection: .ports(["midi-monitor:input"])))
        XCTAssertEqual(output.portName, "theremin-midi:midi_out")
        XCTAssertTrue(server.wait(timeout: 10) { (try? server.connections())?["theremin-midi:midi_out"] == ["midi-monitor:input"] })

        let together: [MIDIMessage] = [
            .noteOn(channel: 0, note: 67, velocity: 100), .pitchBend(channel: 0, value: 8_500),
            .controlChange(channel: 0, controller: 74, value: 40),
        ]
        let later: [MIDIMessage] = [.channelPressure(channel: 1, value: 90), .noteOff(channel: 0, note: 67, velocity: 0)]
        for message in together { try output.send(message) }
        // A cycle (21 ms at 1,024 frames) has begun after the first three: the other two go a cycle later at least.
        let cycles = output.cycles
        XCTAssertTrue(server.wait(timeout: 10) { output.messagesWritten == together.count && output.cycles >= cycles + 2 })
        for message in later { try output.send(message) }
        let messages = together + later
        XCTAssertTrue(server.wait(timeout: 10) { output.messagesWritten == messages.count }, "written into JACK's buffers")
        // The receiver runs after theremin in the same cycle; two more cycles and it has certainly had them.
        let written = output.cycles
        XCTAssertTrue(server.wait(timeout: 10) { output.cycles >= written + 2 })
        XCTAssertEqual(output.droppedMessages, 0)
        let events = JACKServer.events(of: monitor)

        XCTAssertEqual(events.map(\.bytes), messages.map(\.bytes), "every message, in order, as sent")
        guard events.count == messages.count else { return }
        let frames = events.map(\.frame)
        XCTAssertTrue(frames.allSatisfy { ($0 - frames[0]) % 1_024 == 0 }, "each at a cycle's first frame: \(frames)")
        XCTAssertLessThanOrEqual(frames[2] - frames[0], 1_024, "sent together, out within a cycle: \(frames)")
        XCTAssertGreaterThanOrEqual(frames[3] - frames[2], 1_024, "sent a cycle later, out a cycle later: \(frames)")
    }

    func testALiveNoteOnArrivesAtTheFrameItsSoundStarts() throws {
        let server = try JACKServer.startOrSkip()
        defer { server.stop() }
        let recorder = try JACKFrameRecorder(server: server.name)
        defer { recorder.close() }
        let audio = try JACKOutput(request: JACKRequest(server: server.name, connection: .ports(["recorder:audio_in"])))
        let midi = try audio.addMIDIOutput(connection: .ports(["recorder:midi_in"]))
        XCTAssertEqual(midi.portName, "theremin:midi_out", "MIDI on the sound's own client")
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: Double(audio.sampleRate), voice: VoiceSettings()))
        audio.start(renderer)
        defer { try? audio.stop(afterFrames: 0) }

        // As the tracking loop does: the control to the voice, then its messages to MIDI, one after the other.
        var offsets: [Int] = []
        for note in 0..<6 {
            XCTAssertTrue(server.wait(timeout: 10) { recorder.silentFrames.load(ordering: .relaxed) >= recorder.quietFrames },
                          "silence before note \(note)")
            var control = Control(frequency: 440, amplitude: 0.8, gate: true)
            control.sourceTime = MonotonicClock.now()
            renderer.controls.push(control)
            try midi.send(.noteOn(channel: 0, note: 69, velocity: 100), capturedAt: control.sourceTime)
            var onset: UInt32?, noteOn: UInt32?
            XCTAssertTrue(server.wait(timeout: 10) {
                onset = onset ?? recorder.onsets.pop()
                noteOn = noteOn ?? recorder.noteOns.pop()
                return onset != nil && noteOn != nil
            }, "note \(note): heard and received")
            if let onset, let noteOn { offsets.append(Int(Int32(bitPattern: noteOn &- onset))) }
            renderer.controls.push(Control(frequency: 440, amplitude: 0, gate: false))
            try midi.send(.noteOff(channel: 0, note: 69, velocity: 0))
        }
        let period = server.periodFrames
        XCTAssertTrue(offsets.allSatisfy { abs($0) <= period }, "each note-on within a period of its sound: \(offsets)")
        let sorted = offsets.map(abs).sorted()
        XCTAssertLessThanOrEqual(sorted[sorted.count / 2], 16,
                                 "note-on at the frame its sound starts (sent at its frame one period on, it lagged "
                                    + "by where in the cycle it was sent): \(offsets)")
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
