import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

final class TraceWriterTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testRoundTripThroughTheReader() throws {
        let path = directory.appendingPathComponent("take.csv").path
        let writer = try TraceWriter(path: path, metadata: TraceMetadata([("source", "test"), ("frame-rate", "30")]))
        let samples = [
            HandSample(t: 0, x: 0.25, y: 0.5, present: true, confidence: 0.875),
            HandSample.absent(at: 1.0 / 30),
            HandSample(t: 2.0 / 30, x: 1, y: 0, present: true, confidence: 1),
        ]
        for sample in samples { try writer.write(sample) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing under the real name before finish")
        try writer.finish()
        XCTAssertFalse(FileManager.default.fileExists(atPath: writer.temporaryPath))
        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.metadata["source"], "test")
        XCTAssertEqual(trace.metadata["frame-rate"], "30")
        XCTAssertEqual(trace.samples.count, 3)
        for (read, written) in zip(trace.samples, samples) {
            XCTAssertEqual(read.t, written.t, accuracy: 1e-6)
            XCTAssertEqual(read.present, written.present)
            if written.present {
                XCTAssertEqual(read.x, written.x, accuracy: 1e-6)
                XCTAssertEqual(read.y, written.y, accuracy: 1e-6)
                XCTAssertEqual(read.confidence, written.confidence, accuracy: 1e-3)
            }
        }
    }

    func testSamplesReachTheFileAsTheyAreWritten() throws {
        let path = directory.appendingPathComponent("live.csv").path
        let writer = try TraceWriter(path: path, metadata: TraceMetadata())
        try writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        // A crash now would leave the temporary file: it must already hold a parseable trace.
        let partial = try TraceReader.read(path: writer.temporaryPath)
        XCTAssertEqual(partial.samples.count, 1)
        writer.discard()
        XCTAssertFalse(FileManager.default.fileExists(atPath: writer.temporaryPath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testUnwritableFolderIsAClearError() {
        XCTAssertThrowsError(try TraceWriter(path: "/nonexistent/dir/t.csv", metadata: TraceMetadata())) { error in
            XCTAssertTrue("\(error)".hasPrefix("trace /nonexistent/dir/t.csv: cannot be created"), "\(error)")
        }
    }

    func testFullDiskKeepsWhatWasWrittenParseable() throws {
        let disk = try SmallDisk.mountOrSkip(at: directory.appendingPathComponent("small").path, size: "16k")
        defer { disk.unmount() }
        let path = disk.path + "/take.csv"
        let writer = try TraceWriter(path: path, metadata: TraceMetadata([("source", "disk-full test")]))
        var written = 0
        var failure: Error?
        for i in 0..<10_000 {
            do {
                try writer.write(HandSample(t: Double(i) / 30, x: 0.5, y: 0.25, present: true))
                written += 1
            } catch {
                failure = error
                break
            }
        }
        XCTAssertTrue("\(failure.map { "\($0)" } ?? "no error")".contains("No space left on device"))
        XCTAssertNoThrow(try writer.write(HandSample(t: 1000, x: 0.5, y: 0.5, present: true)), "later samples are ignored")
        XCTAssertThrowsError(try writer.finish(), "finish reports the earlier failure")
        let saved = try TraceReader.read(path: path)
        XCTAssertGreaterThan(saved.samples.count, 100)
        XCTAssertLessThanOrEqual(saved.samples.count, written)
    }

    /// A disk with no room for even the header: a runtime failure naming the reason, and no file left behind (neither
    /// the temporary of a whole trace nor the name of a live take).
    func testNoRoomForTheHeaderLeavesNoFile() throws {
        let disk = try SmallDisk.mountOrSkip(at: directory.appendingPathComponent("small").path, size: "16k")
        defer { disk.unmount() }
        try Data(count: 16 * 1_024).write(to: URL(fileURLWithPath: disk.path + "/filler"))  // the whole disk
        for mode in [TraceWriter.Mode.wholeFile, .liveTake] {
            XCTAssertThrowsError(try TraceWriter(path: disk.path + "/take.csv", metadata: TraceMetadata(), mode: mode)) { error in
                XCTAssertTrue("\(error)".contains("cannot be written (No space left on device)"), "\(error)")
                XCTAssertEqual((error as? TraceError)?.failureKind, .runtime)
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["filler"], "\(mode): a file was left")
        }
    }
}
