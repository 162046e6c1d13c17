import XCTest
import ThereminCore

/// The project's own text score: notes as the demo's tune writes them, with title, tempo and time lines.
final class TextScoreTests: XCTestCase {
    func testNotesTempoAndTimeSignature() throws {
        let score = try Score(text: """
            # a waltz
            title Little waltz
            tempo 90
            time 3/4
            E4 F4 G4:1 | A4:3 |   # bar two
            tempo 180
            r G4:0.5 F4:1.5 |
            """, named: "waltz.txt")
        XCTAssertEqual(score.title, "Little waltz")
        XCTAssertEqual(score.notes.map(\.name), ["E4", "F4", "G4", "A4", "G4", "F4"])
        let beat = 60.0 / 90, fast = 60.0 / 180
        XCTAssertEqual(score.notes[3].start, 3 * beat, accuracy: 1e-9)
        XCTAssertEqual(score.notes[3].duration, 3 * beat, accuracy: 1e-9)
        XCTAssertEqual(score.notes[4].start, 6 * beat + fast, accuracy: 1e-9, "after a rest of one beat at 180")
        XCTAssertEqual(score.notes[5].duration, 1.5 * fast, accuracy: 1e-9)
        XCTAssertEqual(score.beatsPerBar, 3)
        XCTAssertEqual(score.beat, beat, accuracy: 1e-9)
        XCTAssertEqual(score.bars.prefix(3), [0, 3 * beat, 6 * beat])
    }

    func testABeatIsTheTimeSignaturesUnit() throws {
        let score = try Score(text: "tempo 120\ntime 6/8\nC5:3 D5:3\n", named: "jig")
        XCTAssertEqual(score.notes[1].start, 1.5, accuracy: 1e-9, "three eighths at 120 eighths a minute")
        XCTAssertEqual(score.beatsPerBar, 6)
        XCTAssertEqual(score.beat, 0.5, accuracy: 1e-9)
    }

    func testPacing() throws {
        let score = try Score(text: "tempo 120\nC4 D4:2\n", named: "t").paced(by: 0.5)
        XCTAssertEqual(score.notes[1].start, 1, accuracy: 1e-9)
        XCTAssertEqual(score.notes[1].duration, 2, accuracy: 1e-9)
        XCTAssertEqual(score.beat, 1, accuracy: 1e-9)
        XCTAssertEqual(score.noteIndex(at: 1.5), 1)
        XCTAssertNil(score.noteIndex(at: 3.5))
        XCTAssertEqual(score.nextIndex(after: 0.5), 1)
    }

    func testWindowsLineEndsAndAByteOrderMarkAreRead() throws {
        let score = try Score(text: "\u{FEFF}title Crlf\r\ntempo 60\r\nC4 D4:2\r\n", named: "crlf.txt")
        XCTAssertEqual(score.title, "Crlf")
        XCTAssertEqual(score.notes.map(\.name), ["C4", "D4"])
        XCTAssertEqual(score.notes[1].duration, 2, accuracy: 1e-9)
    }

    func testBadLinesAreRefusedWithTheirLine() {
        let cases: [(String, String)] = [
            ("tempo 120\nC4 H4\n", "score s.txt, line 2: 'H4' is not a note"),
            ("tempo 0\nC4\n", "score s.txt, line 1: 'tempo 0' is not a tempo"),
            ("time 3/5\nC4\n", "score s.txt, line 1: 'time 3/5' is not a time signature"),
            ("# nothing\ntempo 100\nr:4\n", "score s.txt: it has no notes"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try Score(text: text, named: "s.txt")) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }
}
