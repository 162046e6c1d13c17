import XCTest
import ThereminCore

/// MPE messages against hand-computed expectations: the zone, the rotation over member channels, one note per
/// legato phrase, and what goes before a note-on.
final class MPEPerformerTests: XCTestCase {
    private let settings = MIDISettings(mode: .mpe)

    private func control(_ midi: Double, _ amplitude: Double = 0.5, gate: Bool = true) -> Control {
        Control(frequency: Note.frequency(midi: midi), amplitude: amplitude, gate: gate)
    }

    func testSetupDeclaresALowerZoneOfFifteenAndTheirBendRange() {
        let setup = MPEPerformer(settings: settings).setup()
        // RPN 6 on channel 1 (0 on the wire), 15 member channels, then the null RPN.
        XCTAssertEqual(Array(setup.prefix(6)), [
            .controlChange(channel: 0, controller: 101, value: 0), .controlChange(channel: 0, controller: 100, value: 6),
            .controlChange(channel: 0, controller: 6, value: 15), .controlChange(channel: 0, controller: 38, value: 0),
            .controlChange(channel: 0, controller: 101, value: 127), .controlChange(channel: 0, controller: 100, value: 127),
        ])
        for channel in UInt8(1)...15 {
            XCTAssertTrue(setup.contains(.controlChange(channel: channel, controller: 6, value: 48)), "RPN 0 on \(channel)")
            XCTAssertTrue(setup.contains(.pitchBend(channel: channel, value: 8_192)), "bend centred on \(channel)")
        }
        XCTAssertFalse(setup.contains { if case .noteOn = $0 { return true } else { return false } })
    }

    func testAGlideIsOneNoteAndEachPhraseTakesTheNextChannel() {
        var performer = MPEPerformer(settings: settings)
        // 60.25: note 60, bend 8192 + 0.25/48·8192 = 8234.67 -> 8235; pressure 64 and slide 0.5 -> 64 before the note.
        XCTAssertEqual(performer.messages(for: control(60.25), slide: 0.5), [
            .pitchBend(channel: 1, value: 8_235), .channelPressure(channel: 1, value: 64),
            .controlChange(channel: 1, controller: 74, value: 64), .noteOn(channel: 1, note: 60, velocity: 64),
        ])
        // A glide of 30 semitones up stays on note 60: 8192 + 30/48·8192 = 13312.
        XCTAssertEqual(performer.messages(for: control(90, 1), slide: nil), [
            .pitchBend(channel: 1, value: 13_312), .channelPressure(channel: 1, value: 127),
        ], "no slide value: CC 74 unchanged")
        XCTAssertEqual(performer.messages(for: control(90, 1), slide: nil), [], "only changes")
        XCTAssertEqual(performer.messages(for: control(90, 1), slide: nil), [])
        XCTAssertEqual(performer.messages(for: control(90, 1, gate: false), slide: 1),
                       [.noteOff(channel: 1, note: 60, velocity: 0)], "the gate closes: the note ends")
        // The next phrases rotate through channels 2, 3, …, 15 and back to 1.
        var channels: [UInt8] = []
        for _ in 0..<15 {
            for message in performer.messages(for: control(62), slide: nil) {
                if case let .noteOn(channel, note, _) = message {
                    channels.append(channel)
                    XCTAssertEqual(note, 62)
                }
            }
            _ = performer.messages(for: control(62, gate: false), slide: nil)
        }
        XCTAssertEqual(channels, Array(2...15) + [1])
    }

    func testBendsAreWithinACentOverTheWholeRangeAndAWanderPastItRestrikes() {
        var performer = MPEPerformer(settings: settings)
        _ = performer.messages(for: control(40), slide: nil)
        var bend: UInt16 = 8_192
        for step in 0...880 {
            let midi = 40 + Double(step) * 0.05  // up to 84, 44 semitones above the note
            for message in performer.messages(for: control(midi), slide: nil) {
                if case let .pitchBend(_, value) = message { bend = value }
                if case .noteOn = message { XCTFail("a note-on inside the glide at \(midi)") }
            }
            let heard = 40 + (Double(bend) - 8_192) / 8_192 * 48
            XCTAssertEqual(heard, midi, accuracy: 0.01, "within a cent at \(midi)")
        }
        let past = performer.messages(for: control(89), slide: nil)
        XCTAssertEqual(past.first, .noteOff(channel: 1, note: 40, velocity: 0))
        XCTAssertEqual(past.last, .noteOn(channel: 2, note: 89, velocity: 64), "49 semitones away: a new note, next channel")
        XCTAssertEqual(performer.finish(), [.noteOff(channel: 2, note: 89, velocity: 0)])
        XCTAssertEqual(performer.finish(), [])
    }

    func testThePerformanceFollowsTheMode() {
        var single = MIDIPerformance(settings: MIDISettings(mode: .single))
        XCTAssertEqual(single.messages(for: control(69), slide: 1).last, .noteOn(channel: 0, note: 69, velocity: 64))
        var mpe = MIDIPerformance(settings: settings)
        XCTAssertEqual(mpe.messages(for: control(69), slide: 1).last, .noteOn(channel: 1, note: 69, velocity: 64))
        XCTAssertEqual(mpe.finish(), [.noteOff(channel: 1, note: 69, velocity: 0)])
    }
}
