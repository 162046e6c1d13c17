import XCTest
import ThereminCore
import ThereminTestSupport

/// The play-along score on generated performances of a known melody: played exactly, one note detuned, one late.
final class PlayAlongScoreTests: XCTestCase {
    /// Eight notes at 120 beats a minute, half a second each (15 frames at 30 a second), the last two beats long.
    static let melody = try! Score(text: "tempo 120\nC4 D4 E4 F4 G4 A4 G4 E4:2\n", named: "melody")
    /// The voice as live play and the replay sound it with the motion estimator (its pitch glide of 1 ms).
    static let voice = VoiceSettings(pitchGlide: SmoothingSettings.expressive.defaultPitchGlide)

    /// The melody as the hand plays it, from the first beat: each note `cents[i]` off, the fifth `lateFifth` late
    /// (the fourth held on so long).
    private func scored(cents: [Double] = Array(repeating: 0, count: 8), lateFifth: Double = 0) -> PlayAlongScore {
        var steps: [IntonationTraces.Step] = []
        for (index, note) in Self.melody.notes.enumerated() {
            var seconds = note.duration
            if index == 3 { seconds += lateFifth }
            if index == 4 { seconds -= lateFifth }
            steps.append(.hold(midi: note.midi, cents: cents[index], seconds: seconds))
        }
        let plan = ReplayPlan(trace: IntonationTraces.trace(steps), mapper: ControlMapper(), sampleRate: 48_000, tail: 0)
        return PlayAlongScore(score: Self.melody, pitch: PlayedPitch(plan: plan, voice: Self.voice), start: 0)
    }

    func testAnExactPerformanceScoresNoCentsAndNoLatenessOnEveryNote() throws {
        let score = scored()
        XCTAssertEqual(score.notes.count, 8)
        for (index, note) in score.notes.enumerated() {
            XCTAssertEqual(try XCTUnwrap(note.medianCents, "note \(index + 1)"), 0, accuracy: 0.5, "note \(index + 1)")
            XCTAssertEqual(try XCTUnwrap(note.lateness, "note \(index + 1)"), 0, accuracy: 0.005, "note \(index + 1)")
            XCTAssertTrue(note.held, "note \(index + 1)")
        }
        XCTAssertGreaterThan(score.overall, 98)
    }

    func testANoteDetunedByThirtyCentsScoresThirtyThere() throws {
        var cents = Array(repeating: 0.0, count: 8)
        cents[2] = 30
        let score = scored(cents: cents)
        XCTAssertEqual(try XCTUnwrap(score.notes[2].medianCents), 30, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(score.notes[1].medianCents), 0, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(score.notes[3].medianCents), 0, accuracy: 0.5)
        XCTAssertTrue(score.notes[2].held, "30 cents sharp is still on the note")
        XCTAssertLessThan(score.notes[2].points, score.notes[1].points)
    }

    func testANoteAHundredMillisecondsLateScoresAHundredThere() throws {
        let score = scored(lateFifth: 0.1)
        XCTAssertEqual(try XCTUnwrap(score.notes[4].lateness), 0.1, accuracy: 0.005)
        for index in [0, 1, 2, 3, 5, 6, 7] {
            XCTAssertEqual(try XCTUnwrap(score.notes[index].lateness), 0, accuracy: 0.005, "note \(index + 1)")
        }
        XCTAssertTrue(score.notes[3].held, "the fourth note ran on, but was held to its end")
    }

    func testANoteNeverPlayedScoresNothing() {
        let plan = ReplayPlan(trace: IntonationTraces.trace([.hold(midi: 60, cents: 0, seconds: 0.5), .absent(seconds: 4)]),
                              mapper: ControlMapper(), sampleRate: 48_000, tail: 0)
        let score = PlayAlongScore(score: Self.melody, pitch: PlayedPitch(plan: plan, voice: Self.voice), start: 0)
        XCTAssertTrue(score.notes[0].reached)
        XCTAssertEqual(score.notes.dropFirst().filter(\.reached).count, 0)
        XCTAssertEqual(score.notes[1].points, 0)
        XCTAssertEqual(score.overall, score.notes[0].points / 8, accuracy: 1e-9)
    }

    func testTheScoreStartsWhereTheFirstBeatFell() throws {
        // The same performance two seconds into the take (after the count-in) scores the same.
        let steps: [IntonationTraces.Step] = [.absent(seconds: 2)]
            + Self.melody.notes.map { .hold(midi: $0.midi, cents: 0, seconds: $0.duration) }
        let plan = ReplayPlan(trace: IntonationTraces.trace(steps), mapper: ControlMapper(), sampleRate: 48_000, tail: 0)
        let score = PlayAlongScore(score: Self.melody, pitch: PlayedPitch(plan: plan, voice: Self.voice), start: 2)
        XCTAssertEqual(score.reached, 8)
        XCTAssertEqual(try XCTUnwrap(score.notes[5].lateness), 0, accuracy: 0.005)
    }
}
