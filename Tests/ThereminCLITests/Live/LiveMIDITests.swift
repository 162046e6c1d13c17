import XCTest
import ThereminCore
@testable import ThereminCLI

/// `--midi-out` in live play without a sequencer port (build machines lack /dev/snd/seq): a sink that keeps what
/// it is sent stands for the port, the rest is the real LiveMIDI.
final class LiveMIDITests: XCTestCase {
    private final class KeptMessages: MIDISink {
        var messages: [MIDIMessage] = []
        func send(_ message: MIDIMessage) throws { messages.append(message) }
    }

    func testTheTrackedHandsSetTheSlideAndEachSendIsAged() throws {
        let sink = KeptMessages()
        let settings = MIDISettings(mode: .mpe, slide: .volumeY)
        let two = HandMode.two(TwoHandSettings(leftHanded: false))
        let midi = try LiveMIDI(sink: sink, settings: settings, handMode: two)
        XCTAssertEqual(Array(sink.messages.prefix(3)), [.controlChange(channel: 0, controller: 101, value: 0),
                                                        .controlChange(channel: 0, controller: 100, value: 6),
                                                        .controlChange(channel: 0, controller: 6, value: 15)])
        XCTAssertEqual(midi.statsLine(), "MIDI capture→sent: nothing sent")
        sink.messages = []
        // The left hand (volume) at height 0.25 from the top: slide 0.75 -> 95.
        let hands = HandsFrame(t: 0, hands: [HandSample(t: 0, x: 0.8, y: 0.5, present: true, handedness: .right),
                                             HandSample(t: 0, x: 0.2, y: 0.25, present: true, handedness: .left)])
        let tracker = midi.observing { _ in hands }
        _ = try tracker(Frame(width: 1, height: 1, bytesPerRow: 3, pixels: [0, 0, 0], captureTime: 0, sequence: 0))
        let captured = MonotonicClock.now() - 0.02
        midi.send(Control(frequency: 440, amplitude: 0.5, gate: true, sourceTime: captured))
        XCTAssertEqual(sink.messages, [.pitchBend(channel: 1, value: 8_192), .channelPressure(channel: 1, value: 64),
                                       .controlChange(channel: 1, controller: 74, value: 95),
                                       .noteOn(channel: 1, note: 69, velocity: 64)])
        midi.finish()
        XCTAssertEqual(sink.messages.last, .noteOff(channel: 1, note: 69, velocity: 0))
        // One frame sent, captured 20 ms before: its age is at least that.
        let line = midi.statsLine()
        XCTAssertTrue(line.hasPrefix("MIDI capture→sent (ms): median "), line)
        XCTAssertTrue(line.hasSuffix("over 1 frames that sent messages"), line)
        let median = try XCTUnwrap(Double(line.split(separator: " ")[4].dropLast()))
        XCTAssertGreaterThanOrEqual(median, 20)
    }
}
