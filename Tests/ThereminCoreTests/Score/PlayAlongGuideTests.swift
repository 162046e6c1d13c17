import XCTest
import ThereminCore

/// Where a play-along stands for the displays: the count-in's beats, the note due and the next, the cents off the
/// note due and whether that is in tune, and the end.
final class PlayAlongGuideTests: XCTestCase {
    /// 3/4 at 120: a count-in of 1.5 s; E4 from 0 to 0.5 s, a rest, G4 from 1 to 2 s.
    private let guide = PlayAlongGuide(score: try! Score(text: "tempo 120\ntime 3/4\nE4 r G4:2\n", named: "g"),
                                       firstBeat: 10)

    func testTheCountInCountsTheBarsBeats() {
        XCTAssertNil(guide.moment(at: 8.4, frequency: nil).countIn, "before the count-in")
        XCTAssertEqual(guide.moment(at: 8.5, frequency: nil).countIn, 1)
        XCTAssertEqual(guide.moment(at: 9.2, frequency: nil).countIn, 2)
        XCTAssertEqual(guide.moment(at: 9.99, frequency: nil).countIn, 3)
        XCTAssertNil(guide.moment(at: 10, frequency: nil).countIn, "the first beat")
        XCTAssertEqual(guide.moment(at: 9.2, frequency: nil).next, 0, "E4 comes first")
    }

    func testTheNoteDueTheNextAndTheCentsOff() {
        let onE4 = guide.moment(at: 10.2, frequency: Note.frequency(midi: 64.12))
        XCTAssertEqual(onE4.current, 0)
        XCTAssertEqual(onE4.next, 1)
        XCTAssertEqual(onE4.cents ?? 0, 12, accuracy: 1e-9)
        XCTAssertTrue(onE4.inTune)
        XCTAssertFalse(guide.moment(at: 10.2, frequency: Note.frequency(midi: 64.2)).inTune, "20 cents is not")
        let rest = guide.moment(at: 10.7, frequency: Note.frequency(midi: 64))
        XCTAssertNil(rest.current)
        XCTAssertNil(rest.cents, "no note is due in the rest")
        XCTAssertEqual(rest.next, 1)
        let last = guide.moment(at: 11.5, frequency: nil)
        XCTAssertEqual(last.current, 1)
        XCTAssertNil(last.next)
        XCTAssertFalse(last.finished)
        XCTAssertFalse(guide.moment(at: 12.9, frequency: nil).finished, "a second after the last note is still on")
        XCTAssertTrue(guide.moment(at: 13.1, frequency: nil).finished)
    }
}
