import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// A live take (`TraceWriter.Mode.liveTake`): under its own name from the first row, never over an existing file,
/// an end marker when finished, and readable when it was not.
final class LiveTakeTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var directory: URL { folder.url }

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "live-take")
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testRowsAreUnderTheNameAsTheyAreWrittenAndTheEndMarkerCompletesTheTake() throws {
        let writer = try TraceWriter(path: path("take.csv"), metadata: TraceMetadata([("source", "test")]),
                                     mode: .liveTake)
        XCTAssertEqual(writer.path, path("take.csv"))
        for i in 0..<3 { try writer.write(HandSample(t: Double(i) / 30, x: 0.5, y: 0.25, present: true)) }
        // A SIGKILL now leaves this file as it is.
        let during = try TraceReader.read(path: path("take.csv"))
        XCTAssertEqual(during.samples.count, 3)
        XCTAssertTrue(during.interrupted, "no end marker yet")
        XCTAssertEqual(during.metadata["source"], "test")
        XCTAssertTrue(TakeState.isUnfinished(path("take.csv")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["take.csv"],
                       "no hidden temporary file")
        try writer.finish()
        let after = try TraceReader.read(path: path("take.csv"))
        XCTAssertEqual(after.samples.count, 3)
        XCTAssertFalse(after.interrupted)
        XCTAssertFalse(TakeState.isUnfinished(path("take.csv")))
        let text = try String(contentsOfFile: path("take.csv"), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n# end: 3 frames\n"), text)
    }

    func testTheClockOriginIsNotedOnceBeforeTheFirstRowAndReadersPassOverIt() throws {
        let writer = try TraceWriter(path: path("take.csv"), metadata: TraceMetadata(), mode: .liveTake)
        try writer.noteClockOrigin(1234.56789)
        try writer.write(HandSample(t: 0, x: 0.5, y: 0.25, present: true))
        try writer.noteClockOrigin(99) // too late: rows were written
        try writer.write(HandSample(t: 1.0 / 30, x: 0.5, y: 0.25, present: true))
        try writer.finish()
        let lines = try String(contentsOfFile: path("take.csv"), encoding: .utf8).split(separator: "\n")
        let header = try XCTUnwrap(lines.firstIndex(where: { $0.hasPrefix("t,") }))
        XCTAssertEqual(lines[header + 1], "# clock: monotonic 1234.567890", "right after the header")
        XCTAssertEqual(lines.filter { $0.hasPrefix("# clock:") }.count, 1)
        let trace = try TraceReader.read(path: path("take.csv"))
        XCTAssertEqual(trace.samples.map(\.t), [0, 1.0 / 30].map { ($0 * 1e6).rounded() / 1e6 })
        XCTAssertFalse(trace.interrupted)
    }

    func testAnExistingFileIsNeverReplacedTheTakeGetsTheNextFreeName() throws {
        try Data("earlier take\n".utf8).write(to: URL(fileURLWithPath: path("take.csv")))
        try Data("another\n".utf8).write(to: URL(fileURLWithPath: path("take-1.csv")))
        let writer = try TraceWriter(path: path("take.csv"), metadata: TraceMetadata(), mode: .liveTake)
        XCTAssertEqual(writer.path, path("take-2.csv"))
        XCTAssertTrue(writer.renamed(from: path("take.csv")))
        try writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        try writer.finish()
        XCTAssertEqual(try String(contentsOfFile: path("take.csv"), encoding: .utf8), "earlier take\n")
        XCTAssertEqual(try String(contentsOfFile: path("take-1.csv"), encoding: .utf8), "another\n")
        XCTAssertEqual(try TraceReader.read(path: path("take-2.csv")).samples.count, 1)
    }

    func testAnOfflineTraceIsNotPutOverAFileThatAppearedMeanwhile() throws {
        let writer = try TraceWriter(path: path("t.csv"), metadata: TraceMetadata())
        try writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        try Data("appeared\n".utf8).write(to: URL(fileURLWithPath: path("t.csv")))
        XCTAssertThrowsError(try writer.finish()) { XCTAssertTrue("\($0)".contains("exists"), "\($0)") }
        XCTAssertEqual(try String(contentsOfFile: path("t.csv"), encoding: .utf8), "appeared\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["t.csv"])
    }

    func testNumberedNames() {
        XCTAssertEqual(FreeName.candidate("/a/take.csv", 0), "/a/take.csv")
        XCTAssertEqual(FreeName.candidate("/a/take.csv", 1), "/a/take-1.csv")
        XCTAssertEqual(FreeName.candidate("take.tar.csv", 12), "take.tar-12.csv")
        XCTAssertEqual(FreeName.candidate("/a/take", 2), "/a/take-2")
        XCTAssertEqual(FreeName.candidate("/a/.csv", 3), "/a/.csv-3")
    }

    func testAFullDiskKeepsEveryWholeRowUnderTheName() throws {
        let disk = try SmallDisk.mountOrSkip(at: directory.appendingPathComponent("small").path, size: "16k")
        defer { disk.unmount() }
        let take = disk.path + "/take.csv"
        let writer = try TraceWriter(path: take, metadata: TraceMetadata(), mode: .liveTake)
        var written = 0
        while written < 10_000, (try? writer.write(HandSample(t: Double(written) / 30, x: 0.5, y: 0.25, present: true))) != nil {
            written += 1
        }
        XCTAssertNotNil(writer.error, "the disk filled up")
        XCTAssertThrowsError(try writer.finish())
        let saved = try TraceReader.read(path: take)
        XCTAssertGreaterThan(saved.samples.count, 100)
        XCTAssertLessThanOrEqual(saved.samples.count, written)
    }
}
