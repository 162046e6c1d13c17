import XCTest
import ThereminCore

/// MIDI bytes against hand-computed expectations.
final class MIDITests: XCTestCase {
    func testMessageBytes() {
        XCTAssertEqual(MIDIMessage.noteOn(channel: 0, note: 60, velocity: 100).bytes, [0x90, 0x3C, 0x64])
        XCTAssertEqual(MIDIMessage.noteOff(channel: 15, note: 69, velocity: 0).bytes, [0x8F, 0x45, 0x00])
        XCTAssertEqual(MIDIMessage.controlChange(channel: 2, controller: 11, value: 127).bytes, [0xB2, 0x0B, 0x7F])
        XCTAssertEqual(MIDIMessage.channelPressure(channel: 1, value: 64).bytes, [0xD1, 0x40])
        // 14-bit bend: low 7 bits first. 8192 = 0x2000 -> 00 40; 16383 -> 7F 7F; 0 -> 00 00; 12345 = 0x3039 -> 39 60.
        XCTAssertEqual(MIDIMessage.pitchBend(channel: 0, value: 8_192).bytes, [0xE0, 0x00, 0x40])
        XCTAssertEqual(MIDIMessage.pitchBend(channel: 0, value: 16_383).bytes, [0xE0, 0x7F, 0x7F])
        XCTAssertEqual(MIDIMessage.pitchBend(channel: 3, value: 0).bytes, [0xE3, 0x00, 0x00])
        XCTAssertEqual(MIDIMessage.pitchBend(channel: 0, value: 12_345).bytes, [0xE0, 0x39, 0x60])
    }

    func testVariableLengthQuantities() {
        // The examples of the Standard MIDI File specification.
        let cases: [(Int, [UInt8])] = [(0, [0x00]), (0x40, [0x40]), (0x7F, [0x7F]), (0x80, [0x81, 0x00]),
                                       (0x2000, [0xC0, 0x00]), (0x3FFF, [0xFF, 0x7F]), (0x4000, [0x81, 0x80, 0x00]),
                                       (0x1FFFFF, [0xFF, 0xFF, 0x7F]), (0x200000, [0x81, 0x80, 0x80, 0x00]),
                                       (0x0FFFFFFF, [0xFF, 0xFF, 0xFF, 0x7F])]
        for (value, bytes) in cases {
            XCTAssertEqual(StandardMIDIFile.variableLength(value), bytes, "\(value)")
        }
    }

    func testAPhraseIsOneNoteWithBendAndVolume() {
        var performer = MIDIPerformer(settings: MIDISettings(channel: 0, bendRange: 48, volume: .cc11))
        XCTAssertEqual(performer.setup(), [
            .controlChange(channel: 0, controller: 101, value: 0), .controlChange(channel: 0, controller: 100, value: 0),
            .controlChange(channel: 0, controller: 6, value: 48), .controlChange(channel: 0, controller: 38, value: 0),
            .controlChange(channel: 0, controller: 101, value: 127), .controlChange(channel: 0, controller: 100, value: 127),
            .pitchBend(channel: 0, value: 8_192),
        ])
        XCTAssertEqual(performer.messages(for: Control(frequency: 440, amplitude: 0.5, gate: true)),
                       [.pitchBend(channel: 0, value: 8_192), .controlChange(channel: 0, controller: 11, value: 64),
                        .noteOn(channel: 0, note: 69, velocity: 64)])
        // A fifth up (7 semitones) within ±48: 8192 + 7/48·8192 = 9386.67 -> 9387, no new note.
        XCTAssertEqual(performer.messages(for: Control(frequency: 440 * pow(2, 7.0 / 12), amplitude: 0.5, gate: true)),
                       [.pitchBend(channel: 0, value: 9_387)])
        XCTAssertEqual(performer.messages(for: Control(frequency: 440 * pow(2, 7.0 / 12), amplitude: 1, gate: true)),
                       [.controlChange(channel: 0, controller: 11, value: 127)], "only what changed")
        XCTAssertEqual(performer.messages(for: Control(frequency: 440 * pow(2, 7.0 / 12), amplitude: 1, gate: true)), [])
        XCTAssertEqual(performer.messages(for: Control(frequency: 300, amplitude: 1, gate: false)),
                       [.noteOff(channel: 0, note: 69, velocity: 0)], "the hand leaves: the phrase ends")
        XCTAssertEqual(performer.messages(for: Control(frequency: 300, amplitude: 1, gate: false)), [])
    }

