import XCTest
import ThereminCore

final class PitchCorrectionTests: XCTestCase {
    func testCurveAtZeroFiftyAndHundredPercent() {
        for u in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(PitchCorrection.curve(u, amount: 0), u, accuracy: 1e-12, "0 % is continuous")
            XCTAssertEqual(PitchCorrection.curve(u, amount: 100), u < 0.5 ? 0 : 1, "100 % snaps")
        }
        // 50 %: the power-2 S-curve, flat at the notes, steep half-way, symmetric.
        XCTAssertEqual(PitchCorrection.curve(0.25, amount: 50), 0.125, accuracy: 1e-12)
        XCTAssertEqual(PitchCorrection.curve(0.5, amount: 50), 0.5, accuracy: 1e-12)
        XCTAssertEqual(PitchCorrection.curve(0.75, amount: 50), 0.875, accuracy: 1e-12)
        XCTAssertEqual(PitchCorrection.curve(0.1, amount: 50), 0.02, accuracy: 1e-12)
        // Monotonic at every strength below 100 %: a glide passes through every pitch.
        for amount in [10.0, 50, 90, 99] {
            var previous = -1.0
            for u in stride(from: 0.0, through: 1.0, by: 0.001) {
                let value = PitchCorrection.curve(u, amount: amount)
                XCTAssertGreaterThanOrEqual(value, previous, "amount \(amount) at \(u)")
                previous = value
            }
        }
    }

    func testCorrectionPullsTowardsTheScaleOnItsRoot() {
        let cMajor = PitchCorrection(scale: .major, root: 0, amount: 100)
        XCTAssertEqual(cMajor.correct(midi: 60.9), 60, "nearer C4 than D4 snaps to C4")
        XCTAssertEqual(cMajor.correct(midi: 61.1), 62, "nearer D4 snaps to D4")
        XCTAssertEqual(cMajor.correct(midi: 64.4), 64, "E to F is a semitone: below half-way is E")
        XCTAssertEqual(cMajor.correct(midi: 64.6), 65)
        let half = PitchCorrection(scale: .major, root: 0, amount: 50)
        XCTAssertEqual(half.correct(midi: 60.5), 60.25, accuracy: 1e-12, "a quarter of the way to D sounds an eighth of the way")
        XCTAssertEqual(half.correct(midi: 62), 62, accuracy: 1e-12, "scale notes stay where they are")
        XCTAssertEqual(PitchCorrection(scale: .major, amount: 0).correct(midi: 60.5), 60.5, "0 % changes nothing")
        let aMinorPentatonic = PitchCorrection(scale: .minorPentatonic, root: 9, amount: 100)
        XCTAssertEqual(aMinorPentatonic.correct(midi: 70.4), 69, "A C D E G: between A4 (69) and C5 (72)")
        XCTAssertEqual(aMinorPentatonic.correct(midi: 70.6), 72)
        let frequency = PitchCorrection(scale: .chromatic, amount: 100).correct(frequency: 445)
        XCTAssertEqual(frequency, 440, accuracy: 1e-9)
    }

    func testScaleNoteSets() {
        func pitchClasses(_ scale: Scale, root: Int) -> [Int] {
            (60..<72).filter { scale.contains(midi: $0, root: root) }.map { $0 % 12 }.sorted()
        }
        XCTAssertEqual(pitchClasses(.major, root: 0), [0, 2, 4, 5, 7, 9, 11])
        XCTAssertEqual(pitchClasses(.minor, root: 9), [0, 2, 4, 5, 7, 9, 11], "A minor shares C major's notes")
        XCTAssertEqual(pitchClasses(.harmonicMinor, root: 9), [0, 2, 4, 5, 8, 9, 11], "A harmonic minor has G#")
        XCTAssertEqual(pitchClasses(.pentatonic, root: 7), [2, 4, 7, 9, 11], "G major pentatonic: G A B D E")
        XCTAssertEqual(pitchClasses(.blues, root: 4), [2, 4, 7, 9, 10, 11], "E blues: E G A Bb B D")
        XCTAssertEqual(pitchClasses(.dorian, root: 2), [0, 2, 4, 5, 7, 9, 11], "D dorian: the white keys")
        XCTAssertEqual(pitchClasses(.chromatic, root: 5).count, 12)
        XCTAssertTrue(Scale.chromatic.isChromatic)
        XCTAssertFalse(Scale.blues.isChromatic)
        XCTAssertEqual(Scale.named("Harmonic_Minor"), .harmonicMinor)
        XCTAssertEqual(Scale.named("ionian"), .major)
        XCTAssertNil(Scale.named("bebop-lydian-augmented"))
        XCTAssertEqual(Set(Scale.all.map(\.name)).count, Scale.all.count, "names are unique")
    }

    func testNoteLinesForThePreview() {
        let notes = Scale.major.notes(root: 0, from: 220, to: 440)
        XCTAssertEqual(notes.map(\.name), ["A3", "B3", "C4", "D4", "E4", "F4", "G4", "A4"])
        XCTAssertEqual(notes.filter(\.isRoot).map(\.name), ["C4"])
        XCTAssertEqual(notes.first?.frequency ?? 0, 220, accuracy: 1e-9)

        let mapping = Mapping(law: .exponential, low: 220, high: 440)
        let lines = mapping.noteLines(scale: .pentatonic, root: 9, octave: 0)
        XCTAssertEqual(lines.map(\.name), ["A3", "B3", "C#4", "E4", "F#4", "A4"], "A major pentatonic, lowest first")
        XCTAssertEqual(lines.filter(\.emphasized).map(\.name), ["A3", "A4"], "the root stands out")
        XCTAssertEqual(lines.first?.position ?? -1, 1, accuracy: 1e-9)
        XCTAssertEqual(lines.last?.position ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(lines[2].position, 1 - 4.0 / 12, accuracy: 1e-9, "C#4 is 4 semitones above A3")
        let up = mapping.noteLines(scale: .pentatonic, root: 9, octave: 1)
        XCTAssertEqual(up.map(\.name), ["A4", "B4", "C#5", "E5", "F#5", "A5"], "an octave up names the sounding notes")
        XCTAssertEqual(up.map(\.position), lines.map(\.position), "at the same heights")
        XCTAssertEqual(up.last?.frequency ?? 0, 880, accuracy: 1e-9)
        XCTAssertEqual(mapping.noteLines(scale: .chromatic, root: 0, octave: 0).count, 13)
        XCTAssertEqual(Scale.blues.pitchClasses(root: 4), [4, 7, 9, 10, 11, 2])
    }

    func testMapperAppliesCorrectionThenOctave() {
        let mapping = Mapping(law: .exponential, low: 220, high: 440)
        var mapper = ControlMapper(mapping: mapping, correction: PitchCorrection(scale: .major, root: 0, amount: 100), octave: -1)
        // y = 0.45 plays 220·2^0.55 = 322.5 Hz (E4 −40 cents), which C major snaps to E4, an octave down to E3.
        let control = mapper.control(for: HandSample(t: 0, x: 1, y: 0.45, present: true))
        XCTAssertEqual(control.frequency, Note.frequency(midi: 52), accuracy: 1e-9)
        var plain = ControlMapper(mapping: mapping, octave: 2)
        XCTAssertEqual(plain.control(for: HandSample(t: 0, x: 1, y: 0.45, present: true)).frequency,
                       220 * pow(2, 0.55) * 4, accuracy: 1e-9)
    }
}
