import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// Scoring a recorded take against a score with the built binary: `--report` of a take played along with a score
/// (its metadata names the score and where its first beat fell), `--report` and `--replay` with `--play-along`,
/// byte-identical run to run, and the score's bad input.
final class PlayAlongReportTests: BinaryTestCase {
    static let score = "title Scale\ntempo 120\nC4 D4 E4 F4 G4 A4 G4 E4:2\n"

    /// The score, and a take that plays it from t = 1 s (after a second without a hand), the third note 30 cents
    /// sharp and the fifth 100 ms late; with `metadata`, it says so in its header and after its rows.
    private func writeTake(metadata: Bool, pace: Double = 1) throws -> (take: String, score: String) {
        let scorePath = directory.appendingPathComponent("scale.txt").path
        try Self.score.write(toFile: scorePath, atomically: true, encoding: .utf8)
        let notes = try Score(text: Self.score, named: "scale").notes
        var steps: [IntonationTraces.Step] = [.absent(seconds: 1)]
        for (index, note) in notes.enumerated() {
            let seconds = note.duration / pace + (index == 3 ? 0.1 : index == 4 ? -0.1 : 0)
            steps.append(.hold(midi: note.midi, cents: index == 2 ? 30 : 0, seconds: seconds))
        }
        var csv = IntonationTraces.csv(IntonationTraces.trace(steps))
        if metadata {
            let paced = pace == 1 ? "" : "# tempo-scale: \(pace)\n"
            csv = csv.replacingOccurrences(of: "t,x,y,present\n", with: "# play-along: \(scorePath)\n\(paced)t,x,y,present\n")
            csv += "# play-along-start: 1.000000\n"
        }
        let take = directory.appendingPathComponent("take.csv").path
        try csv.write(toFile: take, atomically: true, encoding: .utf8)
        return (take, scorePath)
    }

