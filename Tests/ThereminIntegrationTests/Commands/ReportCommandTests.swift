import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// `theremin --report` end to end with the built binary: the figures of a generated practice with known
/// intonation in text and JSON, the plot file, the sound check, and bad input.
final class ReportCommandTests: BinaryTestCase {
    private func writePractice() throws -> String {
        let path = directory.appendingPathComponent("practice.csv").path
        let trace = IntonationTraces.trace(IntonationTraces.practicePerformance)
        try IntonationTraces.csv(trace).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testTheReportNamesEveryHeldNoteWithItsDeviation() throws {
        let trace = try writePractice()
        let result = try ProcessRunner.run(binary, ["--report", trace])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        for line in ["C4        2", "E4        1", "G4        1", "+7.0¢", "-18.0¢", "within ±25¢: 100% of held time",
                     "worst: E4 -18¢"] {
            XCTAssertTrue(result.stdout.contains(line), "\(line) in\n\(result.stdout)")
        }
    }

    func testEachHeldNotesVibratoIsGivenWithItsRateAndDepth() throws {
        let path = directory.appendingPathComponent("vibrato.csv").path
        let steps: [IntonationTraces.Step] = [.vibrato(midi: 64, cents: 5, rate: 5.5, depth: 30, seconds: 2),
                                              .glide(seconds: 0.3), .hold(midi: 67, cents: 0, seconds: 1.5)]
        try IntonationTraces.csv(IntonationTraces.trace(steps)).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(binary, ["--report", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let e4 = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("E4") }, result.stdout)
        let words = e4.split(separator: " ")
        let hz = try XCTUnwrap(words.firstIndex(of: "Hz"), String(e4))
        XCTAssertEqual(Double(words[hz - 1]) ?? 0, 5.5, accuracy: 0.2, String(e4))
        XCTAssertEqual(Double(words[hz + 1].dropFirst().dropLast()) ?? 0, 30, accuracy: 3, String(e4))
        let g4 = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("G4") }, result.stdout)
        XCTAssertTrue(g4.hasSuffix("none"), "a still note has no vibrato: \(g4)")
    }

    func testJSONCarriesTheFiguresWithinHalfACent() throws {
        let trace = try writePractice()
        let result = try ProcessRunner.run(binary, ["--report", trace, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let notes = try XCTUnwrap(document["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.compactMap { $0["note"] as? String }, ["C4", "E4", "G4"])
        for (note, cents) in zip(notes, [7.0, -18, 0]) {
            XCTAssertEqual(note["medianCents"] as? Double ?? .nan, cents, accuracy: 0.5, "\(note)")
        }
        XCTAssertEqual((document["holds"] as? [Any])?.count, 4)
        XCTAssertEqual(document["shareWithin25Cents"] as? Double ?? 0, 1, accuracy: 1e-9)
    }

    func testThePlotIsAPNGAndTheSoundAgreesWithTheFigures() throws {
        let trace = try writePractice()
        let plot = directory.appendingPathComponent("practice.png").path
        let result = try ProcessRunner.run(binary, ["--report", trace, "--plot", plot, "--report-audio"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: plot))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        XCTAssertTrue(result.stdout.contains("plot: \(plot) (1280x720)"), result.stdout)
        // The pitch estimator hears each hold where the report puts it.
        let check = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("sound check:") })
        XCTAssertTrue(check.contains("(4 holds measured)"), String(check))
        let figure = check.split(separator: " ").first { $0.hasSuffix("¢") }.map { Double($0.dropLast()) ?? .nan } ?? .nan
        XCTAssertLessThan(figure, 1, String(check))
    }

    func testBadAndEmptyTracesGetTheTraceReadersErrors() throws {
        let empty = directory.appendingPathComponent("empty.csv").path
        try "# theremin-trace 1\nt,x,y,present\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let noSamples = try ProcessRunner.run(binary, ["--report", empty])
        XCTAssertEqual(noSamples.status, 2)
        XCTAssertEqual(noSamples.stderr, "theremin: trace \(empty): has a header but no samples: record one with --record\n")

        let garbage = directory.appendingPathComponent("notes.txt").path
        try "hello\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let bad = try ProcessRunner.run(binary, ["--report", garbage, "--plot", directory.appendingPathComponent("x.png").path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("theremin: trace \(garbage)"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))

        let stray = try ProcessRunner.run(binary, ["--plot", "a.png"])
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderr.contains("--plot needs --report TRACE"), stray.stderr)
    }

    func testARecordingIsReportedOnceTaken() throws {
        // The demo recorded and rendered offline stands in for a take: --report naming the --record file reports
        // on it after the run, with its plot.
        let take = directory.appendingPathComponent("take.csv").path
        let plot = directory.appendingPathComponent("take.png").path
        let result = try ProcessRunner.run(binary, ["--demo", "--output", directory.appendingPathComponent("take.wav").path,
                                                    "--record", take, "--report", take, "--plot", plot])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("wrote ") ?? false, result.stdout)
        XCTAssertTrue(lines.contains("intonation of \(take): 45.3 s, sound on 44.4 s, notes held 33.4 s (judged against the nearest semitone)"),
                      result.stdout)
        // Every note's median on the note; the vibrato (±12 cents, heard as written: the motion estimator follows the
        // hand) takes some of the held time beyond ±10 cents (5–6 %: its peaks, once it has grown in), none beyond ±25.
        let within10 = lines.first { $0.hasPrefix("within ±10¢: ") }.flatMap { Int($0.dropFirst(13).prefix { $0.isNumber }) }
        XCTAssertTrue((88...97).contains(within10 ?? 100), "the vibrato's peaks are heard: \(result.stdout)")
        XCTAssertTrue(lines.contains("within ±25¢: 100% of held time"), result.stdout)
        XCTAssertTrue(lines.contains("worst: G4 0¢, D4 0¢, C4 0¢"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: plot))

        let other = try ProcessRunner.run(binary, ["--demo", "--output", directory.appendingPathComponent("b.wav").path,
                                                   "--record", directory.appendingPathComponent("b.csv").path,
                                                   "--report", take])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("--record take.csv --report take.csv"), other.stderr)

        // take.csv exists now: the next take goes to take-1.csv, and the report is on that one, not the old take.
        let again = try ProcessRunner.run(binary, ["--demo", "--output", directory.appendingPathComponent("c.wav").path,
                                                   "--record", take, "--report", take])
        XCTAssertEqual(again.status, 0, again.stderr)
        let renamed = directory.appendingPathComponent("take-1.csv").path
        XCTAssertTrue(again.stderr.contains("recording to \(renamed)"), again.stderr)
        XCTAssertTrue(again.stdout.contains("intonation of \(renamed):"), again.stdout)
    }

    /// The documented example (`docs/practice.csv`: README.md shows its report, docs/guide.md its plot too) is this
    /// practice, so the figures printed there are the ones these tests check.
    func testTheDocumentedExampleTraceIsTheTestedPractice() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let example = root.appendingPathComponent("docs/practice.csv")
        let expected = IntonationTraces.csv(IntonationTraces.trace(IntonationTraces.practicePerformance))
        let shipped = try? String(contentsOf: example, encoding: .utf8)
        if shipped != expected {
            let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("practice-expected.csv")
            try expected.write(to: fresh, atomically: true, encoding: .utf8)
            XCTFail("docs/practice.csv differs from the tests' practice; the expected file is \(fresh.path)")
        }
    }
}