    func testLeavingANarrowBendRangeRestrikesAndVolumeKindsDiffer() {
        var performer = MIDIPerformer(settings: MIDISettings(channel: 9, bendRange: 2, volume: .pressure))
        _ = performer.messages(for: Control(frequency: Note.frequency(midi: 60.25), amplitude: 0.25, gate: true))
        // 60.25 -> note 60, bend +0.25/2·8192 = 1024.
        var performer2 = MIDIPerformer(settings: MIDISettings(channel: 9, bendRange: 2, volume: .pressure))
        XCTAssertEqual(performer2.messages(for: Control(frequency: Note.frequency(midi: 60.25), amplitude: 0.25, gate: true)),
                       [.pitchBend(channel: 9, value: 9_216), .channelPressure(channel: 9, value: 32),
                        .noteOn(channel: 9, note: 60, velocity: 32)])
        XCTAssertEqual(performer.messages(for: Control(frequency: Note.frequency(midi: 62.5), amplitude: 0.25, gate: true)),
                       [.noteOff(channel: 9, note: 60, velocity: 0), .pitchBend(channel: 9, value: 6_144),
                        .channelPressure(channel: 9, value: 32), .noteOn(channel: 9, note: 63, velocity: 32)],
                       "2.5 semitones is past ±2: a new note, 63 bent down half a semitone")
        var cc7 = MIDIPerformer(settings: MIDISettings(volume: .cc7))
        XCTAssertEqual(cc7.messages(for: Control(frequency: 440, amplitude: 1, gate: true))[1],
                       .controlChange(channel: 0, controller: 7, value: 127))
    }

    func testStandardMIDIFileByteForByte() {
        // 480 ticks per quarter at 120 bpm = 960 ticks per second: 0.5 s = 480 ticks = VLQ 83 60.
        let file = StandardMIDIFile(events: [(0, .noteOn(channel: 0, note: 60, velocity: 100)),
                                             (0.5, .pitchBend(channel: 0, value: 12_288)),
                                             (1.0, .noteOff(channel: 0, note: 60, velocity: 0))])
        let expected: [UInt8] = [
            0x4D, 0x54, 0x68, 0x64, 0x00, 0x00, 0x00, 0x06,   // "MThd", length 6
            0x00, 0x00, 0x00, 0x01, 0x01, 0xE0,               // format 0, 1 track, 480 ticks per quarter
            0x4D, 0x54, 0x72, 0x6B, 0x00, 0x00, 0x00, 0x19,   // "MTrk", 25 bytes
            0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,         // tempo 500000 us per quarter
            0x00, 0x90, 0x3C, 0x64,                           // note on C4
            0x83, 0x60, 0xE0, 0x00, 0x60,                     // +480: bend 12288 (0x3000)
            0x83, 0x60, 0x80, 0x3C, 0x00,                     // +480: note off
            0x00, 0xFF, 0x2F, 0x00,                           // end of track
        ]
        XCTAssertEqual(file.encoded(), expected)
    }

    func testAReplayScheduleBecomesAFile() {
        let rate = 48_000.0
        let schedule = [
            TimedControl(sampleIndex: 0, control: Control(frequency: 440, amplitude: 1, gate: true)),
            TimedControl(sampleIndex: 24_000, control: Control(frequency: 440, amplitude: 1, gate: false)),
        ]
        let file = StandardMIDIFile.performance(schedule, sampleRate: rate, settings: MIDISettings())
        XCTAssertEqual(file.events.count, 7 + 3 + 1)
        XCTAssertEqual(file.events.last?.time, 0.5)
        XCTAssertEqual(file.events.last?.message, .noteOff(channel: 0, note: 69, velocity: 0))
        let bytes = file.encoded()
        // The note-off 0.5 s (480 ticks) after the note-on, just before the end of track.
        XCTAssertEqual(Array(bytes.suffix(9)), [0x83, 0x60, 0x80, 0x45, 0x00, 0x00, 0xFF, 0x2F, 0x00])
    }
}
