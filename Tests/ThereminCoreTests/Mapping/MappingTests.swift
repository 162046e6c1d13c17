import XCTest
import ThereminCore

final class MappingTests: XCTestCase {
    func testDefaultIsTheOriginalLinearLaw() {
        let mapping = Mapping()
        XCTAssertEqual(mapping.frequency(y: 0), 440)
        XCTAssertEqual(mapping.frequency(y: 1), 220)
        XCTAssertEqual(mapping.frequency(y: 0.25), 385, accuracy: 1e-12)
        XCTAssertEqual(mapping.frequency(y: -3), 440, "clamped above")
        XCTAssertEqual(mapping.amplitude(x: 0.3), 0.3)
        XCTAssertEqual(mapping.amplitude(x: 1.7), 1)
    }

    func testExponentialLawGivesEqualDistancePerSemitone() {
        let mapping = Mapping(law: .exponential, low: 220, high: 880)
        var previous: Double?
        for midi in 57...81 {
            guard let y = mapping.y(forFrequency: Note.frequency(midi: Double(midi))) else { return XCTFail("\(midi)") }
            if let previous { XCTAssertEqual(previous - y, 1.0 / 24, accuracy: 1e-12) }
            previous = y
            XCTAssertEqual(mapping.frequency(y: y), Note.frequency(midi: Double(midi)), accuracy: 1e-9)
        }
    }

    func testInverseMappingFindsNoteLinesAndRejectsOutOfRange() {
        let mapping = Mapping()
        XCTAssertEqual(mapping.y(forFrequency: 330) ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertNil(mapping.y(forFrequency: 200))
        XCTAssertNil(mapping.y(forFrequency: 441))
    }

    func testNoteNamesParseAndPrint() {
        XCTAssertEqual(Note.parseFrequency("A4"), 440)
        XCTAssertEqual(Note.parseFrequency("A3"), 220)
        XCTAssertEqual(Note.parseFrequency("c4") ?? 0, 261.6256, accuracy: 1e-3)
        XCTAssertEqual(Note.parseFrequency("C#4"), Note.parseFrequency("Db4"))
        XCTAssertEqual(Note.parseFrequency("300Hz"), 300)
        XCTAssertEqual(Note.parseFrequency("123.5"), 123.5)
        XCTAssertNil(Note.parseFrequency("H2"))
        XCTAssertNil(Note.parseFrequency("A"))
        XCTAssertNil(Note.parseFrequency("-5"))
        XCTAssertNil(Note.parseFrequency("nan"))
        XCTAssertEqual(Note.name(midi: 57), "A3")
        XCTAssertEqual(Note.name(midi: 60), "C4")
        XCTAssertEqual(Note.name(midi: 0), "C-1")
        let nearest = Note.nearest(to: 445)
        XCTAssertEqual(nearest.name, "A4")
        XCTAssertEqual(nearest.cents, 1200 * log2(445.0 / 440), accuracy: 1e-9)
        XCTAssertEqual(Note.parsePitchClass("F#"), 6)
        XCTAssertNil(Note.parsePitchClass("X"))
    }

    func testMapperClosesTheGateAndKeepsPitchWhenTheHandLeaves() {
        var mapper = ControlMapper()
        let on = mapper.control(for: HandSample(t: 0, x: 0.5, y: 0, present: true))
        XCTAssertEqual(on.frequency, 440)
        XCTAssertTrue(on.gate)
        let off = mapper.control(for: .absent(at: 0.033))
        XCTAssertFalse(off.gate)
        XCTAssertEqual(off.frequency, 440)
        let back = mapper.control(for: HandSample(t: 0.066, x: 0.2, y: 1, present: true))
        XCTAssertEqual(back.frequency, 220, "smoothing restarts: the returning hand is not dragged from before")
    }
}