    /// The note lines of the play-along table, by note position.
    private func noteLines(_ output: String) -> [[Substring]] {
        let lines = output.split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("note  bar") }) else { return [] }
        return lines[(header + 1)...].map { $0.split(separator: " ") }
    }

    func testTheReportOfATakePlayedAlongScoresEveryNote() throws {
        let (take, _) = try writeTake(metadata: true)
        let first = try ProcessRunner.run(binary, ["--report", take])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("play-along with Scale: "), first.stdout)
        XCTAssertTrue(first.stdout.contains("(8 of 8 notes reached, 8 held)"), first.stdout)
        let rows = noteLines(first.stdout)
        XCTAssertEqual(rows.count, 8, first.stdout)
        XCTAssertEqual(rows.map { $0.first ?? "" }, ["C4", "D4", "E4", "F4", "G4", "A4", "G4", "E4"])
        // note, bar, due, "s", late, "ms", median, spread, held
        XCTAssertEqual(rows[2][6], "+30¢", first.stdout)
        XCTAssertEqual(Double(rows[4][4]) ?? 0, 100, accuracy: 5, first.stdout)
        for index in [0, 1, 3, 5, 6, 7] {
            XCTAssertEqual(rows[index][6], "0¢", "note \(index + 1): \(first.stdout)")
            XCTAssertEqual(Double(rows[index][4]) ?? -1, 0, accuracy: 5, "note \(index + 1): \(first.stdout)")
        }
        let again = try ProcessRunner.run(binary, ["--report", take])
        XCTAssertEqual(again.stdout, first.stdout, "byte-identical run to run")
    }

    func testATakePlayedAtAnotherPaceIsScoredAtItsPace() throws {
        let (take, score) = try writeTake(metadata: true, pace: 0.5)
        for extra in [[], ["--play-along", score]] {
            let result = try ProcessRunner.run(binary, ["--report", take] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("(8 of 8 notes reached, 8 held)"), "\(extra): \(result.stdout)")
            let rows = noteLines(result.stdout)
            XCTAssertEqual(rows.count, 8, result.stdout)
            XCTAssertEqual(rows[2][6], "+30¢", result.stdout)
            XCTAssertEqual(Double(rows[5][2]) ?? 0, 5, accuracy: 1e-9, "A4 due at 5 s, half the pace: \(result.stdout)")
        }
    }

    func testAScoreGivenWithReportOrReplayScoresAnyTake() throws {
        let (take, score) = try writeTake(metadata: false)
        let report = try ProcessRunner.run(binary, ["--report", take, "--play-along", score])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("taken to start at the first sound, 1.00 s"), report.stdout)
        XCTAssertEqual(noteLines(report.stdout)[2][6], "+30¢", report.stdout)
        let wav = directory.appendingPathComponent("take.wav").path
        let replay = try ProcessRunner.run(binary, ["--replay", take, "--play-along", score, "--output", wav])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertTrue(replay.stdout.contains("play-along with Scale: "), replay.stdout)
        let table = { (text: String) in text[text.range(of: "play-along with")!.lowerBound...] }
        XCTAssertEqual(table(replay.stdout), table(report.stdout), "the replay scores as the report does")
        let json = try ProcessRunner.run(binary, ["--report", take, "--play-along", score, "--json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let playAlong = try XCTUnwrap(document["playAlong"] as? [String: Any], json.stdout)
        let notes = try XCTUnwrap(playAlong["notes"] as? [[String: Any]])
        XCTAssertEqual(notes[2]["medianCents"] as? Double ?? .nan, 30, accuracy: 0.5)
        XCTAssertEqual(playAlong["firstBeat"] as? Double ?? .nan, 1, accuracy: 0.002, "the first sound, to the millisecond")
    }

    func testBadScoresGetOneLineAndStatusTwo() throws {
        let (take, _) = try writeTake(metadata: false)
        func write(_ name: String, _ text: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let empty = try write("empty.txt", "tempo 100\nr:4\n")
        let still = try write("still.txt", "tempo 0\nC4\n")
        let high = try write("high.txt", "tempo 100\nA4 E5 G5\n")
        let low = try write("low.txt", "tempo 100\nC3 E3 G3\n")
        let midi = try MIDIFiles.write(MIDIFiles.typeOne)
        let song = directory.appendingPathComponent("song.mid").path
        try Data(midi).write(to: URL(fileURLWithPath: song))
        let cases: [([String], String)] = [
            (["--report", take, "--play-along", empty], "score \(empty): it has no notes"),
            (["--report", take, "--play-along", still], "score \(still), line 1: 'tempo 0' is not a tempo"),
            (["--report", take, "--play-along", song, "--score-track", "7"], "score \(song): there is no track 7"),
            (["--report", take, "--play-along", directory.appendingPathComponent("nowhere.mid").path], "there is no such file"),
            (["--demo", "--play-along", high, "--no-preview"],
             "score \(high): its notes run from A4 to G5, beyond the playing range A3 to A4; widen it with --low A4 --high G5"),
            (["--demo", "--play-along", low, "--no-preview"],
             "its notes run from C3 to G3, beyond the playing range A3 to A4; widen it with --low C3 --high G3 or shift it with --octave -1"),
            (["--report", take, "--score-track", "2"], "--score-track needs --play-along SCORE"),
            (["--report", take, "--play-along", empty, "--tempo-scale", "2"], "--tempo-scale '2' is out of range"),
        ]
        for (arguments, expected) in cases {
            let result = try ProcessRunner.run(binary, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            if !expected.hasPrefix("--") {
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            }
        }
    }

    /// `--report-audio` of a play-along: the demo's hand plays its own tune (63 notes) and the rendered sound's
    /// pitch agrees with every note's figures (docs/performance.md has the figures).
    func testTheSoundAgreesWithTheScoresFigures() throws {
        let take = directory.appendingPathComponent("demo.csv").path
        let wav = directory.appendingPathComponent("demo.wav").path
        let demo = try ProcessRunner.run(binary, ["--demo", "--play-along", "demo", "--output", wav, "--record", take])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        let result = try ProcessRunner.run(binary, ["--report", take, "--report-audio"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("play-along sound check") },
                                 result.stdout)
        let numbers = line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        XCTAssertEqual(numbers.count, 4, String(line))
        XCTAssertLessThan(numbers[0], 1, "cents: \(line)")
        XCTAssertEqual(numbers[1], 63, "every note's pitch measured: \(line)")
        XCTAssertLessThanOrEqual(numbers[2], 5, "milliseconds: \(line)")
        XCTAssertEqual(numbers[3], 63, "every note's arrival measured: \(line)")
    }
}
