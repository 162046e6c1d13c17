import XCTest
import ThereminCore
@testable import ThereminCLI

/// The play-along's part of the terminal line: the count-in's beat, the note due with its cents, the next note.
final class PlayAlongLineTests: XCTestCase {
    private let guide = PlayAlongGuide(score: try! Score(text: "tempo 120\nE4 F4\n", named: "line"), firstBeat: 0)

    func testTheLineNamesTheCountInTheNoteDueAndTheNext() {
        XCTAssertEqual(PlayAlongLine.text(guide, guide.moment(at: -1.2, frequency: nil)), "count-in 2/4  next E4 in 1.2 s")
        XCTAssertEqual(PlayAlongLine.text(guide, guide.moment(at: 0.1, frequency: Note.frequency(midi: 64.12))),
                       "play E4 +12¢ =  next F4 in 0.4 s")
        XCTAssertEqual(PlayAlongLine.text(guide, guide.moment(at: 0.6, frequency: Note.frequency(midi: 64))),
                       "play F4 -100¢")
        XCTAssertEqual(PlayAlongLine.text(guide, guide.moment(at: 0.7, frequency: nil)), "play F4")
        XCTAssertEqual(PlayAlongLine.text(guide, guide.moment(at: 3, frequency: nil)), "play-along over")
    }
}
